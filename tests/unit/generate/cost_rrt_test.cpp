// The RRT: folded footprints, probe-before-commit, singleton bits and counted pools, wrap-around,
// the dual in-iteration / carry view.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/seeds/ReservationTable.h"

using namespace tilesched;

namespace {

int totalUnits(const ReservationTable &t, int resources) {
  int sum = 0;
  for (int row = 0; row < t.ii(); ++row)
    for (int r = 0; r < resources; ++r) sum += t.units(row, r);
  return sum;
}

// A table of layout {1, 1, 3} with short holds of slot 1 (every `slotEvery`-th) and of one or
// two pool units (two every `doubleEvery`-th) at random rows: many segments, the pool full
// (3 units) where two holds overlap.
struct HeldTable {
  HeldTable(int ii, uint64_t seed, int holds, int maxRows, int slotEvery, int doubleEvery) : t(layout, ii) {
    for (int k = 0; k < holds; ++k) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      const int at = static_cast<int>(seed >> 33) % ii, rows = 1 + static_cast<int>(seed >> 20) % maxRows;
      const FootprintRow row = k % slotEvery == 0 ? FootprintRow{1}
                               : k % doubleEvery  ? FootprintRow{2}
                                                  : FootprintRow{2, 2};
      t.reserve(foldFootprint(Footprint(static_cast<size_t>(rows), row), ii, layout), at);
    }
  }
  const ResourceLayout layout{{1, 1, 3}};
  ReservationTable t;
};

}  // namespace

TEST_CASE("a probe never mutates the table", "[cost][rrt]") {
  const ResourceLayout layout({1, 1, 3});
  ReservationTable t(layout, 4);
  const Footprint f{{0, 2}, {1}, {2, 2}};
  const FoldedFootprint fp = foldFootprint(f, 4, layout);
  t.commit(7, fp, 1);
  const int before = totalUnits(t, 3);
  for (int c = -8; c < 16; ++c) (void)t.probe(fp, c);
  CHECK(totalUnits(t, 3) == before);
  CHECK(before == 5);
  CHECK_FALSE(t.probe(fp, 1));                         // the same footprint again collides with itself on the slots
  CHECK(t.probe(foldFootprint({{2}}, 4, layout), 3));  // pool row 3 holds 2 of 3 units
  CHECK_FALSE(t.probe(foldFootprint({{2, 2}}, 4, layout), 3));
}

TEST_CASE("commit then uncommit restores the table and its occupants", "[cost][rrt]") {
  const ResourceLayout layout({1, 2});
  ReservationTable t(layout, 3);
  const Footprint a{{0, 1}, {1}}, b{{1}};
  const FoldedFootprint fa = foldFootprint(a, 3, layout), fb = foldFootprint(b, 3, layout);
  t.commit(1, fa, 5);  // rows 2 and 0
  t.commit(2, fb, 3);  // row 0
  CHECK(t.occupants(2, 0) == std::vector<int>{1});
  CHECK(t.occupants(0, 1) == std::vector<int>{1, 2});
  CHECK(t.units(0, 1) == 2);
  CHECK_FALSE(t.probe(fb, 0));
  const auto conflict = t.firstConflict(fb, 0);
  REQUIRE(conflict);
  CHECK(conflict->row == 0);
  CHECK(conflict->resource == 1);
  t.uncommit(1, fa, 5);
  t.uncommit(2, fb, 3);
  CHECK(totalUnits(t, 2) == 0);
  CHECK(t.occupants(0, 1).empty());
}

TEST_CASE("footprints longer than II wrap onto themselves", "[cost][rrt]") {
  const ResourceLayout layout({1, 2});
  const Footprint slotTwice{{0}, {}, {}, {0}};  // rows 0 and 3
  CHECK(foldFootprint(slotTwice, 3, layout).selfConflict());
  CHECK(foldFootprint(slotTwice, 3, layout).selfConflictRow == 0);
  CHECK_FALSE(foldFootprint(slotTwice, 4, layout).selfConflict());
  CHECK_FALSE(foldFootprint(slotTwice, 2, layout).selfConflict());  // 3 % 2 = 1: rows 0 and 1
  const Footprint poolThrice{{1}, {1}, {1}};
  CHECK(foldFootprint(poolThrice, 1, layout).selfConflict());        // 3 units in one row, capacity 2
  CHECK_FALSE(foldFootprint(poolThrice, 2, layout).selfConflict());  // 2 + 1
  const FoldedFootprint folded = foldFootprint(poolThrice, 2, layout);
  REQUIRE(folded.runs.size() == 2);
  CHECK(folded.pools[folded.runs[0].poolBegin].second == 2);

  // A wrapped footprint occupies its folded rows from any start.
  ReservationTable t(layout, 2);
  t.commit(0, folded, 1);
  CHECK(t.units(1, 1) == 2);
  CHECK(t.units(0, 1) == 1);
}

