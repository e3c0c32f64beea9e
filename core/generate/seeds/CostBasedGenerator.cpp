// The cost-based generator (seeds 000-002): MII bounds, the II cap, the refinement loop over
// candidate IIs, and the published ScheduleAnalysis. Unlike the serial path (seed 000 QUIRK),
// it honours every constraint: force_serial_execution, max_depth, same depth, pools.
#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

#include "generate/seeds/ConstraintLifting.h"
#include "generate/seeds/ConstraintRefinement.h"
#include "generate/GenerateSchedule.h"
#include "generate/GraphAlgorithms.h"
#include "generate/seeds/MiiBounds.h"
#include "generate/exact/OptimalityProof.h"
#include "generate/PublishSchedule.h"
#include "generate/compaction/StageCompaction.h"
#include "generate/seeds/StructuralDistance.h"
#include "generate/WorkBudget.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

std::string describeBounds(const ModuloProblem &p, const MIIBounds &b, int cap) {
  std::string s = "MII " + std::to_string(b.lower()) + " = max(resource " + std::to_string(b.resource);
  if (!b.resourceBinding.empty()) s += " ['" + b.resourceBinding + "']";
  s += ", recurrence " + std::to_string(b.recurrence);
  if (!b.criticalCycle.empty()) {
    s += " [";
    for (int v : b.criticalCycle) s += p.nodeNames[v] + " -> ";
    s += p.nodeNames[b.criticalCycle.front()] + "]";
  }
  s += ", fine-density " + std::to_string(b.fineDensity) + ", dependency " + std::to_string(b.dependency) +
       "); II cap " + std::to_string(cap);
  return s;
}

PlacementFailure plainFailure(const ModuloProblem &p, int node, int ii, std::string message) {
  PlacementFailure f;
  f.ii = ii;
  f.node = node;
  if (node >= 0) {
    f.duration = p.duration(node);
    f.footprint = p.footprint[node];
    f.group = p.group[node] >= 0 ? p.groupGid[p.group[node]] : 0;
  }
  f.message = std::move(message);
  return f;
}

// Each op keeps its stage busy for its latency or footprint, at least one cycle.
void publish(ScheduleAnalysis &a, const ModuloProblem &p, int ii, std::vector<int> start) {
  std::vector<int> completion(p.numNodes);
  for (int v = 0; v < p.numNodes; ++v) completion[v] = p.completion(v);
  publishSchedule(a, ii, std::move(start), completion);
}

// A warning at the lifted constraint's attribute on its first op.
void warnLifted(const ModuloProblem &in, const ModuloProblem &p, const LiftedConstraint &c, DiagnosticEngine &diags) {
  if (!in.block || c.nodes.front() >= static_cast<int>(in.block->ops.size())) return;
  const Operation &op = *in.block->ops[c.nodes.front()];
  const bool maxDepth = c.kind == LiftedConstraint::Kind::MaxDepth;
  const Attribute *at = op.lookupAttr(maxDepth ? kAttrMaxDepth : kAttrGid);
  if (!at && !maxDepth) at = op.lookupAttr(kAttrLeaderGid);
  const std::string consequence = maxDepth ? p.nodeNames[c.nodes.front()] + " may run in a later stage"
                                           : std::string("its ops may run in different stages");
  diags.warning(at ? at->range : op.nameRange,
                "a refinement round lifted " + describeLifted(p, c) +
                    ", which alone needs II >= " + std::to_string(c.bound) +
                    ": no schedule up to the II cap kept every constraint (seed 003: a later round lifts a "
                    "constraint when the schedule becomes infeasible), so " +
                    consequence,
                MessageData(MessageId::ConstraintLifted)
                    .with(MessageFieldId::Constraint, describeLifted(p, c))
                    .with(MessageFieldId::Bound, c.bound)
                    .with(MessageFieldId::Consequence, consequence)
                    .with(MessageFieldId::Seed, "003"));
}

// What stopped each II below `ii` that was searched, ascending: the II search's rounds, then the
// optimality proof's verdicts, a later word replacing an earlier one unless that one was a proof.
std::vector<IIAttempt> attemptsBelow(const std::vector<IIAttempt> &rounds, const std::vector<IIAttempt> &proof,
                                     int ii) {
  std::map<int, IIAttempt> byII;
  for (const std::vector<IIAttempt> *list : {&rounds, &proof})
    for (const IIAttempt &x : *list) {
      if (x.ii >= ii) continue;
      auto it = byII.find(x.ii);
      if (it == byII.end()) byII.emplace(x.ii, x);
      else if (it->second.result != IIAttempt::Result::Infeasible) it->second = x;
    }
  std::vector<IIAttempt> out;
  for (auto &[at, x] : byII) out.push_back(std::move(x));
  return out;
}

