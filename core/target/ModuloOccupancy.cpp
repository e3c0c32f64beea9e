#include "target/ModuloOccupancy.h"

#include <algorithm>
#include <tuple>

namespace tilesched {

namespace {

// Row of footprint row k: folded modulo ii, or k itself when ii == 0 (not folded).
int64_t foldedRow(int64_t k, int64_t ii) { return ii > 0 ? moduloRow(0, k, ii) : k; }

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

// (row, resource) of every unit of `f`, rows folded as foldedRow does, sorted.
std::vector<std::pair<int64_t, int>> foldedUnits(const Footprint &f, int64_t ii) {
  std::vector<std::pair<int64_t, int>> units;
  for (size_t k = 0; k < f.size(); ++k)
    for (int r : f[k]) units.emplace_back(foldedRow(static_cast<int64_t>(k), ii), r);
  std::sort(units.begin(), units.end());
  return units;
}

}  // namespace

std::vector<int> unitLimits(const TargetModel &model) {
  std::vector<int> limits;
  for (const Resource &r : model.resources) limits.push_back(unitLimit(r));
  return limits;
}

OverfilledCell firstOverfilled(const Footprint &footprint, int64_t ii, const std::vector<int> &limits) {
  const std::vector<std::pair<int64_t, int>> units = foldedUnits(footprint, ii);
  for (size_t i = 0; i < units.size();) {
    size_t j = i;
    while (j < units.size() && units[j] == units[i]) ++j;
    const int r = units[i].second;
    const int limit = r >= 0 && r < static_cast<int>(limits.size()) ? limits[r] : 0;
    if (static_cast<int>(j - i) > limit) return {units[i].first, r, static_cast<int>(j - i)};
    i = j;
  }
  return {};
}

ResourceLayout::ResourceLayout(const std::vector<int> &limits) : capacity_(limits) {
  const int n = static_cast<int>(limits.size());
  bitOf_.assign(n, -1);
  poolOf_.assign(n, -1);
  for (int r = 0; r < n; ++r) {
    if (limits[r] == 1) {
      bitOf_[r] = static_cast<int>(bitResource_.size());
      bitResource_.push_back(r);
    } else {
      poolOf_[r] = static_cast<int>(poolResource_.size());
      poolResource_.push_back(r);
    }
  }
  words_ = std::max<int>(1, (static_cast<int>(bitResource_.size()) + 63) / 64);
}

FoldedFootprint foldFootprint(const Footprint &f, int ii, const ResourceLayout &layout) {
  FoldedFootprint out;
  out.duration = static_cast<int>(f.size());
  const std::vector<std::pair<int64_t, int>> units = foldedUnits(f, ii);
  const int words = layout.words();
  for (size_t i = 0; i < units.size();) {
    const int offset = static_cast<int>(units[i].first);
    FoldedFootprint::Row row;
    row.offset = offset;
    row.poolBegin = static_cast<int>(out.pools.size());
    out.bits.resize(out.bits.size() + words, 0);
    uint64_t *mask = &out.bits[out.bits.size() - words];
    while (i < units.size() && units[i].first == offset) {
      const int r = units[i].second;
      size_t j = i;
      while (j < units.size() && units[j] == units[i]) ++j;
      const int count = static_cast<int>(j - i);
      if (count > layout.capacity(r) && !out.selfConflict()) {
        out.selfConflictResource = r;
        out.selfConflictRow = offset;
      }
      if (layout.isSingleton(r)) mask[layout.bitOf(r) / 64] |= uint64_t{1} << (layout.bitOf(r) % 64);
      else out.pools.emplace_back(layout.poolOf(r), count);
      i = j;
    }
    row.poolEnd = static_cast<int>(out.pools.size());
    out.rows.push_back(row);
  }
  return out;
}

std::map<std::pair<int64_t, int>, int> RowOccupancy::demand(const Footprint &footprint, int64_t cycle) const {
  std::map<std::pair<int64_t, int>, int> d;
  for (size_t k = 0; k < footprint.size(); ++k) {
    const int64_t row = ii_ > 0 ? moduloRow(cycle, static_cast<int64_t>(k), ii_) : cycle + static_cast<int64_t>(k);
    for (int r : footprint[k])
      if (r >= 0 && r < static_cast<int>(limits_.size())) ++d[{row, r}];
  }
  return d;
}

bool RowOccupancy::fits(const Footprint &footprint, int64_t cycle) const {
  for (const auto &[cell, units] : demand(footprint, cycle)) {
    auto it = held_.find(cell);
    if ((it == held_.end() ? 0 : it->second) + units > limits_[cell.second]) return false;
  }
  return true;
}

void RowOccupancy::place(const Footprint &footprint, int64_t cycle) {
  for (const auto &[cell, units] : demand(footprint, cycle)) held_[cell] += units;
  placedRows_ += footprint.size();
}

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
