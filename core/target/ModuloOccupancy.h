// Which modulo row a footprint unit occupies: the one owner of the rule (seed 001: the RRT has one
// row per cycle modulo II; footprint row k of an op issued at cycle c holds row (c + k) mod II, so
// a footprint longer than II wraps onto the op's own earlier rows). The generators' reservation
// table, the checker, the pinned-schedule deriver and the JSON document's `rrt` all ask here.
#pragma once

#include <cstdint>
#include <vector>

#include "target/TargetModel.h"

namespace tilesched {

// In [0, ii) for every cycle, negative ones included; ii > 0.
inline int64_t moduloRow(int64_t cycle, int64_t footprintRow, int64_t ii) {
  const int64_t row = (cycle + footprintRow) % ii;
  return row < 0 ? row + ii : row;
}

// One unit of a slot or pool held in one modulo row.
struct OccupiedUnit {
  int64_t row = 0;
  int resource = 0;      // index into TargetModel::resources
  int node = 0;          // the holder
  int footprintRow = 0;  // k: the holder's footprint row that lands here
};

// The units one op issued at `cycle` holds, sorted like moduloOccupancy's (the trace's per-step
// table changes and candidate cells).
std::vector<OccupiedUnit> footprintOccupancy(int node, int64_t cycle, const Footprint &footprint, int64_t ii);

// Every unit that ops issued at `cycles[node]` hold on a table of `ii` rows, sorted by (row,
// resource, node, footprint row): the occupied cells only, so the result is as large as the
// footprints, whatever the II. A pool listed n times in a row is n units.
std::vector<OccupiedUnit> moduloOccupancy(const std::vector<int64_t> &cycles, const std::vector<OpResources> &resources,
                                          int64_t ii);

}  // namespace tilesched
