// Publishing start cycles as a ScheduleAnalysis: stages, orders and the stage count. Shared by
// the cost-based generator and the tt.latency steering that moves its ops by multiples of II.
#pragma once

#include <vector>

#include "contract/ScheduleAnalysis.h"

namespace tilesched {

// Cycles shift by a multiple of II so the first stage is 0 (rows, stages relative to each other
// and every constraint are unchanged); order ranks ops by (cycle, program order) in their stage.
// `completion[v]` is how long op v keeps its stage busy: max(latency, footprint rows, 1).
void publishSchedule(ScheduleAnalysis &a, int ii, std::vector<int> start, const std::vector<int> &completion);

// The stage count publishSchedule gives these start cycles: the II windows from the first op's
// stage up to the last completion.
int countStages(int ii, const std::vector<int> &start, const std::vector<int> &completion);

}  // namespace tilesched
