#include "target/FootprintCheck.h"

#include "target/ModuloOccupancy.h"

namespace tilesched {

std::string checkFootprintRow(const TargetModel &m, const FootprintRow &row, size_t &bad) {
  for (size_t i = 0; i < row.size(); ++i) {
    int listed = 0;
    for (size_t j = 0; j <= i; ++j) listed += row[j] == row[i];
    const Resource &r = m.resources[static_cast<size_t>(row[i])];
    if (listed <= unitLimit(r)) continue;
    bad = i;
    if (r.isSlot) return "slot '" + r.name + "' is listed twice in one row; a slot is a singleton";
    return "row requests " + std::to_string(listed) + " units of pool '" + r.name + "', whose capacity is " +
           std::to_string(r.capacity);
  }
  return "";
}

}  // namespace tilesched
