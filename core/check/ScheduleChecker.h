// Independent schedule checker (SPEC §4.8). Includes nothing of the generators: it recomputes
// every constraint from the dependence graph, the resolved footprints and the constraint slots,
// one check per constraint kind (as CIRCT's lib/Scheduling verifies a Problem); the problem's own
// input rules are SchedulingProblem::defects(), stated once in contract/.
#pragma once

#include <vector>

#include "contract/CheckedSchedule.h"
#include "contract/SchedulingProblem.h"

namespace tilesched {

// What a schedule must satisfy is the problem; without its `constraints` the seed 004 kinds are
// not checked.
std::vector<Violation> checkSchedule(const SchedulingProblem &problem, int ii, const std::vector<CheckedOp> &ops);

}  // namespace tilesched
