// Pass steer (generate/LatencySteering, check/ScheduleChecker). Reads: BlockInput, TritonPart.triton, ConstraintPart,
// SchedulePart.analysis, and the problem. Publishes: SchedulePart.analysis with users moved to later
// stages, .steeredOps and .fromTtLatency. Runs on a cost-based schedule, and on any with
// --triton-latency; skipped for a block checked as written (read-pins).
#include <algorithm>

#include "generate/GenerateSchedule.h"
#include "pipeline/Pass.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

// Stages between an op and its users moved users of a generated schedule to later stages: Triton's
// tt.latency (--triton-latency), or by default on a cost-based schedule the stages Triton's
// AssignLatencies gives the loads its pipeliner turns into async copies (frontend/triton).
// When a shift is impossible the schedule stands: a warning for the user's tt.latency, a note for
// the pipelined loads.
int steerByTritonLatency(const BlockResult &r, ScheduleAnalysis &a, const ModuloProblem &problem,
                         const ProposedScheduleCheck &checker, bool requested, DiagnosticEngine &diags) {
  std::vector<int> latency, limit;
  for (size_t v = 0; v < r.block.ops.size(); ++v) {
    const TritonOpSchedule *t = v < r.triton.ops.size() ? &r.triton.ops[v] : nullptr;
    latency.push_back(t ? t->pipelinedLatency : 0);
    limit.push_back(v < r.constraints.slots.size() ? static_cast<int>(r.constraints.slots[v].max_depth) : 0);
  }
  if (std::none_of(latency.begin(), latency.end(), [](int l) { return l > 0; })) return -1;
  SteeringResult s = steerStagesByLatency(a, problem, latency, limit);
  // The settled schedule is kept only if the independent checker accepts it; the shifted one is
  // valid by construction.
  if (!s.shiftedStart.empty() && !checker.accepts(problem, a)) useShiftedSchedule(a, s);
  if (s.blockedBy < 0) return s.moved;
  const std::string what = fromTtLatency(r) ? "tt.latency" : "Triton's pipelining of its loads";
  std::string why;
  switch (s.blockedByWhy) {
  case SteeringResult::Blocked::Recurrence:
    why = what + " cannot be met here: a loop-carried dependence brings the users of " +
          (fromTtLatency(r) ? "an op with tt.latency" : "a pipelined load") + " back to it";
    break;
  case SteeringResult::Blocked::MaxDepth: why = what + " would move this op past its max_depth"; break;
  case SteeringResult::Blocked::CycleLimit:
    why = what + " would move this op past cycle " + std::to_string(kMaxCycle) + " (the cycle limit)";
    break;
  }
  why += "; the schedule is kept as generated";
  if (requested) diags.warning(r.block.ops[s.blockedBy]->nameRange, why);
  else diags.note(r.block.ops[s.blockedBy]->nameRange, why);
  return s.moved;
}

}  // namespace

bool fromTtLatency(const BlockResult &s) {
  return std::any_of(s.triton.ops.begin(), s.triton.ops.end(),
                     [](const TritonOpSchedule &o) { return o.latency.has_value(); });
}

int steerSchedule(const BlockResult &s, ScheduleAnalysis &a, const DependenceGraph &graph, const PassContext &ctx,
                  DiagnosticEngine &diags) {
  if (!s.options.tritonLatency && a.generator != GeneratorKind::CostBased) return -1;
  return steerByTritonLatency(s, a, problemOf(s, graph, blockModel(s, ctx)), ctx.proposedCheck, s.options.tritonLatency,
                              diags);
}

bool steerPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (s.asWritten()) return true;
  s.steeredOps = steerSchedule(s, s.analysis, s.graph, ctx, diags);
  if (s.steeredOps >= 0) s.fromTtLatency = fromTtLatency(s);
  return true;
}

}  // namespace tilesched
