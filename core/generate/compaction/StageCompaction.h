// Beyond the seeds: the fewest stages at the II, then the shortest value lifetimes
// (docs/decisions.md, "Fewest stages"). The II search minimises the II only; its schedule may
// span twice the stages it needs, and every stage a value crosses is one more buffer.
//
// With the II fixed, "at most S stages" is a horizon: every op starts at cycle >= 0 and completes
// by S * II, so each op has a window [depth(v), S * II - tail(v)] (tail: the longest path from v
// to any op's completion; max_depth bounds it the same way). The stage bound, ceil(max(depth +
// tail) / II), rises while the units some ops must hold inside a flat interval overfill the rows
// it folds onto. First the II search's rows keep
// their packing of the reservation table and every op takes its earliest stage (a longest-path
// fixed point: the fewest stages those rows allow). Then a branch and bound over the cycles of
// the ops with a footprint or a same-depth group, each window narrowed by the distance closure
// from the ops placed before it: over a closed distance matrix the placed ops extend to every
// other op (a closed simple temporal network is decomposable), which settle at their longest
// paths. The descent asks for one stage fewer while it finds schedules; the climb from the
// critical-path bound (each op's depth plus its tail) proves stage counts infeasible by
// exhausting the tree. What that leaves open goes to the SAT solver (solveWindowsBySat: the
// same windows, every op modelled), climbing from the bound, then descending. Last, rows
// fixed, ops move whole stages while that lowers the stage boundaries their results cross
// (Eichenberger and Davidson's stage scheduling).
#pragma once

#include <cstdint>
#include <vector>

#include "contract/ModuloProblem.h"
#include "generate/seeds/ReservationTable.h"
#include "generate/TraceRecorder.h"
#include "generate/WorkBudget.h"

namespace tilesched {

struct CompactionOutcome {
  std::vector<int> start;  // the schedule kept: the given one unless one with fewer stages or crossings was found
  int stagesFrom = 0, stagesTo = 0;
  int64_t crossingsFrom = 0, crossingsTo = 0;
  int stageBound = 0;           // no schedule at this II has fewer stages
  bool solverSchedule = false;  // `start` is built on the SAT solver's schedule (it needs the checker)
};

// `start` is a valid schedule at `ii`. `limit` counts search nodes (one op tried at one cycle),
// each also charged to `budget`, and gives the solver limit / 4 conflicts (its models and
// conflicts charged to `budget` too); limit 0 only computes the critical-path bound.
CompactionOutcome compactStages(const ModuloProblem &p, const ResourceLayout &layout, int ii, std::vector<int> start,
                                int64_t limit, WorkBudget *budget, TraceRecorder &trace);

}  // namespace tilesched
