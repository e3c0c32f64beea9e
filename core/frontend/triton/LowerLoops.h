// Triton's LowerLoops (Pipeliner/LowerLoops.cpp) as far as it decides which loads of an already
// scheduled loop become async copies.
#pragma once

#include "frontend/triton/Schedule.h"

namespace tilesched {

// A loop Triton has already scheduled (`loop.stage` on its ops) is lowered by its stages:
// LowerLoops makes a load an async copy only when its users are in later stages, and the copy
// runs that many stages ahead (the fewest over its users; a user in the load's own stage keeps
// the load synchronous: pipeline-lower-loop's non_pipelined_op).
// Fills `pipelinedLatency` of each staged load from the stages and returns true; false (nothing
// set) when no op of the block carries `loop.stage`.
bool latenciesFromStages(const ScheduledBlock &block, TritonSchedule &t);

}  // namespace tilesched
