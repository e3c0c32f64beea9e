#include "generate/exact/OptimalityProof.h"

#include <algorithm>

#include "generate/seeds/IIContext.h"
#include "generate/sat/SatExact.h"
#include "generate/exact/WindowSearch.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

enum class Verdict { Infeasible, Found, Open };

struct Attempt {
  Verdict verdict = Verdict::Open;
  std::vector<int> start;
};

class Prover {
public:
  Prover(const ModuloProblem &p, const ResourceLayout &layout, int64_t limit, WorkBudget *budget, TraceRecorder &trace)
      : p_(p), layout_(layout), limit_(limit), budget_(budget), trace_(trace) {}

  int64_t remaining() const { return limit_ - used_; }

  // One II: each component with two or more footprint ops alone first (a relaxation that
  // often fails fast on a tight recurrence), then the whole block. `share` caps the nodes.
  std::vector<IIAttempt> verdicts;

  Attempt attempt(int ii, int64_t share) {
    const IIContext ctx(p_, layout_, ii);
    if (ctx.rejectNode >= 0) return rejected(ctx);
    Attempt a;
    const int64_t end = used_ + std::min(share, remaining());
    const FootprintComponents fc(ctx);
    std::vector<int> all(fc.ops.size()), parts;
    for (size_t c = 0; c < fc.ops.size(); ++c) {
      all[c] = static_cast<int>(c);
      if (fc.ops[c].size() >= 2) parts.push_back(static_cast<int>(c));
    }
    if (parts.size() > 1) {
      stableSortIndices(parts, [&](int x, int y) { return fc.ops[x].size() < fc.ops[y].size(); });
      for (int c : parts) {
        WindowSearch search(ctx, fc, {c});
        const ExactOutcome out = search.run((end - used_) / 2, budget_);
        used_ += search.nodes();
        if (out == ExactOutcome::Infeasible)
          return infeasible(
              ii, -1, "a recurrence of " + std::to_string(fc.ops[c].size()) + " ops with a footprint has no schedule");
      }
    }
    return whole(ctx, fc, end, "the exact search exhausted every placement", true);
  }

  // One II again, with interchangeable ops in program order (orderInterchangeableOps): first the
  // ops of each footprint shared by fewer than all, alone (dropping the other ops is a
  // relaxation; like ops that fill a slot are where the order cuts most), most ops first, each
  // with at most half of what is left of `share`, then the whole block with the rest. Only proofs
  // count: a cut-short search leaves the verdict the plain search gave, and a footprint without
  // interchangeable ops is not searched again.
  Attempt attemptOrdered(int ii, int64_t share) {
    const IIContext ctx(p_, layout_, ii);
    if (ctx.rejectNode >= 0) return rejected(ctx);
    const int64_t end = used_ + std::min(share, remaining());
    FootprintComponents fc(ctx);
    std::vector<int> count(fc.classRepresentative.size(), 0);
    int total = 0;
    for (const std::vector<int> &ops : fc.ops)
      for (int v : ops) ++count[fc.footprintClass[v]], ++total;
    for (int cls : stableOrder(count.size(), [&](int x, int y) { return count[x] > count[y]; })) {
      if (count[cls] < 2 || count[cls] == total) continue;
      FootprintComponents alone = fc.only(cls);
      const int64_t ordered = orderInterchangeableOps(ctx, alone, budget_);
      if (ordered < 0) return {};
      if (ordered == 0) continue;
      WindowSearch search(ctx, alone, allComponents(alone));
      const ExactOutcome out = search.run((end - used_) / 2, budget_);
      used_ += search.nodes();
      if (out == ExactOutcome::Infeasible)
        return infeasible(
            ii, fc.classRepresentative[cls],
            "the " + std::to_string(count[cls]) +
                " ops with this op's footprint have no schedule on their own (like ops in program order)");
      if (out == ExactOutcome::BudgetExhausted) return {};
    }
    if (orderInterchangeableOps(ctx, fc, budget_) <= 0) return {};
    return whole(ctx, fc, end, "the exact search, like ops in program order, exhausted every placement", false);
  }

private:
  static std::vector<int> allComponents(const FootprintComponents &fc) {
    std::vector<int> all(fc.ops.size());
    for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int>(c);
    return all;
  }

  Attempt rejected(const IIContext &ctx) {
    note(ctx.ii, TraceOutcome::Infeasible, ctx.rejectReason);
    verdicts.push_back({ctx.ii, IIAttempt::Result::Infeasible, ctx.rejectNode, "", ctx.rejectReason});
    return {Verdict::Infeasible, {}};
  }

  Attempt infeasible(int ii, int op, const std::string &why) {
    note(ii, TraceOutcome::Infeasible, why);
    verdicts.push_back({ii, IIAttempt::Result::Infeasible, op, "", why});
    return {Verdict::Infeasible, {}};
  }

