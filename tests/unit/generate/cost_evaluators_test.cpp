// The lexicographic cost vector, the two evaluators on the search driver, and the structural
// distance (Kendall-tau) counter.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/seeds/CostEvaluators.h"

using namespace tilesched;
using namespace tilesched::test;

TEST_CASE("the cost vector compares lexicographically, never as a scalar", "[cost][evaluators]") {
  const CostVector a{0, 5, 0, 0}, b{0, 6, 0, 0}, c{0, 0, 9, 9}, d{0, 1, 0, 0}, e{1, 0, 0, 0};
  CHECK(a < b);
  CHECK(c < d);  // a smaller pipe-slot stretch beats any bank pressure and inversions
  CHECK(d < e);  // any resource conflict loses to every legal seat
  CHECK(CostVector{0, 0, 3, 2} < CostVector{0, 0, 3, 3});
  CostVector sum{0, 1, 2, 3};
  sum += CostVector{0, 1, 1, 1};
  CHECK(sum == CostVector{0, 2, 3, 4});
  sum += CostVector::infinite();
  CHECK(sum == CostVector::infinite());
  CHECK(CostVector{0, 2, 3, 4}.str() == "(0, 2, 3, 4)");
}

TEST_CASE("bank pressure: pooled units shared in-iteration plus carried, from the dual RRT", "[cost][evaluators]") {
  LoopBuilder b;
  const int p = b.pool("tmem", 4);
  const int x = b.op(1, {{p}, {p}, {p}}), y = b.op(1, {{p}}), z = b.op(1, {{p, p}});
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  st.commit(x, 2, TraceArm::Ladder);                                       // rows 2, 3 in-iteration; row 0 carried
  CHECK(bankPressureThreshold(st, SeatCandidate::single(st, y), 0) == 1);  // carry only
  CHECK(bankPressureThreshold(st, SeatCandidate::single(st, y), 3) == 1);  // in-iteration only
  CHECK(bankPressureThreshold(st, SeatCandidate::single(st, y), 1) == 0);
  st.commit(y, 0, TraceArm::Ladder);
  CHECK(bankPressureThreshold(st, SeatCandidate::single(st, z), 0) == 2);  // one cell: 1 carried + 1 in
}

TEST_CASE("pipe-slot threshold: the longest stretch of an incoming edge, infinite outside the window",
          "[cost][evaluators]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(2), y = b.op(5), z = b.op(1, {{s}});
  b.edge(x, z, 2);
  b.edge(y, z, 5);
  Placement pl(b.build(), 10);
  PlacementState &st = pl.state;
  st.commit(x, 0, TraceArm::Ladder);
  st.commit(y, 1, TraceArm::Ladder);
  const SeatCandidate c = SeatCandidate::single(st, z);
  CHECK(st.window(z).earliest == 6);
  CHECK(pipeSlotThreshold(st, c, 6) == 4);  // x -> z waits 6 - 2 = 4 cycles
  CHECK(pipeSlotThreshold(st, c, 9) == 7);
  CHECK_FALSE(pipeSlotThreshold(st, c, 5));  // before y's latency has elapsed
  const CostVector cost = seatCost(st, c, 6);
  CHECK(cost.resource == 0);
  CHECK(cost.pipeSlot == 4);
  CHECK(cost.structural == 0);
}

TEST_CASE("structural distance counts Kendall-tau inversions against program order", "[cost][evaluators]") {
  SplitMix rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const int n = rng.between(1, 300);
    InversionCounter counter(n);
    std::vector<int> cycle(n, -1);
    for (int v = 0; v < n; ++v)
      if (rng.chance(0.6)) {
        cycle[v] = rng.between(0, 40);
        counter.insert(v, cycle[v]);
      }
    for (int k = 0; k < 20; ++k) {
      const int v = rng.below(n), t = rng.between(0, 40);
      int64_t expect = 0;
      for (int w = 0; w < n; ++w)
        if (w != v && cycle[w] >= 0) expect += (w < v && cycle[w] > t) || (w > v && cycle[w] < t);
      CHECK(counter.inversionsWith(v, t) == expect);
    }
    for (int v = 0; v < n; ++v)
      if (cycle[v] >= 0 && rng.chance(0.5)) {
        counter.erase(v, cycle[v]);
        cycle[v] = -1;
      }
    std::vector<int> all(n);
    for (int v = 0; v < n; ++v) all[v] = rng.between(0, 40);
    int64_t total = 0;
    for (int a = 0; a < n; ++a)
      for (int c = a + 1; c < n; ++c) total += all[a] > all[c];
    CHECK(InversionCounter::totalInversions(all) == total);
  }
}
