// TileASGenerateSchedule: region summary, generator selection (seed 000) and dispatch to the
// serial or cost-based generator. Publishes a ScheduleAnalysis.
#pragma once

#include "contract/ScheduleAnalysis.h"
#include "contract/ModuloProblem.h"
#include "support/Diagnostics.h"

namespace tilesched {

RegionSummary summarizeRegion(const ModuloProblem &in);
GeneratorSelection selectGenerator(const RegionSummary &s, const ScheduleOptions &opts);

ScheduleAnalysis generateSerialSchedule(const ModuloProblem &in, DiagnosticEngine &diags);
// `proposedCheck` vets the exact search's and the SAT compaction's schedules before they are kept
// (contract/ModuloProblem.h says why mid-search); null keeps them unchecked.
ScheduleAnalysis generateCostBasedSchedule(const ModuloProblem &in, const ScheduleOptions &opts,
                                           DiagnosticEngine &diags,
                                           const ProposedScheduleCheck *proposedCheck = nullptr);

// "one iteration needs at least N cycles, beyond the cycle limit of 1073741824": why a block
// whose schedule cannot fit the cycle limit (support/Limits.h) failed, for both generators.
std::string cycleLimitMessage(int64_t cycles);

ScheduleAnalysis generateSchedule(const ModuloProblem &in, const ScheduleOptions &opts, DiagnosticEngine &diags,
                                  const ProposedScheduleCheck *proposedCheck = nullptr);

// --triton-latency: moves ops of a generated schedule to later stages, by multiples of II, until
// the users of each op v start at least stageLatency[v] stages after it (Triton's tt.latency);
// then each moved op starts as early as that allows (the settled schedule `a` holds after).
// stageLimit[v] > 0 keeps v below that stage (max_depth). On success `moved` ops changed stage;
// `blockedBy` >= 0 names an op the latencies cannot be met for (`blockedByWhy`: a recurrence, its
// max_depth, or a start past the cycle limit), and the schedule is left as it was.
struct SteeringResult {
  enum class Blocked { Recurrence, MaxDepth, CycleLimit };
  int moved = 0;
  int blockedBy = -1;
  Blocked blockedByWhy = Blocked::Recurrence;
  // When ops moved: the schedule before settling, valid by construction, which the caller keeps
  // instead (useShiftedSchedule) when the checker rejects the settled one.
  std::vector<int> shiftedStart;
  std::vector<int> completion;
  bool stagesProven = false;  // the generator's claim before steering
};
SteeringResult steerStagesByLatency(ScheduleAnalysis &a, const ModuloProblem &problem,
                                    const std::vector<int> &stageLatency, const std::vector<int> &stageLimit);
void useShiftedSchedule(ScheduleAnalysis &a, const SteeringResult &steered);

}  // namespace tilesched
