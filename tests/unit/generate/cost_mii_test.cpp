// The four MII bounds, each on its own (seed 001; docs/decisions.md "MII bounds").
#include <catch2/catch.hpp>

#include <functional>

#include "CostFixtures.h"
#include "generate/seeds/MiiBounds.h"

using namespace tilesched;
using namespace tilesched::test;

TEST_CASE("resource MII: ceil(units / capacity) per resource, naming the binding one", "[cost][mii]") {
  LoopBuilder b;
  const int a = b.slot("tp_smem_wr"), p = b.pool("smem_rd", 2);
  b.op(1, {{a}, {a}});
  b.op(1, {{a, p}, {p}});
  b.op(1, {{p}, {p, p}});
  const ModuloProblem prob = b.build().input();
  std::string binding;
  CHECK(resourceMii(prob, &binding) == 3);  // slot: 3 units; pool: 5 units / 2 = 3
  CHECK(binding == "tp_smem_wr");           // 3/1 outweighs 5/2
  // The terms of the bound: the ops holding the binding slot and their units, summing to 3.
  const std::vector<MIIBounds::Share> shares = resourceShares(prob, binding);
  REQUIRE(shares.size() == 2);
  CHECK((shares[0].op == 0 && shares[0].units == 2 && shares[1].op == 1 && shares[1].units == 1));
  // A pool listed twice in one row counts twice, as in the bound.
  const std::vector<MIIBounds::Share> pool = resourceShares(prob, "smem_rd");
  REQUIRE(pool.size() == 2);
  CHECK((pool[0].op == 1 && pool[0].units == 2 && pool[1].op == 2 && pool[1].units == 3));
  const MiiAnalysis whole = computeMiiBounds(prob);
  CHECK(whole.bounds.bindingCapacity == 1);
  CHECK(whole.bounds.bindingShares.size() == 2);

  LoopBuilder c;
  const int s = c.slot("tma"), q = c.pool("tmem", 2);
  c.op(1, {{s}});
  c.op(1, {{q}, {q}, {q}, {q}, {q}});
  const ModuloProblem prob2 = c.build().input();
  CHECK(resourceMii(prob2, &binding) == 3);
  CHECK(binding == "tmem");
}

TEST_CASE("recurrence MII is the exact smallest II without a positive cycle", "[cost][mii]") {
  LoopBuilder b;
  const int x = b.op(3), y = b.op(2), z = b.op(1);
  b.edge(x, y, 3);
  b.edge(y, x, 2, 1);  // (3 + 2) / 1 -> 5
  b.edge(y, z, 2);
  b.edge(z, y, 4, 2);  // (2 + 4) / 2 -> 3
  const ModuloProblem p = b.build().input();
  std::vector<int> cycle, edges;
  CHECK(recurrenceMii(p, &cycle, &edges) == 5);
  CHECK(cycle == std::vector<int>{x, y});
  // The cycle's edges, in cycle order: x -> y (latency 3), then y -> x (latency 2, distance 1).
  REQUIRE(edges.size() == 2);
  CHECK((p.edges[edges[0]].src == x && p.edges[edges[0]].dst == y && p.edges[edges[0]].latency == 3));
  CHECK((p.edges[edges[1]].src == y && p.edges[edges[1]].dst == x && p.edges[edges[1]].distance == 1));

  // Against enumeration of every simple cycle on random small graphs: max ceil(latency/distance).
  SplitMix rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = rng.between(2, 6);
    LoopBuilder r;
    for (int v = 0; v < n; ++v) r.op(rng.between(0, 6));
    for (int u = 0; u < n; ++u)
      for (int v = 0; v < n; ++v)
        if (rng.chance(0.3)) r.edge(u, v, rng.between(0, 6), u < v ? rng.between(0, 2) : rng.between(1, 2));
    const RandomLoop &loop = r.build();
    int expect = 1;
    std::vector<int> path;
    std::vector<uint8_t> on(n, 0);
    std::function<void(int, int, int, int)> walk = [&](int start, int v, int lat, int dist) {
      for (int ei : loop.graph.succ[v]) {
        const DepEdge &e = loop.graph.edges[ei];
        if (e.dst == start && dist + e.distance > 0)
          expect = std::max(expect, (lat + e.latency + dist + e.distance - 1) / (dist + e.distance));
        if (e.dst > start && !on[e.dst]) {
          on[e.dst] = 1;
          walk(start, e.dst, lat + e.latency, dist + e.distance);
          on[e.dst] = 0;
        }
      }
    };
    for (int s = 0; s < n; ++s) walk(s, s, 0, 0);
    const ModuloProblem p2 = loop.input();
    INFO("trial " << trial);
    CHECK(recurrenceMii(p2, nullptr) == expect);
  }
}

