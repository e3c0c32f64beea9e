// Footprint rows that no schedule can admit (SPEC §2.1): a slot is a singleton, so one row may
// list it once; a pool listed n times requests n units, at most its capacity. Shared by the
// model reader and the `sched.footprint` override, which locate the problem differently.
#pragma once

#include <cstddef>
#include <string>

#include "target/TargetModel.h"

namespace tilesched {

// Empty when the row is admissible; otherwise the reason, with `bad` set to the position in
// `row` of the listing that breaks it.
std::string checkFootprintRow(const TargetModel &m, const FootprintRow &row, size_t &bad);

}  // namespace tilesched
