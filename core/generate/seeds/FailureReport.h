// The seed 001 failure report: candidate II, the op's duration and footprint, the RRT rows at
// the conflicting modulo cycles with their holders, the op's dependence window, the resource
// (pool when one rejected it) that vetoed the candidate, and its group and would-be stage/order.
#pragma once

#include <string>

#include "generate/seeds/PlacementState.h"

namespace tilesched {

PlacementFailure describePlacementFailure(const PlacementState &st, int op, std::string cause);

}  // namespace tilesched