TEST_CASE("singleton masks span more than 64 slots", "[cost][rrt]") {
  std::vector<int> caps(70, 1);
  const ResourceLayout layout(caps);
  CHECK(layout.words() == 2);
  ReservationTable t(layout, 2);
  const Footprint f{{69}, {3}};
  const FoldedFootprint fp = foldFootprint(f, 2, layout);
  t.commit(0, fp, 0);
  CHECK_FALSE(t.probe(foldFootprint({{69}}, 2, layout), 0));
  CHECK(t.probe(foldFootprint({{69}}, 2, layout), 1));  // row 1 holds slot 3 only
  CHECK_FALSE(t.probe(foldFootprint({{3}}, 2, layout), 1));
}

TEST_CASE("the dual view splits units held in the issue stage from units carried past it", "[cost][rrt]") {
  const ResourceLayout layout({4});
  ReservationTable t(layout, 4);
  const Footprint f{{0}, {0}, {0}};
  t.commit(0, foldFootprint(f, 4, layout), 2);  // cycles 2, 3 in its stage; cycle 4 spills to row 0
  CHECK(t.inIteration(2, 0) == 1);
  CHECK(t.inIteration(3, 0) == 1);
  CHECK(t.carry(0, 0) == 1);
  CHECK(t.inIteration(0, 0) == 0);
  t.commit(1, foldFootprint(f, 4, layout), 4);  // issue row 0: no spill
  CHECK(t.inIteration(0, 0) == 1);
  CHECK(t.carry(0, 0) == 1);
  CHECK(t.units(0, 0) == 2);
}

TEST_CASE("composed footprints are the row-wise union (fuse arm)", "[cost][rrt]") {
  const Footprint a{{0}, {1}}, b{{1}, {}, {2}};
  CHECK(composeFootprints(a, b) == Footprint{{0, 1}, {1}, {2}});
}

TEST_CASE("the dual view also splits singleton units", "[cost][rrt]") {
  const ResourceLayout layout({1, 1});
  ReservationTable t(layout, 3);
  const Footprint f{{0}, {1}, {0, 1}};  // rows 0..2 from cycle 2: rows 2, 0, 1; the last two spill
  t.commit(0, foldFootprint(f, 3, layout), 2);
  CHECK(t.inIteration(2, 0) == 1);
  CHECK(t.carry(0, 1) == 1);
  CHECK(t.carry(1, 0) == 1);
  CHECK(t.carry(1, 1) == 1);
  CHECK(t.inIteration(1, 1) == 0);
  t.uncommit(0, foldFootprint(f, 3, layout), 2);
  CHECK(t.carry(1, 0) == 0);
}

TEST_CASE("a footprint of 600 equal rows is one run, and the table answers as row by row", "[cost][rrt]") {
  const ResourceLayout layout({1, 1, 3});
  const Footprint engine(600, FootprintRow{0, 2});  // slot 0 and one unit of pool 2 for 600 cycles
  const FoldedFootprint fp = foldFootprint(engine, 1000, layout);
  REQUIRE(fp.runs.size() == 1);
  CHECK(fp.runs[0].length == 600);
  CHECK(fp.spans.size() == 1);
  ReservationTable t(layout, 1000);
  t.commit(1, fp, 900);  // rows 900..999 in its stage, rows 0..499 carried into the next
  CHECK(t.units(950, 0) == 1);
  CHECK(t.units(499, 2) == 1);
  CHECK(t.units(500, 0) == 0);
  CHECK(t.carry(0, 0) == 1);
  CHECK(t.inIteration(950, 0) == 1);
  CHECK(t.carry(950, 0) == 0);
  CHECK(t.occupants(250, 2) == std::vector<int>{1});
  const FoldedFootprint ten = foldFootprint(Footprint(10, FootprintRow{0}), 1000, layout);
  CHECK(t.probe(ten, 500));
  CHECK_FALSE(t.probe(ten, 495));
  CHECK(t.conflictCount(ten, 495) == 5);  // rows 495..499
  CHECK(t.firstConflict(ten, 495)->row == 495);
  // markFits gives probe's answer for every row of the table.
  std::vector<uint64_t> fits((1000 + 63) / 64, 0);
  t.markFits(ten, 0, 1000, fits);
  for (int r = 0; r < 1000; ++r) CHECK(((fits[r / 64] >> (r % 64)) & 1) == (t.probe(ten, r) ? 1u : 0u));
  t.uncommit(1, fp, 900);
  CHECK(t.units(950, 0) == 0);
  CHECK(t.carry(0, 0) == 0);
  CHECK(t.occupants(250, 2).empty());
}

