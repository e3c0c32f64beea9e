#include "target/ModuloOccupancy.h"

#include <algorithm>
#include <tuple>

namespace tilesched {

namespace {

void appendUnits(std::vector<OccupiedUnit> &units, int node, int64_t cycle, const Footprint &fp, int64_t ii) {
  for (size_t k = 0; k < fp.size(); ++k)
    for (int r : fp[k]) units.push_back({moduloRow(cycle, static_cast<int64_t>(k), ii), r, node, static_cast<int>(k)});
}

// std::sort in place, not support/Sort.h: the trace's JSON sorts the units of every entry, and
// stableSortBy's copies and indirect calls doubled footprintOccupancy's cost there.
void sortUnits(std::vector<OccupiedUnit> &units) {
  std::sort(units.begin(), units.end(), [](const OccupiedUnit &a, const OccupiedUnit &b) {
    return std::tie(a.row, a.resource, a.node, a.footprintRow) < std::tie(b.row, b.resource, b.node, b.footprintRow);
  });
}

}  // namespace

std::vector<OccupiedUnit> footprintOccupancy(int node, int64_t cycle, const Footprint &footprint, int64_t ii) {
  std::vector<OccupiedUnit> units;
  appendUnits(units, node, cycle, footprint, ii);
  sortUnits(units);
  return units;
}

std::vector<OccupiedUnit> moduloOccupancy(const std::vector<int64_t> &cycles, const std::vector<OpResources> &resources,
                                          int64_t ii) {
  std::vector<OccupiedUnit> units;
  const size_t n = std::min(cycles.size(), resources.size());
  for (size_t v = 0; v < n; ++v) appendUnits(units, static_cast<int>(v), cycles[v], resources[v].footprint, ii);
  sortUnits(units);
  return units;
}

}  // namespace tilesched
