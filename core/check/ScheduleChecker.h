// Independent schedule checker (SPEC §4.8). Shares no code with the generators: it recomputes
// every constraint from the dependence graph, the resolved footprints and the constraint slots,
// one check per constraint kind (as CIRCT's lib/Scheduling verifies a Problem).
#pragma once

#include <vector>

#include "contract/CheckedSchedule.h"
#include "contract/SchedulingProblem.h"

namespace tilesched {

// What a schedule must satisfy is the problem; without its `constraints` the seed 004 kinds are
// not checked.
std::vector<Violation> checkSchedule(const SchedulingProblem &problem, int ii, const std::vector<CheckedOp> &ops);

}  // namespace tilesched
