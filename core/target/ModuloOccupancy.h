// Modulo occupancy: the one owner of the rule (seed 001: the RRT has one row per cycle modulo II;
// footprint row k of an op issued at cycle c holds row (c + k) mod II, so a footprint longer than
// II wraps onto the op's own earlier rows) and of the per-resource limit (SPEC §2.1: a slot is a
// singleton, a pool holds `capacity` units per row, one unit per listing). The generators'
// reservation table, the MII bounds, the window search, the checker, the pinned-schedule deriver,
// the model's footprint check and the JSON document's `rrt` all ask here; a CTest
// (scripts/check-occupancy-owner.py) fails if modulo-row arithmetic appears anywhere else in core/.
//
// The API, smallest first:
//   moduloRow(cycle, k, ii)          the row footprint row k of an op issued at `cycle` lands in
//   forEachModuloRange(...)          the row ranges a run of consecutive footprint rows lands in
//   moduloHits(start, n, row, ii)    how many of n consecutive rows from `start` land in `row`
//   unitLimit(resource)              the units one row admits (slot: 1, pool: capacity)
//   firstOverfilled(fp, ii, limits)  the first (row, resource) one footprint overfills by itself
//   foldFootprint(fp, ii, layout)    a footprint folded onto II rows as runs of equal rows, for a
//                                    reservation table
//   RowOccupancy                     a sparse table of units per (row, resource): fits / place
//   moduloOccupancy(...)             every occupied cell of a whole schedule, with its holders
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "target/TargetModel.h"

namespace tilesched {

// In [0, ii) for every cycle, negative ones included; ii > 0.
inline int64_t moduloRow(int64_t cycle, int64_t footprintRow, int64_t ii) {
  const int64_t row = (cycle + footprintRow) % ii;
  return row < 0 ? row + ii : row;
}

// The rows `length` consecutive cycles from `start` land in, as ranges of modulo rows:
// fn(begin, end, k) for rows [begin, end) holding cycles start + k .. start + k + (end - begin) - 1,
// in cycle order. More than II cycles pass over the table again (a pool held that long holds
// each row more than once). Costs one call per pass, whatever the length: a run of 600 rows on
// one engine is one or two ranges, never 600 rows.
template <class Fn>
void forEachModuloRange(int64_t start, int64_t length, int64_t ii, Fn &&fn) {
  int64_t row = moduloRow(start, 0, ii);
  for (int64_t k = 0; k < length;) {
    const int64_t take = std::min(length - k, ii - row);
    fn(row, row + take, k);
    k += take;
    row = 0;
  }
}

// How many of the `length` consecutive cycles from `start` land in modulo row `row`.
int64_t moduloHits(int64_t start, int64_t length, int64_t row, int64_t ii);

// Units of `r` one modulo row admits: a slot is a singleton whatever its capacity field says.
inline int unitLimit(const Resource &r) { return r.isSlot ? 1 : r.capacity; }
// unitLimit of every resource of the model, by resource index.
std::vector<int> unitLimits(const TargetModel &model);

// A (row, resource) cell that one footprint overfills by itself.
struct OverfilledCell {
  int64_t row = -1;  // folded row (unfolded footprint row when ii == 0)
  int resource = -1;
  int units = 0;  // units the footprint requests there
  bool found() const { return resource >= 0; }
};

// The first cell, in (row, resource) order, where `footprint` requests more units than
// `limits[resource]`, rows folded modulo `ii` (ii == 0: not folded). A resource index outside
// `limits` admits no unit.
OverfilledCell firstOverfilled(const Footprint &footprint, int64_t ii, const std::vector<int> &limits);

// How resources sit in a reservation table: those admitting one unit per row are RRT bits tested
// with AND, the others per-row unit counters checked against their limit.
class ResourceLayout {
public:
  explicit ResourceLayout(const std::vector<int> &limits);
  int numResources() const { return static_cast<int>(capacity_.size()); }
  int words() const { return words_; }
  int numPools() const { return static_cast<int>(poolResource_.size()); }
  int capacity(int r) const { return capacity_[r]; }
  bool isSingleton(int r) const { return bitOf_[r] >= 0; }
  int bitOf(int r) const { return bitOf_[r]; }
  int poolOf(int r) const { return poolOf_[r]; }
  int poolResource(int pool) const { return poolResource_[pool]; }
  int bitResource(int bit) const { return bitResource_[bit]; }

private:
  std::vector<int> capacity_, bitOf_, poolOf_, poolResource_, bitResource_;
  int words_ = 1;
};

// A footprint folded onto II rows, as runs: consecutive folded rows that request the same units
// are one run, so a footprint that holds one engine for 600 cycles is one run, not 600 rows, and
// what a reservation table does with it costs the same as for a footprint of one row.
struct FoldedFootprint {
  struct Run {
    int offset = 0;     // first row's offset from the start cycle, in [0, II)
    int length = 1;     // rows [offset, offset + length), within [0, II)
    int poolBegin = 0;  // range into `pools`: each row of the run requests these
    int poolEnd = 0;
  };
  // Unfolded footprint rows [begin, end) that list the same resources: what the table's holders
  // and its in-iteration / carry split are kept from (seed 002's dual view reads unfolded rows).
  struct Span {
    int begin = 0, end = 0;
    int resourceBegin = 0;  // range into `spanResources`, sorted, a unit per listing
    int resourceEnd = 0;
  };
  int duration = 0;                        // unfolded footprint rows
  std::vector<Run> runs;                   // occupied folded rows, ascending offset
  std::vector<uint64_t> bits;              // runs.size() * words singleton masks
  std::vector<std::pair<int, int>> pools;  // (pool ordinal, units)
  std::vector<Span> spans;                 // occupied unfolded rows, ascending
  std::vector<int> spanResources;
  int selfConflictResource = -1;  // resource overfilled by the fold itself
  int selfConflictRow = -1;
  bool selfConflict() const { return selfConflictResource >= 0; }
  bool empty() const { return runs.empty(); }
};

FoldedFootprint foldFootprint(const Footprint &f, int ii, const ResourceLayout &layout);

// Units held per (row, resource), sparse so a large II costs nothing; rows are modulo rows when
// ii > 0 and plain cycles when ii == 0 (a flat, not yet periodic layout). A resource index
// outside `limits` holds nothing here (the checker reports it as a shape violation).
class RowOccupancy {
public:
  RowOccupancy(std::vector<int> limits, int64_t ii) : limits_(std::move(limits)), ii_(ii) {}
  // Would the footprint, issued at `cycle`, keep every cell within its limit?
  bool fits(const Footprint &footprint, int64_t cycle) const;
  void place(const Footprint &footprint, int64_t cycle);
  // Footprint rows placed so far: bounds how far past a cycle a free one can lie.
  size_t placedRows() const { return placedRows_; }

private:
  std::map<std::pair<int64_t, int>, int> demand(const Footprint &footprint, int64_t cycle) const;

  std::vector<int> limits_;
  int64_t ii_;
  std::map<std::pair<int64_t, int>, int> held_;
  size_t placedRows_ = 0;
};

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