// The II range one search covers: the MII, the cap and their description for messages.
struct IIRange {
  int lower = 0;
  int cap = 0;
  std::string bounds;
  SerialFallback serial;
};

// The II range of `p`, or nothing (with a's failure set) when no II can hold the block: an
// infeasible bound, an iteration past the cycle limit, or a cap below the MII.
std::optional<IIRange> boundIIRange(const ModuloProblem &p, const ScheduleOptions &opts, ScheduleAnalysis &a,
                                    TraceRecorder &trace) {
  const MiiAnalysis mii = computeMiiBounds(p);
  if (mii.infeasible) {
    a.failure = plainFailure(p, mii.infeasibleNode, 0, mii.infeasibleReason);
    trace.record(0, TraceArm::Bounds, mii.infeasibleNode, -1, TraceOutcome::Infeasible, mii.infeasibleReason);
    return std::nullopt;
  }
  // Every cycle stays below the cycle limit (support/Limits.h); the longest dependence chain of
  // one iteration is a floor on the last cycle at every II.
  const std::vector<int64_t> asap = asapDistanceZero(p);
  int64_t span = 0;
  for (int v = 0; v < p.numNodes; ++v) span = std::max(span, asap[v] + p.completion(v));
  if (span > kMaxCycle) {
    a.failure = plainFailure(p, -1, 0, cycleLimitMessage(span));
    trace.record(0, TraceArm::Bounds, -1, -1, TraceOutcome::Infeasible, a.failure->message);
    return std::nullopt;
  }
  a.mii = mii.bounds;
  IIRange r;
  r.lower = mii.bounds.lower();
  r.serial = buildSerialFallback(p);
  int64_t fallbackCap = r.lower;
  if (!r.serial.available)  // zero-latency distance-0 cycles: stretch by every op's length instead
    for (int v = 0; v < p.numNodes; ++v) fallbackCap += p.completion(v);
  r.cap = opts.iiCap > 0
              ? opts.iiCap
              : std::max(r.lower,
                         r.serial.available ? r.serial.ii : static_cast<int>(std::min<int64_t>(fallbackCap, 1 << 30)));
  r.bounds = describeBounds(p, mii.bounds, r.cap);
  trace.record(r.lower, TraceArm::Bounds, -1, -1, TraceOutcome::Mii, r.bounds);
  if (r.lower > r.cap) {
    a.failure = plainFailure(p, -1, r.cap,
                             "the II cap " + std::to_string(r.cap) + " is below the lower bound " +
                                 std::to_string(r.lower) + " (" + r.bounds + ")");
    return std::nullopt;
  }
  return r;
}

// Which budget stopped the II search early (docs/decisions.md, "Limits"), in words and as data:
// the option that set the budget and its value.
struct SpentBudget {
  bool work = false;
  const ScheduleOptions &opts;

  std::string words() const {
    return work ? "the work budget (--work-budget=" + std::to_string(opts.workBudget) + " seat probes)"
                : "the refinement budget (--max-constraint-iterations=" + std::to_string(opts.maxConstraintIterations) +
                      ")";
  }
  MessageData data(MessageId id) const {
    return work ? MessageData(id)
                      .with(MessageFieldId::Option, "work-budget")
                      .with(MessageFieldId::Value, opts.workBudget)
                : MessageData(id)
                      .with(MessageFieldId::Option, "max-constraint-iterations")
                      .with(MessageFieldId::Value, opts.maxConstraintIterations);
  }
};

// The failure and notes of a search that scheduled no II up to the cap.
void reportUnscheduled(ScheduleAnalysis &a, const ModuloProblem &p, const RefinementOutcome &out, const IIRange &range,
                       const SpentBudget &spent) {
  const int cap = range.cap;
  if (out.workSpent) {
    a.failure = plainFailure(p, -1, cap,
                             spent.words() + " ran out after " + std::to_string(out.rounds) +
                                 " round(s), before any II up to the cap " + std::to_string(cap) + " was scheduled");
    a.failure->data = spent.data(MessageId::BudgetRanOutUnscheduled)
                          .with(MessageFieldId::Rounds, out.rounds)
                          .with(MessageFieldId::Cap, cap);
  } else {
    a.failure =
        out.failure ? *out.failure : plainFailure(p, -1, cap, "the refinement budget ran out before any II was tried");
  }
  a.notes.push_back(range.bounds);
  if (out.failure)
    a.notes.push_back(out.provenInfeasibleAtFailure
                          ? "the exact search proved that no schedule exists at II " + std::to_string(out.failure->ii)
                          : "the placement heuristics found no schedule up to II " + std::to_string(out.failure->ii));
  if (out.truncated && !out.workSpent)
    a.notes.emplace_back(
        "the refinement stopped after " + std::to_string(out.rounds) + " round(s) (--max-constraint-iterations)",
        MessageData(MessageId::RefinementStopped)
            .with(MessageFieldId::Rounds, out.rounds)
            .with(MessageFieldId::Option, "max-constraint-iterations"));
}