  // The whole block's search, with `end` the node count to stop at; `cutShort`: a search the
  // budget stops says so among the verdicts.
  Attempt whole(const IIContext &ctx, const FootprintComponents &fc, int64_t end, const std::string &exhausted,
                bool cutShort) {
    Attempt a;
    WindowSearch search(ctx, fc, allComponents(fc));
    const ExactOutcome out = search.run(end - used_, budget_);
    used_ += search.nodes();
    if (out == ExactOutcome::Found) {
      a.verdict = Verdict::Found;
      a.start = search.completeSchedule();
      note(ctx.ii, TraceOutcome::Found, "the exact search found a schedule");
    } else if (out == ExactOutcome::Infeasible) {
      return infeasible(ctx.ii, -1, exhausted);
    } else {
      // Which budget cut it: the block's work budget, or this proof's node share.
      const bool work = budget_ && budget_->spent();
      note(ctx.ii, TraceOutcome::Open, work ? "the work budget ran out (--work-budget)" : "the search budget ran out");
      if (cutShort)
        verdicts.push_back(
            {ctx.ii, IIAttempt::Result::CutShort, -1, "",
             work ? "the work budget ran out at this II" : "the exact search's budget ran out at this II"});
    }
    return a;
  }

  void note(int ii, TraceOutcome outcome, const std::string &reason) {
    if (trace_.enabled()) trace_.record(ii, TraceArm::Optimality, -1, -1, outcome, reason);
  }

  const ModuloProblem &p_;
  const ResourceLayout &layout_;
  const int64_t limit_;
  WorkBudget *budget_;
  TraceRecorder &trace_;
  int64_t used_ = 0;
};

// The solver's turn on what the window search left open: first the lowest II not proven
// infeasible, once, with half of the conflicts (a schedule there is optimal at once, where the
// descent would pay a model and its conflicts per II on the way down: CHStone mips/graph1 reaches
// 26 from 30 within the default budget, aes/graph12 takes half the time); then the IIs just below
// the best schedule, while it keeps finding schedules (each with at most half of the conflicts
// left, so one hard II cannot starve the climb), then the climb from the lower bound, each II with
// at most an eighth of the budget. A climb either proves IIs in a few hundred conflicts each (CHStone
// blowfish/graph1: 66-79 in under 300 each) or not at all (aes/graph4 at 72 after 25,000).
// The models and conflicts are charged to the work budget as well, which bounds the time on
// large models; once it is spent the proof ends.
void satProof(const ModuloProblem &p, const ResourceLayout &layout, int ii, const std::vector<int> &knownInfeasible,
              int64_t conflicts, WorkBudget *budget, TraceRecorder &trace, ProofOutcome &out) {
  std::vector<int> infeasible = knownInfeasible;
  auto known = [&](int x) { return std::find(infeasible.begin(), infeasible.end(), x) != infeasible.end(); };
  int64_t left = conflicts;
  auto probe = [&](int target, int64_t share) {
    SatAnswer a;
    const IIContext ctx(p, layout, target);
    if (ctx.rejectNode >= 0) {
      a.verdict = SatVerdict::Infeasible;
    } else {
      a = solveIIBySat(ctx, share, budget);
      left -= a.conflicts;
    }
    if (a.verdict == SatVerdict::Infeasible) infeasible.push_back(target);
    if (trace.enabled()) {
      const std::string spent = " (" + std::to_string(a.conflicts) + " conflicts)";
      trace.record(target, TraceArm::Optimality, -1, -1,
                   a.verdict == SatVerdict::Feasible     ? TraceOutcome::Found
                   : a.verdict == SatVerdict::Infeasible ? TraceOutcome::Infeasible
                                                         : TraceOutcome::Open,
                   a.verdict == SatVerdict::Feasible     ? "the SAT solver found a schedule" + spent
                   : a.verdict == SatVerdict::Infeasible ? "the SAT solver proved that no schedule exists" + spent
                                                         : satOpenReason(a));
    }
    return a;
  };
  auto take = [&](int target, SatAnswer &a) {
    out.improved = true;
    out.ii = target;
    out.start = std::move(a.start);
  };
  // A spent work budget ends the proof (a cut probe says so in the trace).
  auto open = [&] { return left > 0 && !(budget && budget->spent()); };
  int best = out.improved ? out.ii : ii;
  while (out.lowerBound < best && known(out.lowerBound)) ++out.lowerBound;
  // The bound's question left open here stays open on the climb, which asks it with fewer conflicts.
  bool boundOpen = false;
  if (out.lowerBound < best - 1 && open()) {
    SatAnswer a = probe(out.lowerBound, left / 2);
    if (a.verdict == SatVerdict::Feasible) {
      take(out.lowerBound, a);
      best = out.lowerBound;
    } else if (a.verdict == SatVerdict::Infeasible) {
      ++out.lowerBound;
    } else {
      boundOpen = true;
    }
  }
  for (int target = best - 1; target > out.lowerBound && open() && !known(target); --target) {
    SatAnswer a = probe(target, left / 2);
    if (a.verdict != SatVerdict::Feasible) break;
    take(target, a);
    best = target;
  }
  while (out.lowerBound < best && open() && !boundOpen) {
    if (known(out.lowerBound)) {
      ++out.lowerBound;
      continue;
    }
    SatAnswer a = probe(out.lowerBound, std::min(left, conflicts / 8));
    if (a.verdict == SatVerdict::Infeasible) {
      ++out.lowerBound;
      continue;
    }
    if (a.verdict == SatVerdict::Feasible) take(out.lowerBound, a);
    break;
  }
  while (out.lowerBound < best && known(out.lowerBound)) ++out.lowerBound;
}