TEST_CASE("fit scans of long runs over many segments answer as a probe at each row", "[cost][rrt]") {
  const int ii = 1000;
  HeldTable held(ii, 12345, 80, 9, 20, 4);
  const ResourceLayout &layout = held.layout;
  ReservationTable &t = held.t;
  // A 500-row run of one pool unit, then slot 1 for 40 rows: long runs meeting many segments.
  Footprint longRuns(500, FootprintRow{2});
  longRuns.append({1}, 40);
  const FoldedFootprint fp = foldFootprint(longRuns, ii, layout);
  REQUIRE(fp.runs.size() == 2);
  auto fitsAt = [](const std::vector<uint64_t> &bits, int64_t row) {
    return (bits[size_t(row / 64)] >> (row % 64)) & 1;
  };
  int fitting = 0;
  for (const auto &[begin, length] : std::vector<std::pair<int64_t, int64_t>>{{0, ii}, {900, 300}, {-37, 450}}) {
    std::vector<uint64_t> fits((ii + 63) / 64, 0);
    t.markFits(fp, begin, length, fits);
    int64_t first = -1;
    for (int64_t k = 0; k < length; ++k) {
      const int64_t row = moduloRow(begin, k, ii);
      CHECK(fitsAt(fits, row) == (t.probe(fp, static_cast<int>(row)) ? 1u : 0u));
      if (t.probe(fp, static_cast<int>(row))) {
        ++fitting;
        if (first < 0) first = begin + k;
      }
    }
    CHECK(t.firstFit(fp, begin, length) == first);
    // nextFit walks the same rows a row-by-row walk finds.
    for (int64_t from = 0; from < ii; from += 7) {
      int64_t expect = from;
      while (expect < ii && !fitsAt(fits, expect)) ++expect;
      CHECK(nextFit(fits, from, ii) == expect);
    }
  }
  CHECK(fitting > 0);  // some rows fit (24), most do not: the scan has both answers to give
  CHECK(fitting < 1000 + 300 + 450);
}

TEST_CASE("a fit scan charges the cells fitScanCells counts, also once every row fails", "[cost][rrt]") {
  const int ii = 600;
  HeldTable held(ii, 777, 60, 12, 15, 3);
  const ResourceLayout &layout = held.layout;
  ReservationTable &t = held.t;
  // A run of slot 1 for 590 rows meets a hold of slot 1 at every row (every row fails early in
  // the scan), a short pool run fails at some rows, and one run after a full failure.
  Footprint everywhere(590, FootprintRow{1});
  everywhere.append({2}, 30);
  const std::vector<FoldedFootprint> fps = {foldFootprint(everywhere, ii, layout),
                                            foldFootprint(Footprint(4, FootprintRow{2, 2}), ii, layout),
                                            foldFootprint(Footprint(200, FootprintRow{2}), ii, layout)};
  int failingEverywhere = 0;
  for (const FoldedFootprint &fp : fps)
    for (const auto &[begin, length] : std::vector<std::pair<int64_t, int64_t>>{{0, ii}, {550, 200}, {-9, 1}, {3, 0}}) {
      const int64_t cells = t.fitScanCells(fp, begin, length);
      (void)t.takeScanUnits();
      t.chargeScanCells(WorkBudget::kScanCellsPerUnit - 1 - t.scanCells());  // a remainder short of a unit
      std::vector<uint64_t> fits((ii + 63) / 64, 0);
      for (int64_t n = 0; n < WorkBudget::kScanCellsPerUnit; ++n) t.markFits(fp, begin, length, fits);
      CHECK(t.takeScanUnits() == cells);  // 16 scans of `cells` cells, the remainder left over
      int fitting = 0;
      for (int64_t k = 0; k < std::min<int64_t>(length, ii); ++k) {
        const int64_t row = moduloRow(begin, k, ii);
        const bool fits_ = t.probe(fp, static_cast<int>(row));
        CHECK(((fits[size_t(row / 64)] >> (row % 64)) & 1) == (fits_ ? 1u : 0u));
        fitting += fits_;
      }
      failingEverywhere += length >= ii && fitting == 0;
    }
  CHECK(failingEverywhere >= 1);
}

