#include "target/ModuloOccupancy.h"

#include <algorithm>
#include <tuple>

namespace tilesched {

namespace {

void appendUnits(std::vector<OccupiedUnit> &units, int node, int64_t cycle, const Footprint &fp, int64_t ii) {
  int k = 0;
  for (const FootprintRow &row : fp) {
    for (int r : row) units.push_back({moduloRow(cycle, k, ii), r, node, k});
    ++k;
  }
}

// std::sort in place, not support/Sort.h: the trace's JSON sorts the units of every entry, and
// stableSortBy's copies and indirect calls doubled footprintOccupancy's cost there.
void sortUnits(std::vector<OccupiedUnit> &units) {
  std::sort(units.begin(), units.end(), [](const OccupiedUnit &a, const OccupiedUnit &b) {
    return std::tie(a.row, a.resource, a.node, a.footprintRow) < std::tie(b.row, b.resource, b.node, b.footprintRow);
  });
}

// The footprint's runs of one row, as spans (resources sorted, a unit per listing): a long
// footprint of one repeated row is one span.
void footprintSpans(const Footprint &f, std::vector<FoldedFootprint::Span> &spans, std::vector<int> &resources) {
  size_t begin = 0;
  for (const Footprint::Run &run : f.runs()) {
    if (!run.row.empty()) {
      FoldedFootprint::Span span;
      span.begin = static_cast<int>(begin);
      span.end = static_cast<int>(run.end);
      span.resourceBegin = static_cast<int>(resources.size());
      resources.insert(resources.end(), run.row.begin(), run.row.end());
      std::sort(resources.begin() + span.resourceBegin, resources.end());
      span.resourceEnd = static_cast<int>(resources.size());
      spans.push_back(span);
    }
    begin = run.end;
  }
}

// Folded rows [offset, offset + length) that hold the same units: (resource, units) by resource.
struct UnitRun {
  int64_t offset = 0, length = 0;
  std::vector<std::pair<int, int>> units;
};

// The spans folded onto `ii` rows (ii == 0: not folded), as runs in row order: a sweep over the
// rows where a span's range begins or ends, so the cost follows the spans, not the rows.
std::vector<UnitRun> foldSpans(const std::vector<FoldedFootprint::Span> &spans, const std::vector<int> &resources,
                               int64_t ii) {
  struct Event {
    int64_t row;
    int sign, span;
  };
  std::vector<Event> events;
  for (int i = 0; i < static_cast<int>(spans.size()); ++i) {
    const auto add = [&](int64_t begin, int64_t end, int64_t) {
      events.push_back({begin, +1, i});
      events.push_back({end, -1, i});
    };
    if (ii > 0) forEachModuloRange(spans[i].begin, spans[i].end - spans[i].begin, ii, add);
    else add(spans[i].begin, spans[i].end, 0);
  }
  std::sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.row < b.row; });
  std::vector<UnitRun> runs;
  std::map<int, int> held;
  for (size_t i = 0; i < events.size();) {
    const int64_t row = events[i].row;
    for (; i < events.size() && events[i].row == row; ++i) {
      const FoldedFootprint::Span &span = spans[events[i].span];
      for (int k = span.resourceBegin; k < span.resourceEnd; ++k)
        if ((held[resources[k]] += events[i].sign) == 0) held.erase(resources[k]);
    }
    if (held.empty() || i == events.size()) continue;
    std::vector<std::pair<int, int>> units(held.begin(), held.end());
    const int64_t next = events[i].row;
    if (!runs.empty() && runs.back().offset + runs.back().length == row && runs.back().units == units)
      runs.back().length += next - row;
    else runs.push_back({row, next - row, std::move(units)});
  }
  return runs;
}

}  // namespace

std::vector<int> unitLimits(const TargetModel &model) {
  std::vector<int> limits;
  for (const Resource &r : model.resources) limits.push_back(unitLimit(r));
  return limits;
}

OverfilledCell firstOverfilled(const Footprint &footprint, int64_t ii, const std::vector<int> &limits) {
  std::vector<FoldedFootprint::Span> spans;
  std::vector<int> resources;
  footprintSpans(footprint, spans, resources);
  for (const UnitRun &run : foldSpans(spans, resources, ii))
    for (const auto &[r, units] : run.units) {
      const int limit = r >= 0 && r < static_cast<int>(limits.size()) ? limits[r] : 0;
      if (units > limit) return {run.offset, r, units};
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

int64_t moduloHits(int64_t start, int64_t length, int64_t row, int64_t ii) {
  const int64_t first = moduloRow(row - start, 0, ii);  // the first k with start + k in `row`
  return first < length ? (length - 1 - first) / ii + 1 : 0;
}

FoldedFootprint foldFootprint(const Footprint &f, int ii, const ResourceLayout &layout) {
  FoldedFootprint out;
  out.duration = static_cast<int>(f.size());
  footprintSpans(f, out.spans, out.spanResources);
  const int words = layout.words();
  std::vector<uint64_t> mask(words);
  std::vector<std::pair<int, int>> pools;
  for (const UnitRun &unitRun : foldSpans(out.spans, out.spanResources, ii)) {
    std::fill(mask.begin(), mask.end(), 0);
    pools.clear();
    for (const auto &[r, count] : unitRun.units) {
      if (count > layout.capacity(r) && !out.selfConflict()) {
        out.selfConflictResource = r;
        out.selfConflictRow = static_cast<int>(unitRun.offset);
      }
      if (layout.isSingleton(r)) mask[layout.bitOf(r) / 64] |= uint64_t{1} << (layout.bitOf(r) % 64);
      else pools.emplace_back(layout.poolOf(r), count);
    }
    // A run extends the last one when it follows it and requests the same units.
    if (!out.runs.empty()) {
      FoldedFootprint::Run &last = out.runs.back();
      if (last.offset + last.length == unitRun.offset && std::equal(mask.begin(), mask.end(), out.bits.end() - words) &&
          std::equal(pools.begin(), pools.end(), out.pools.begin() + last.poolBegin,
                     out.pools.begin() + last.poolEnd)) {
        last.length += static_cast<int>(unitRun.length);
        continue;
      }
    }
    FoldedFootprint::Run run;
    run.offset = static_cast<int>(unitRun.offset);
    run.length = static_cast<int>(unitRun.length);
    run.poolBegin = static_cast<int>(out.pools.size());
    out.pools.insert(out.pools.end(), pools.begin(), pools.end());
    run.poolEnd = static_cast<int>(out.pools.size());
    out.bits.insert(out.bits.end(), mask.begin(), mask.end());
    out.runs.push_back(run);
  }
  return out;
}

std::map<std::pair<int64_t, int>, int> RowOccupancy::demand(const Footprint &footprint, int64_t cycle) const {
  std::map<std::pair<int64_t, int>, int> d;
  int64_t k = 0;
  for (const FootprintRow &held : footprint) {
    const int64_t row = ii_ > 0 ? moduloRow(cycle, k, ii_) : cycle + k;
    for (int r : held)
      if (r >= 0 && r < static_cast<int>(limits_.size())) ++d[{row, r}];
    ++k;
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
