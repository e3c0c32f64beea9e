// The Resource Reservation Table (seed 001; facts §2.1): one row per cycle modulo II, laid out and
// folded as target/ModuloOccupancy.h says (the owner of the row rule and the per-resource limit):
// resources admitting one unit per row are RRT bits tested with AND, the others per-row unit
// counters; a fold that overfills a row makes the op unplaceable at that II.
// Probe-before-commit: `probe` never mutates. The table also keeps the dual view the
// bank-pressure evaluator reads (seed 002): units held in the occupant's issue stage
// ("in-iteration") versus units that spilled past it into the next stage ("carry").
// The rows are kept as segments, maximal ranges of rows holding the same units, and footprints
// arrive as runs of equal rows: a probe, a reservation or a release costs a binary search plus
// the segments the footprint's runs meet, so an op holding a pipeline for 600 cycles costs what
// one holding it for 6 does, and a large II allocates nothing per row.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "generate/WorkBudget.h"
#include "target/ModuloOccupancy.h"
#include "target/TargetModel.h"

namespace tilesched {

// Row-wise union of two footprints issued together (the fuse arm's composed vector).
Footprint composeFootprints(const Footprint &a, const Footprint &b);

// The first row in [from, end) whose bit is set in a fit scan's bits (markFits), `end` when none:
// a word per 64 rows, so a search walks the rows where an op fits, not every row of the table.
int64_t nextFit(const std::vector<uint64_t> &fits, int64_t from, int64_t end);

class ReservationTable {
public:
  struct Conflict {
    int row = -1;       // modulo row
    int resource = -1;  // slot or pool that is full
  };
  // Pooled units already held in the rows a footprint would take, summed over its rows and
  // pools: the bank-pressure evaluator's in-iteration and carried load.
  struct PooledLoad {
    int64_t inIteration = 0, carried = 0;
  };

  ReservationTable(const ResourceLayout &layout, int ii);
  int ii() const { return ii_; }

  bool probe(const FoldedFootprint &fp, int t) const;
  // probe(fp, t) at many cycles of a table that does not change meanwhile: one sweep per run over
  // the segments answers every row the run may start at, a stretch of rows with one answer at a
  // time, then a probe's answer, and the cells it would meet (charged as probe charges them), is a
  // lookup per run.
  class ProbeBatch {
  public:
    ProbeBatch(const ReservationTable &table, const FoldedFootprint &fp);
    bool probe(int t) const;

  private:
    struct Answer {
      int64_t cells = 0;  // the segments probe meets in the run's rows
      bool clash = false;
    };
    const ReservationTable &table_;
    const FoldedFootprint &fp_;
    std::vector<Answer> answers_;  // per run, per modulo row it starts at
  };
  // For every row r of the `length` rows from `begin` (modulo II): bit r of `fits` = probe(fp, r).
  // Costs the segments the footprint's runs meet there, not the rows.
  void markFits(const FoldedFootprint &fp, int64_t begin, int64_t length, std::vector<uint64_t> &fits) const;
  // The cells markFits(fp, begin, length, ...) meets on the table as it is, counted without
  // testing them: what a search that restores saved fit bits instead of re-marking them charges,
  // so a budget ends at the same node either way.
  int64_t fitScanCells(const FoldedFootprint &fp, int64_t begin, int64_t length) const;
  // The lookup cells not yet taken as units, and a charge of cells counted without a lookup.
  int64_t scanCells() const { return scanned_; }
  void chargeScanCells(int64_t cells) const { scanned_ += cells; }
  // The first cycle of [begin, begin + length) where the footprint fits (probe), -1 when none;
  // one markFits over at most II rows.
  int64_t firstFit(const FoldedFootprint &fp, int64_t begin, int64_t length) const;
  std::optional<Conflict> firstConflict(const FoldedFootprint &fp, int t) const;
  // Rows of one table segment a footprint run overfills: every row of a segment holds the same
  // units, so each of them has the same conflicts.
  struct ConflictRange {
    int begin = 0, end = 0;      // modulo rows [begin, end)
    std::vector<int> resources;  // the overfilled slots, lowest bit first, then the run's pools
  };
  // Every (row, resource) the footprint would overfill at `t`, in row order.
  std::vector<Conflict> conflicts(const FoldedFootprint &fp, int t) const;
  // conflicts(fp, t) a segment at a time, in the same order: a cost per segment, not per row.
  std::vector<ConflictRange> conflictRanges(const FoldedFootprint &fp, int t) const;
  // conflicts(fp, t).size(), counted per segment.
  int64_t conflictCount(const FoldedFootprint &fp, int t) const;
  PooledLoad pooledLoad(const FoldedFootprint &fp, int t) const;
  // The footprint's spans decide the in-iteration / carry split and the holders.
  void commit(int node, const FoldedFootprint &fp, int t);
  void uncommit(int node, const FoldedFootprint &fp, int t);
  // Units only, without holders or the carry split: for a search that never reads them.
  void reserve(const FoldedFootprint &fp, int t) { applyUnits(fp, t, +1); }
  void release(const FoldedFootprint &fp, int t) { applyUnits(fp, t, -1); }
  void clear();
  // The work the lookups above did since the last call, in work units: each footprint run and
  // each table segment a probe, fit scan, conflict count or load met is a cell
  // (WorkBudget::kScanCellsPerUnit to the unit); the cells short of a unit wait for the next call.
  // A search charges it to its budget, so a node that scans much and places nothing still pays.
  int64_t takeScanUnits() const;

  int units(int row, int resource) const;
  int inIteration(int row, int resource) const { return units(row, resource) - carry(row, resource); }
  int carry(int row, int resource) const;
  // Holders of (row, resource), one entry per unit, in commit order.
  std::vector<int> occupants(int row, int resource) const;

private:
  // A committed op: what its holders are read from.
  struct Holder {
    int node = 0, t = 0;
    std::vector<FoldedFootprint::Span> spans;
    std::vector<int> spanResources;
  };
  // A segment's record: singleton bits, carried singleton bits, pooled units, carried pooled units.
  uint64_t *record(size_t segment) { return &data_[segment * recordWords_]; }
  const uint64_t *record(size_t segment) const { return &data_[segment * recordWords_]; }
  size_t segmentAt(int64_t row) const;
  // The segments meeting rows [begin, end), begin < end.
  int64_t segmentsIn(int64_t begin, int64_t end) const;
  int64_t segmentEnd(size_t segment) const;
  size_t split(int64_t row);
  // Applies `change` to the record of every row in [begin, end), then merges equal neighbours;
  // mayJoin(a, b): whether the change may make two different records a and b equal.
  template <class Change, class MayJoin>
  void update(int64_t begin, int64_t end, Change change, MayJoin mayJoin);
  bool overfills(const uint64_t *rec, const FoldedFootprint &fp, size_t run) const;
  void applyUnits(const FoldedFootprint &fp, int t, int sign);
  void applyCarry(const FoldedFootprint &fp, int t, int sign);

  const ResourceLayout &layout_;
  int ii_;
  int recordWords_;              // 2 * words + 2 * pools
  std::vector<int64_t> begin_;   // segment starts, ascending, the first 0
  std::vector<uint64_t> data_;   // a record per segment
  std::vector<Holder> holders_;  // committed ops, in commit order
  mutable int64_t scanned_ = 0;  // cells met by lookups and not yet taken as units
};

}  // namespace tilesched
