// Beyond the seeds: Rau's iterative modulo scheduling (MICRO 1994) as a repair rung. When every
// arm of the ladder has failed at this II, ops are placed in HeightR order; an op with no free
// row in its II-cycle window is forced into one, and whatever stands in its way — RRT holders,
// seated neighbours whose dependence it breaks, group mates at another depth — is evicted and
// re-queued. A budget of steps bounds the search. The gate predicates G2-G4 define legality
// (G1 orders the arms' attempts and does not apply here).
#pragma once

#include <cstdint>

#include "generate/seeds/PlacementState.h"

namespace tilesched {

// Places every unseated op (seated ops may be evicted). True when the state is complete.
bool iterativeRepair(PlacementState &st, int64_t budget);

}  // namespace tilesched