TEST_CASE("fine-density MII: the smallest II at which every footprint fits onto itself", "[cost][mii]") {
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 2);
  b.op(1, {{s}, {}, {}, {}, {s}});   // rows 0 and 4: II 2 and 4 fold them together
  b.op(1, {{p}, {}, {p}, {}, {p}});  // three units at rows 0, 2, 4: II 2 puts all three in row 0
  const ModuloProblem prob = b.build().input();
  CHECK(resourceMii(prob, nullptr) == 2);
  CHECK(fineDensityMii(prob) == 3);
  CHECK(footprintSelfConflicts(prob, 0, 2));
  CHECK_FALSE(footprintSelfConflicts(prob, 0, 3));
  CHECK(footprintSelfConflicts(prob, 0, 4));  // not monotone: 4 folds rows 0 and 4 again
  CHECK_FALSE(footprintSelfConflicts(prob, 0, 5));
}

TEST_CASE("dependency MII from max_depth and same-depth groups", "[cost][mii]") {
  LoopBuilder b;
  const int x = b.op(4), y = b.op(4), z = b.op(1);
  b.edge(x, y, 4);
  b.edge(y, z, 4);
  {
    LoopBuilder c = b;
    c.slotOf(z).max_depth = 1;  // z starts at cycle >= 8 and must sit in stage 0: II >= 9
    CHECK(dependencyMii(c.build().input()) == 9);
    c.slotOf(z).max_depth = 2;  // two stages: 2 * II > 8
    CHECK(dependencyMii(c.build().input()) == 5);
  }
  LoopBuilder g = b;
  g.slotOf(x).gid = g.slotOf(x).leader_gid = 7;
  g.slotOf(z).gid = g.slotOf(z).leader_gid = 7;  // x ->* z spans 8 cycles inside one stage
  CHECK(dependencyMii(g.build().input()) == 9);
  CHECK(dependencyMii(b.build().input()) == 1);
}

TEST_CASE("bounds report infeasible blocks instead of a number", "[cost][mii]") {
  LoopBuilder b;
  const int s = b.slot("tma");
  b.op(1, {{s, s}});
  const MiiAnalysis a = computeMiiBounds(b.build().input());
  CHECK(a.infeasible);
  CHECK(a.infeasibleNode == 0);
  CHECK_THAT(a.infeasibleReason, Catch::Contains("needs 2 units of 'tma'"));

  LoopBuilder c;
  const int x = c.op(2), y = c.op(3);
  c.edge(x, y, 2);
  c.edge(y, x, 3);
  const MiiAnalysis d = computeMiiBounds(c.build().input());
  CHECK(d.infeasible);
  CHECK(d.infeasibleNode == x);
  CHECK_THAT(d.infeasibleReason, Catch::Contains("op#0 -> op#1 -> op#0"));
}

TEST_CASE("the lower bound is the largest of the four", "[cost][mii]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(6, {{s}, {s}}), y = b.op(1, {{s}});
  b.edge(x, y, 6);
  b.edge(y, x, 1, 1);  // recurrence 7
  const MiiAnalysis a = computeMiiBounds(b.build().input());
  CHECK(a.bounds.resource == 3);
  CHECK(a.bounds.recurrence == 7);
  CHECK(a.bounds.fineDensity == 2);
  CHECK(a.bounds.dependency == 1);
  CHECK(a.bounds.lower() == 7);
}