// The note (and, while a smaller II may exist, the warning) of a search a budget cut short.
void reportTruncated(ScheduleAnalysis &a, const ModuloProblem &in, const RefinementOutcome &out,
                     const SpentBudget &spent, DiagnosticEngine &diags) {
  const bool proven = a.optimality.status == Optimality::Proven;
  const std::string outcome = out.rung == "serial-fallback" ? "serial-fallback"
                              : out.rung == "exact-search"  ? "exact-search"
                                                            : "smallest-found";
  const std::string msg =
      spent.words() + " ran out before the II search finished; " +
      (outcome == "serial-fallback" ? "falling back to serial execution at II " + std::to_string(out.ii)
       : outcome == "exact-search"  ? "the exact search then found II " + std::to_string(out.ii)
                                    : "keeping the smallest II found, " + std::to_string(out.ii)) +
      (proven ? ", the smallest that exists" : ", which may not be minimal");
  MessageData data = spent.data(MessageId::BudgetRanOut)
                         .with(MessageFieldId::Outcome, outcome)
                         .with(MessageFieldId::Ii, out.ii)
                         .with(MessageFieldId::Minimal, proven ? "proven" : "unknown");
  a.notes.emplace_back(msg, data);
  // A spent budget is worth a warning only while a smaller II may exist; once the proof says
  // none does, the result is the optimum and the budget's story is a note.
  if (in.block) {
    diags.report(proven ? Severity::Note : Severity::Warning, in.block->range, msg, std::move(data));
  }
}

// One search of the II range under the constraints `p` carries now, in at most `rounds` rounds,
// spending the block's work budget.
ScheduleAnalysis searchSchedule(const ModuloProblem &p, const ModuloProblem &in, const ScheduleOptions &opts,
                                int rounds, WorkBudget &budget, TraceRecorder &trace, DiagnosticEngine &diags,
                                const ProposedScheduleCheck *proposedCheck) {
  ScheduleAnalysis a;
  a.generator = GeneratorKind::CostBased;
  a.ops.assign(p.numNodes, {});
  const std::optional<IIRange> range = boundIIRange(p, opts, a, trace);
  if (!range) return a;
  const int lower = range->lower;

  const ResourceLayout layout(p.capacity);
  ScheduleOptions search = opts;
  search.maxConstraintIterations = rounds;
  LadderOptions ladder;
  ladder.budget = &budget;
  RefinementOutcome out = refineSchedule(p, layout, lower, range->cap, range->serial, search, ladder, trace);
  a.refinementStatus = out.status;
  a.budgetTruncated = out.truncated;
  a.refinementRounds = out.rounds;
  const SpentBudget spent{out.workSpent, opts};
  if (!out.found) {
    reportUnscheduled(a, p, out, *range, spent);
    return a;
  }
  // The certificate belongs here, not after the lifting loop: a search that finds a schedule ends
  // that loop, so this schedule is the final one and the proof runs once per block. It holds for
  // the constraints still in force (a lifted one no longer binds), and only this search's proven
  // IIs count: an II infeasible before a lift may be feasible after it.
  const ProofOutcome proof = proveLowerBound(p, layout, lower, out.ii, out.provenInfeasible, opts.proofBudget,
                                             satConflicts(opts.proofBudget), &budget, trace);
  int lowerBound = proof.lowerBound;
  if (proof.improved) {
    // The exact searches' schedule passes the independent checker before it replaces the
    // heuristic's; one that fails discredits their proofs too, so the bound falls back to the MII.
    ScheduleAnalysis proposed = a;
    publish(proposed, p, proof.ii, proof.start);
    if (!proposedCheck || proposedCheck->accepts(in, proposed)) {
      out.ii = proof.ii;
      out.start = proof.start;
      out.rung = "exact-search";
    } else {
      lowerBound = lower;
      a.notes.push_back("the exact search's schedule at II " + std::to_string(proof.ii) +
                        " failed the independent checker; keeping II " + std::to_string(out.ii));
    }
  }
  a.optimality = {lowerBound >= out.ii ? Optimality::Proven : Optimality::Bound, std::min(lowerBound, out.ii)};
  // With the II fixed, the fewest stages and then the shortest value lifetimes at it.
  CompactionOutcome compaction = compactStages(p, layout, out.ii, out.start, opts.compactionBudget, &budget, trace);
  if (compaction.solverSchedule && proposedCheck) {
    // A schedule built on the SAT solver's passes the independent checker before it is kept; one
    // that fails discredits the solver's stage proofs too: the II search's schedule stays, with
    // the critical-path bound.
    ScheduleAnalysis proposed = a;
    publish(proposed, p, out.ii, compaction.start);
    if (!proposedCheck->accepts(in, proposed)) {
      compaction = compactStages(p, layout, out.ii, std::move(out.start), 0, nullptr, trace);
      a.notes.push_back("the stage compaction's schedule at II " + std::to_string(out.ii) +
                        " failed the independent checker; keeping the II search's");
    }
  }
  a.optimality.stageBound = compaction.stageBound;
  a.optimality.stagesProven = compaction.stagesTo == compaction.stageBound;
  a.compaction = {opts.compactionBudget > 0, compaction.stagesFrom, compaction.stagesTo, compaction.crossingsFrom,
                  compaction.crossingsTo};
  publish(a, p, out.ii, std::move(compaction.start));
  a.below = attemptsBelow(out.unscheduled, proof.verdicts, out.ii);
  if (trace.enabled()) {
    std::vector<int> cycles(p.numNodes);
    for (int v = 0; v < p.numNodes; ++v) cycles[v] = a.ops[v].cycle;
    trace.record(a.ii, TraceArm::Result, -1, -1, TraceOutcome::Schedule,
                 "II " + std::to_string(a.ii) + " by " + out.rung + ", " + std::to_string(a.stageCount) +
                     " stage(s), structural distance " + std::to_string(InversionCounter::totalInversions(cycles)) +
                     " (Kendall-tau inversions against program order)");
  }
  if (out.truncated) reportTruncated(a, in, out, spent, diags);
  return a;
}

}  // namespace

