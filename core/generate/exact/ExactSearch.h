// Beyond the seeds: an exact search, run when the ladder and the repair rung both fail at an II
// and the block has few *searched ops* — ops with a footprint or a stage constraint (the other
// ops only have dependences, which longest paths settle once the searched ops are placed).
// A start cycle is t = II * stage + row: the RRT only sees rows, and once the rows of the
// searched ops are fixed their stages form a system of difference constraints
//   stage(v) - stage(u) >= ceil((row(u) - row(v) + dist(u, v)) / II)
// over the distance closure (which sees through the other ops), plus same depth (equal stages),
// max_depth (stage within the first max_depth stages) and depth (t >= the longest dependence
// path into the op, so every other op fits at cycle >= 0). Branch and bound enumerates rows in
// most-connected-first order, pruning on the RRT and on a positive cycle in the incrementally
// closed stage system. Without stage constraints the first row is fixed (rotation invariance).
#pragma once

#include <cstdint>
#include <vector>

#include "generate/seeds/PlacementState.h"
#include "generate/exact/WindowSearch.h"

namespace tilesched {

std::vector<int> exactSearchOps(const ModuloProblem &p);

// `st` must be empty; on Found it holds a complete schedule. The budget counts extensions of the
// stage system (one per row that passes the RRT); each also spends one unit of st.budget.
ExactOutcome exactModuloSearch(PlacementState &st, int64_t budget);

}  // namespace tilesched
