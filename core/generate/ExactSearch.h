// Beyond the seeds: an exact search for small blocks, run when the ladder and the repair rung
// both fail at an II. A start cycle is t = II * stage + row: the RRT only sees rows, and once
// every row is fixed the stages form a system of difference constraints
//   stage(v) - stage(u) >= ceil((row(u) - row(v) + dist(u, v)) / II)
// over the distance closure, plus same depth (equal stages) and max_depth (stage within the
// first max_depth stages of an anchor). Branch and bound enumerates rows in most-connected-first
// order, pruning on the RRT and on a positive cycle in the incrementally closed stage system.
// Without stage constraints the first op's row is fixed (schedules are rotation invariant).
#pragma once

#include <cstdint>

#include "generate/PlacementState.h"

namespace tilesched {

enum class ExactOutcome { Found, Infeasible, BudgetExhausted };

// `st` must be empty; on Found it holds a complete schedule.
ExactOutcome exactModuloSearch(PlacementState &st, int64_t nodeBudget);

}  // namespace tilesched
