// Independent schedule checker (SPEC §4.8). Includes nothing of the generators: it recomputes
// every constraint from the dependence graph, the resolved footprints and the constraint slots,
// one check per constraint kind (as CIRCT's lib/Scheduling verifies a Problem); the problem's own
// input rules are ModuloProblem::defects(), stated once in contract/.
#pragma once

#include <vector>

#include "contract/CheckedSchedule.h"
#include "contract/ScheduleAnalysis.h"
#include "contract/ModuloProblem.h"

namespace tilesched {

// What a schedule must satisfy is the problem; without its `constraints` the seed 004 kinds are
// not checked.
std::vector<Violation> checkSchedule(const ModuloProblem &problem, int ii, const std::vector<CheckedOp> &ops);

// A solution as the checker reads it: each op's stage, order and cycle.
std::vector<CheckedOp> toCheckedOps(const ScheduleAnalysis &a);
// The solution a solver published, against the problem (checkSchedule at its II).
std::vector<Violation> verify(const ModuloProblem &problem, const ScheduleAnalysis &a);

// The dependence and resource rules (the problem without its seed 004 constraints): what the
// cost-based generator and latency steering keep a schedule they propose to.
class ProposedScheduleChecker final : public ProposedScheduleCheck {
public:
  bool accepts(const ModuloProblem &problem, const ScheduleAnalysis &proposed) const override;
};

}  // namespace tilesched
