#include "generate/OptimalityProof.h"

#include <algorithm>

#include "generate/IIContext.h"
#include "generate/WindowSearch.h"
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
    Attempt a;
    const IIContext ctx(p_, layout_, ii);
    if (ctx.rejectNode >= 0) {
      note(ii, TraceOutcome::Infeasible, ctx.rejectReason);
      verdicts.push_back({ii, IIAttempt::Result::Infeasible, ctx.rejectNode, "", ctx.rejectReason});
      a.verdict = Verdict::Infeasible;
      return a;
    }
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
        if (out == ExactOutcome::Infeasible) {
          const std::string why =
              "a recurrence of " + std::to_string(fc.ops[c].size()) + " ops with a footprint has no schedule";
          note(ii, TraceOutcome::Infeasible, why);
          verdicts.push_back({ii, IIAttempt::Result::Infeasible, -1, "", why});
          a.verdict = Verdict::Infeasible;
          return a;
        }
      }
    }
    WindowSearch search(ctx, fc, std::move(all));
    const ExactOutcome out = search.run(end - used_, budget_);
    used_ += search.nodes();
    if (out == ExactOutcome::Found) {
      a.verdict = Verdict::Found;
      a.start = search.completeSchedule();
      note(ii, TraceOutcome::Found, "the exact search found a schedule");
    } else if (out == ExactOutcome::Infeasible) {
      a.verdict = Verdict::Infeasible;
      note(ii, TraceOutcome::Infeasible, "the exact search exhausted every placement");
      verdicts.push_back({ii, IIAttempt::Result::Infeasible, -1, "", "the exact search exhausted every placement"});
    } else {
      note(ii, TraceOutcome::Open, "the search budget ran out");
      verdicts.push_back({ii, IIAttempt::Result::CutShort, -1, "", "the exact search's budget ran out at this II"});
    }
    return a;
  }

private:
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

}  // namespace

ProofOutcome proveLowerBound(const ModuloProblem &p, const ResourceLayout &layout, int mii, int ii,
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

}  // namespace tilesched
