// The work budget sees the reservation-table scans (generate/WorkBudget.h): a fit scan or probe
// costs the footprint runs and table segments it meets, so a footprint of hundreds of runs is
// charged for them even where nothing fits and no node is made.
#include <catch2/catch.hpp>

#include <functional>

#include "CostFixtures.h"
#include "generate/exact/ExactSearch.h"
#include "generate/seeds/ReservationTable.h"
#include "generate/exact/WindowSearch.h"
#include "generate/WorkBudget.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

constexpr int kRows = 256;

// Two ops each holding a 256-row footprint whose row k is on slot k mod 4: 256 runs that no
// fold merges. One such op fits alone at II 256 only; the second fits one cycle later.
RandomLoop wideLoop() {
  LoopBuilder b;
  std::vector<int> slots;
  for (int s = 0; s < 4; ++s) slots.push_back(b.slot("s" + std::to_string(s)));
  Footprint fp;
  for (int k = 0; k < kRows; ++k) fp.push_back({slots[size_t(k % 4)]});
  b.op(1, fp);
  b.op(1, fp);
  return b.build();
}

// A search over wideLoop() at II 256, given a budget (null: unlimited), finds a schedule; the
// second op's fit scan meets 256 runs x 256 segments, so the budget pays for them and a budget
// of 100 units, enough for the nodes alone, stops it.
void checkChargesScans(const std::function<ExactOutcome(WorkBudget *)> &search) {
  REQUIRE(search(nullptr) == ExactOutcome::Found);
  WorkBudget enough(1000000);
  CHECK(search(&enough) == ExactOutcome::Found);
  CHECK(enough.limit() - enough.remaining() >= int64_t{kRows} * kRows / WorkBudget::kScanCellsPerUnit);
  WorkBudget small(100);
  CHECK(search(&small) == ExactOutcome::BudgetExhausted);
  CHECK(small.spent());
}

}  // namespace

TEST_CASE("a fit scan's cells are work units: runs and the segments they meet, by the unit", "[cost][budget]") {
  const RandomLoop loop = wideLoop();
  Placement pl(loop, kRows, false);
  ReservationTable rrt(pl.ctx.layout, kRows);
  std::vector<uint64_t> fits(kRows / 64, 0);
  rrt.markFits(pl.ctx.folded[0], 0, kRows, fits);
  // An empty table is one segment: each of the 256 runs meets it once or twice (its window wraps).
  const int64_t emptyScan = rrt.takeScanUnits();
  CHECK(emptyScan >= 2 * kRows / WorkBudget::kScanCellsPerUnit);
  CHECK(rrt.takeScanUnits() == 0);  // taken once
  rrt.reserve(pl.ctx.folded[0], 0);
  rrt.markFits(pl.ctx.folded[1], 0, kRows, fits);
  // Now 256 segments: every run meets each of them.
  CHECK(rrt.takeScanUnits() >= int64_t{kRows} * kRows / WorkBudget::kScanCellsPerUnit);
}

TEST_CASE("the exact search charges its fit scans, not only its extensions", "[cost][budget]") {
  const RandomLoop loop = wideLoop();
  checkChargesScans([&](WorkBudget *budget) {
    Placement pl(loop, kRows, false);
    pl.state.budget = budget;
    return exactModuloSearch(pl.state, 1000000);  // two extensions place both ops
  });
}

TEST_CASE("the window search charges the fit scans of its placements", "[cost][budget]") {
  const RandomLoop loop = wideLoop();
  checkChargesScans([&](WorkBudget *budget) {
    Placement pl(loop, kRows, false);
    const FootprintComponents fc(pl.ctx);
    std::vector<int> all;
    for (size_t c = 0; c < fc.ops.size(); ++c) all.push_back(static_cast<int>(c));
    WindowSearch ws(pl.ctx, fc, all);
    return ws.run(1000000, budget);
  });
}
