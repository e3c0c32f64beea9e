// The Resource Reservation Table (seed 001; facts §2.1): one row per cycle modulo II, laid out and
// folded as target/ModuloOccupancy.h says (the owner of the row rule and the per-resource limit):
// resources admitting one unit per row are RRT bits tested with AND, the others per-row unit
// counters; a fold that overfills a row makes the op unplaceable at that II.
// Probe-before-commit: `probe` never mutates. The table also keeps the dual view the
// bank-pressure evaluator reads (seed 002): units held in the occupant's issue stage
// ("in-iteration") versus units that spilled past it into the next stage ("carry").
// Memory is O(II * (slots/64 + pools)) words: holders are kept only for occupied cells, so a
// large II (a long recurrence) does not allocate per-cell lists.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "target/ModuloOccupancy.h"
#include "target/TargetModel.h"

namespace tilesched {

// Row-wise union of two footprints issued together (the fuse arm's composed vector).
Footprint composeFootprints(const Footprint &a, const Footprint &b);

class ReservationTable {
public:
  struct Conflict {
    int row = -1;       // modulo row
    int resource = -1;  // slot or pool that is full
  };

  ReservationTable(const ResourceLayout &layout, int ii);
  int ii() const { return ii_; }

  bool probe(const FoldedFootprint &fp, int t) const;
  std::optional<Conflict> firstConflict(const FoldedFootprint &fp, int t) const;
  // Every (row, resource) the footprint would overfill at `t`.
  std::vector<Conflict> conflicts(const FoldedFootprint &fp, int t) const;
  // `original` is the unfolded footprint: it decides the in-iteration / carry split.
  void commit(int node, const FoldedFootprint &fp, const Footprint &original, int t);
  void uncommit(int node, const FoldedFootprint &fp, const Footprint &original, int t);
  // Units only, without holders or the carry split: for a search that never reads them.
  void reserve(const FoldedFootprint &fp, int t) { applyUnits(fp, t, +1); }
  void release(const FoldedFootprint &fp, int t) { applyUnits(fp, t, -1); }
  void clear();

  int units(int row, int resource) const;
  int inIteration(int row, int resource) const { return units(row, resource) - carry(row, resource); }
  int carry(int row, int resource) const;
  // Holders of (row, resource), one entry per unit, in commit order.
  const std::vector<int> &occupants(int row, int resource) const;

private:
  size_t cell(int row, int resource) const { return static_cast<size_t>(row) * layout_.numResources() + resource; }
  int rowOf(int t, int offset) const;
  void apply(int node, const FoldedFootprint &fp, const Footprint &original, int t, int sign);
  void applyUnits(const FoldedFootprint &fp, int t, int sign);

  const ResourceLayout &layout_;
  int ii_;
  std::vector<uint64_t> bits_;                        // ii * words
  std::vector<uint64_t> carryBits_;                   // ii * words: the singleton units that spilled
  std::vector<int> poolUnits_;                        // ii * pools
  std::vector<int> poolCarry_;                        // ii * pools: the pooled units that spilled
  std::unordered_map<size_t, std::vector<int>> occ_;  // occupied cells only
};

}  // namespace tilesched
