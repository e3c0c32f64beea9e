#include "target/ModuloOccupancy.h"

#include <algorithm>
#include <tuple>

namespace tilesched {

std::vector<OccupiedUnit> moduloOccupancy(const std::vector<int64_t> &cycles,
                                          const std::vector<OpResources> &resources, int64_t ii) {
  std::vector<OccupiedUnit> units;
  const size_t n = std::min(cycles.size(), resources.size());
  for (size_t v = 0; v < n; ++v) {
    const Footprint &fp = resources[v].footprint;
    for (size_t k = 0; k < fp.size(); ++k)
      for (int r : fp[k])
        units.push_back({moduloRow(cycles[v], static_cast<int64_t>(k), ii), r, static_cast<int>(v), static_cast<int>(k)});
  }
  std::sort(units.begin(), units.end(), [](const OccupiedUnit &a, const OccupiedUnit &b) {
    return std::tie(a.row, a.resource, a.node, a.footprintRow) < std::tie(b.row, b.resource, b.node, b.footprintRow);
  });
  return units;
}

}  // namespace tilesched
