// TileASGenerateSchedule: region summary, generator selection (seed 000) and dispatch to the
// serial or cost-based generator. Publishes a ScheduleAnalysis.
#pragma once

#include "contract/ScheduleAnalysis.h"
#include "contract/SchedulingProblem.h"
#include "support/Diagnostics.h"

namespace tilesched {

RegionSummary summarizeRegion(const SchedulingProblem &in);
GeneratorSelection selectGenerator(const RegionSummary &s, const ScheduleOptions &opts);

ScheduleAnalysis generateSerialSchedule(const SchedulingProblem &in, DiagnosticEngine &diags);
ScheduleAnalysis generateCostBasedSchedule(const SchedulingProblem &in, const ScheduleOptions &opts,
                                           DiagnosticEngine &diags);

// "one iteration needs at least N cycles, beyond the cycle limit of 1073741824": why a block
// whose schedule cannot fit the cycle limit (support/Limits.h) failed, for both generators.
std::string cycleLimitMessage(int64_t cycles);

ScheduleAnalysis generateSchedule(const SchedulingProblem &in, const ScheduleOptions &opts, DiagnosticEngine &diags);

// --triton-latency: moves ops of a generated schedule to later stages, by multiples of II, until
// the users of each op v start at least stageLatency[v] stages after it (Triton's tt.latency);
// then each moved op starts as early as that allows (kept if problem.checkProposed accepts it).
// stageLimit[v] > 0 keeps v below that stage (max_depth). On success `moved` ops changed stage;
// `blockedBy` >= 0 names an op the latencies cannot be met for (`blockedByWhy`: a recurrence, its
// max_depth, or a start past the cycle limit), and the schedule is left as it was.
struct SteeringResult {
  enum class Blocked { Recurrence, MaxDepth, CycleLimit };
  int moved = 0;
  int blockedBy = -1;
  Blocked blockedByWhy = Blocked::Recurrence;
};
SteeringResult steerStagesByLatency(ScheduleAnalysis &a, const SchedulingProblem &problem,
                                    const std::vector<int> &stageLatency, const std::vector<int> &stageLimit);

}  // namespace tilesched