ScheduleAnalysis generateCostBasedSchedule(const ModuloProblem &in, const ScheduleOptions &opts,
                                           DiagnosticEngine &diags, const ProposedScheduleCheck *proposedCheck) {
  if (std::string why = in.malformedNote(); !why.empty()) {
    ScheduleAnalysis a;
    a.generator = GeneratorKind::CostBased;
    a.notes.emplace_back(std::move(why));
    return a;
  }
  ModuloProblem p = in;  // a refinement round lifts constraints from this copy
  TraceRecorder trace(opts.trace, opts.traceLimit);
  if (opts.trace) {
    std::vector<size_t> units(p.numNodes, 0);
    for (int v = 0; v < p.numNodes; ++v)
      for (const FootprintRow &row : p.footprint[v]) units[v] += row.size();
    trace.weighUnits(std::move(units), opts.traceUnitLimit);
  }
  WorkBudget budget(opts.workBudget);
  ScheduleAnalysis a = searchSchedule(p, in, opts, opts.maxConstraintIterations, budget, trace, diags, proposedCheck);
  // seed 003: when no II up to the cap keeps every constraint, a later round lifts one and searches
  // again; each lift is one of the --max-constraint-iterations rounds. A spent budget proves
  // nothing, and an infeasible footprint or recurrence is no constraint's fault. When lifting
  // does not rescue the block, its failure under the constraints as written is reported.
  std::vector<LiftedConstraint> lifted;
  int rounds = a.refinementRounds;
  std::optional<ScheduleAnalysis> asWritten;
  while (!a.valid && a.mii && !a.budgetTruncated && rounds + 1 < opts.maxConstraintIterations) {
    std::optional<LiftedConstraint> lift = liftConstraint(p);
    if (!lift) break;
    ++rounds;
    if (trace.enabled())
      trace.record(a.failure ? a.failure->ii : 0, TraceArm::Refine, lift->nodes.front(), -1, TraceOutcome::Lift,
                   describeLifted(p, *lift) + " (alone it needs II >= " + std::to_string(lift->bound) +
                       "): no II up to the cap kept every constraint");
    lifted.push_back(std::move(*lift));
    if (!asWritten) asWritten = std::move(a);
    a = searchSchedule(p, in, opts, opts.maxConstraintIterations - rounds, budget, trace, diags, proposedCheck);
    rounds += a.refinementRounds;
  }
  if (!a.valid && asWritten) {
    a = std::move(*asWritten);
    lifted.clear();
  }
  for (const LiftedConstraint &c : lifted) warnLifted(in, p, c, diags);
  a.lifted = std::move(lifted);
  a.refinementRounds = rounds;
  a.trace = std::move(trace.entries());
  a.traceDropped = trace.dropped();
  a.workUsed = budget.limit() > 0 ? budget.limit() - budget.remaining() : 0;
  a.traceUnits = trace.listed();
  return a;
}

}  // namespace tilesched