TEST_CASE("a probe batch answers and charges as a probe at every cycle", "[cost][rrt]") {
  const int ii = 300;
  HeldTable held(ii, 4242, 40, 10, 10, 3);
  const ResourceLayout &layout = held.layout;
  ReservationTable &t = held.t;
  Footprint mixed(3, FootprintRow{2});
  mixed.append({1}, 2);
  mixed.append({}, 5);
  mixed.append({2, 2}, 40);
  const std::vector<FoldedFootprint> fps = {foldFootprint(mixed, ii, layout),
                                            foldFootprint(Footprint(250, FootprintRow{2}), ii, layout),
                                            foldFootprint(Footprint(2, FootprintRow{1}), ii, layout)};
  int fitting = 0, failing = 0;
  for (const FoldedFootprint &fp : fps) {
    const ReservationTable::ProbeBatch batch(t, fp);
    for (int c = -ii - 7; c < 2 * ii; c += 3) {
      int64_t before = t.scanCells();
      const bool expect = t.probe(fp, c);
      const int64_t cells = t.scanCells() - before;
      before = t.scanCells();
      CHECK(batch.probe(c) == expect);
      CHECK(t.scanCells() - before == cells);
      (expect ? fitting : failing) += 1;
    }
  }
  CHECK(fitting > 0);
  CHECK(failing > 0);
}

TEST_CASE("reserving and releasing keeps every row's units and the segments maximal", "[cost][rrt]") {
  // Slot 3 is never held: a probe of it over all II rows meets every segment of the table.
  const ResourceLayout layout({1, 1, 3, 1});
  const int ii = 97, resources = 4;
  ReservationTable t(layout, ii);
  const FoldedFootprint whole = foldFootprint(Footprint(static_cast<size_t>(ii), FootprintRow{3}), ii, layout);
  std::vector<std::vector<int>> model(static_cast<size_t>(ii), std::vector<int>(resources, 0));
  std::vector<std::pair<FoldedFootprint, int>> held;
  std::vector<Footprint> footprints;
  uint64_t seed = 99;
  size_t mostHeld = 0;
  auto next = [&](int n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((seed >> 33) % static_cast<uint64_t>(n));
  };
  auto apply = [&](const Footprint &f, int at, int sign) {
    for (size_t k = 0; k < f.size(); ++k)
      for (int r : f[k]) model[static_cast<size_t>(moduloRow(at, static_cast<int64_t>(k), ii))][size_t(r)] += sign;
  };
  for (int step = 0; step < 600; ++step) {
    if (held.empty() || next(3) != 0) {
      // Slots 0 and 1 in runs of up to 90 rows (wrapping past II), pool units around them.
      Footprint f(static_cast<size_t>(1 + next(4)), FootprintRow{2});
      f.append(FootprintRow{next(2)}, static_cast<size_t>(1 + next(90)));
      f.append(FootprintRow{2, 2}, static_cast<size_t>(next(3)));
      const FoldedFootprint fp = foldFootprint(f, ii, layout);
      const int at = next(ii);
      if (!t.probe(fp, at)) continue;
      t.reserve(fp, at);
      apply(f, at, +1);
      held.emplace_back(fp, at);
      footprints.push_back(f);
      mostHeld = std::max(mostHeld, held.size());
    } else {
      const size_t k = static_cast<size_t>(next(static_cast<int>(held.size())));
      t.release(held[k].first, held[k].second);
      apply(footprints[k], held[k].second, -1);
      held.erase(held.begin() + static_cast<std::ptrdiff_t>(k));
      footprints.erase(footprints.begin() + static_cast<std::ptrdiff_t>(k));
    }
    int segments = 1;
    for (int row = 0; row < ii; ++row) {
      for (int r = 0; r < resources; ++r) REQUIRE(t.units(row, r) == model[size_t(row)][size_t(r)]);
      segments += row > 0 && model[size_t(row)] != model[size_t(row - 1)];
    }
    const int64_t before = t.scanCells();
    REQUIRE(t.probe(whole, 0));
    REQUIRE(t.scanCells() - before == 1 + segments);  // the run's cell, then a cell per segment
  }
  CHECK(mostHeld > 3);  // many holds overlap at times
}
