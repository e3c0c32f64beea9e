// Resources: the modulo reservation table recomputed from the footprints (SPEC §3, §4.8).
#include <algorithm>
#include <cstdint>

#include "check/Checks.h"
#include "target/ModuloOccupancy.h"

namespace tilesched::check {

namespace {

// Occupants listed in a resource message; the count of the rest is still given.
constexpr size_t kMaxListedOccupants = 8;

}  // namespace

// Units per (modulo row, resource) as target/ModuloOccupancy folds them and limits them (the
// rule, not a generator's table).
void checkResources(CheckContext &c) {
  const int ii = c.ii;
  std::vector<int64_t> cycles;
  for (int i = 0; i < c.numNodes(); ++i) cycles.push_back(c.cycle(i));
  const std::vector<OccupiedUnit> units = moduloOccupancy(cycles, c.problem.resources, ii);
  for (size_t begin = 0; begin < units.size();) {
    size_t end = begin;
    while (end < units.size() && units[end].row == units[begin].row && units[end].resource == units[begin].resource)
      ++end;
    const Resource &res = c.problem.model.resources[units[begin].resource];
    const int limit = unitLimit(res);
    const size_t held = end - begin;
    if ((int64_t)held > limit) {
      const OccupiedUnit &over = units[begin + std::max(limit, 0)];
      std::string msg = "modulo row " + std::to_string(units[begin].row) + " (II " + std::to_string(ii) + "): ";
      if (res.isSlot) msg += "slot " + res.name + " is held " + std::to_string(held) + " times, at most once per row: ";
      else
        msg += "pool " + res.name + " holds " + std::to_string(held) + " units, capacity " +
               std::to_string(res.capacity) + ": ";
      for (size_t j = begin; j < end && j - begin < kMaxListedOccupants; ++j) {
        if (j > begin) msg += ", ";
        msg += c.name(units[j].node) + " (cycle " + std::to_string(c.cycle(units[j].node)) + ", footprint row " +
               std::to_string(units[j].footprintRow) + ")";
      }
      if (held > kMaxListedOccupants) msg += " and " + std::to_string(held - kMaxListedOccupants) + " more";
      Violation &v = c.add(Violation::Kind::Resource, over.node, units[begin].node, msg);
      v.row = units[begin].row;
      v.resource = res.name;
    }
    begin = end;
  }
}

}  // namespace tilesched::check