// Before the solver, the climb from the bound again with interchangeable ops in program order
// (Prover::attemptOrdered), `limit` nodes more: like ops that fill a one-unit slot make a
// pigeonhole that neither the plain search nor SAT decides (CHStone mips/graph1's 24 writes at
// II 24: open after 3·10^6 unordered nodes; at 24 and 25 after 10^5 conflicts) and the order
// decides in thousands.
// A lower-bound step only: the IIs it proves join `infeasible` and the bound stays, a schedule
// it finds stops it unused, so the solver's descent, which finds the schedules, is the one it
// would be without it (mips/graph1 at 26), only stopping at a proven II.
void orderedProof(const ModuloProblem &p, const ResourceLayout &layout, int ii, int64_t limit, WorkBudget *budget,
                  TraceRecorder &trace, ProofOutcome &out, std::vector<int> &infeasible) {
  auto known = [&](int x) { return std::find(infeasible.begin(), infeasible.end(), x) != infeasible.end(); };
  const int best = out.improved ? out.ii : ii;
  Prover prover(p, layout, limit, budget, trace);
  for (int target = out.lowerBound; target < best && prover.remaining() > 0 && !(budget && budget->spent()); ++target) {
    if (known(target)) continue;
    if (prover.attemptOrdered(target, prover.remaining()).verdict != Verdict::Infeasible) break;
    infeasible.push_back(target);
  }
  out.verdicts.insert(out.verdicts.end(), prover.verdicts.begin(), prover.verdicts.end());
}

ProofOutcome windowProof(const ModuloProblem &p, const ResourceLayout &layout, int mii, int ii,
                         const std::vector<int> &knownInfeasible, int64_t limit, WorkBudget *budget,
                         TraceRecorder &trace) {
  ProofOutcome out;
  out.lowerBound = mii;
  auto known = [&](int x) {
    return std::find(knownInfeasible.begin(), knownInfeasible.end(), x) != knownInfeasible.end();
  };
  while (out.lowerBound < ii && known(out.lowerBound)) ++out.lowerBound;
  if (out.lowerBound >= ii || limit <= 0 || p.hasStageConstraints()) return out;

  Prover prover(p, layout, limit, budget, trace);
  // The climb: with one II left it gets the whole budget, else half.
  const int64_t climb = ii - out.lowerBound == 1 ? limit : limit / 2;
  while (out.lowerBound < ii && prover.remaining() > limit - climb) {
    if (known(out.lowerBound)) {
      ++out.lowerBound;
      continue;
    }
    Attempt a = prover.attempt(out.lowerBound, climb - (limit - prover.remaining()));
    if (a.verdict == Verdict::Infeasible) {
      ++out.lowerBound;
      continue;
    }
    if (a.verdict == Verdict::Found) {
      out.improved = true;
      out.ii = out.lowerBound;
      out.start = std::move(a.start);
    }
    break;
  }
  if (out.improved || out.lowerBound >= ii) {
    out.verdicts = std::move(prover.verdicts);
    return out;
  }
  // The descent: schedules just below the heuristic's II, while the search keeps finding them.
  for (int target = ii - 1; target > out.lowerBound && prover.remaining() > 0; --target) {
    if (known(target)) break;
    Attempt a = prover.attempt(target, prover.remaining());
    if (a.verdict != Verdict::Found) break;
    out.improved = true;
    out.ii = target;
    out.start = std::move(a.start);
  }
  out.verdicts = std::move(prover.verdicts);
  return out;
}

}  // namespace

ProofOutcome proveLowerBound(const ModuloProblem &p, const ResourceLayout &layout, int mii, int ii,
                             const std::vector<int> &knownInfeasible, int64_t limit, int64_t conflicts,
                             WorkBudget *budget, TraceRecorder &trace) {
  ProofOutcome out = windowProof(p, layout, mii, ii, knownInfeasible, limit, budget, trace);
  std::vector<int> infeasible = knownInfeasible;
  if (!p.hasStageConstraints() && out.lowerBound < (out.improved ? out.ii : ii) && limit > 0)
    orderedProof(p, layout, ii, limit, budget, trace, out, infeasible);
  if (!p.hasStageConstraints() && out.lowerBound < (out.improved ? out.ii : ii) && conflicts > 0)
    satProof(p, layout, ii, infeasible, conflicts, budget, trace, out);
  while (out.lowerBound < (out.improved ? out.ii : ii) &&
         std::find(infeasible.begin(), infeasible.end(), out.lowerBound) != infeasible.end())
    ++out.lowerBound;
  return out;
}

}  // namespace tilesched
