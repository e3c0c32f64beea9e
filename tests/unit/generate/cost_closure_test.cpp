// The distance closure against Bellman-Ford from every source, in its three regimes: one dense
// matrix (small blocks), per-component matrices plus on-demand rows, and a component too large
// for a matrix.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/seeds/DistanceClosure.h"
#include "generate/seeds/MiiBounds.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

std::vector<int64_t> bellmanFord(const ModuloProblem &p, int src, int ii) {
  std::vector<int64_t> d(p.numNodes, INT64_MIN);
  d[src] = 0;
  for (int pass = 0; pass < p.numNodes; ++pass)
    for (const ModuloEdge &e : p.edges)
      if (d[e.src] != INT64_MIN) d[e.dst] = std::max(d[e.dst], d[e.src] + e.latency - int64_t{ii} * e.distance);
  return d;
}

// A chain of `n` ops with local forward edges; `ring` closes it into one component.
RandomLoop chainLoop(int n, bool ring, uint64_t seed) {
  SplitMix rng(seed);
  LoopBuilder b;
  for (int v = 0; v < n; ++v) b.op(rng.between(0, 5));
  for (int v = 0; v + 1 < n; ++v) b.edge(v, v + 1, rng.between(0, 5));
  for (int v = 0; v + 3 < n; ++v)
    if (rng.chance(0.3)) b.edge(v, v + 3, rng.between(0, 9));
  for (int v = 4; v < n; ++v)
    if (rng.chance(0.15)) b.edge(v, v - rng.between(1, 4), rng.between(0, 5), rng.between(1, 2));
  if (ring) b.edge(n - 1, 0, 1, 1);
  return b.build();
}

void compare(const RandomLoop &loop, int pairs, uint64_t seed) {
  const ModuloProblem p = loop.input();
  const int ii = recurrenceMii(p, nullptr);
  const DistanceClosure closure(p, ii);
  SplitMix rng(seed);
  std::vector<std::vector<int64_t>> rows(p.numNodes);
  for (int k = 0; k < pairs; ++k) {
    const int u = rng.below(p.numNodes), v = rng.below(p.numNodes);
    if (rows[u].empty()) rows[u] = bellmanFord(p, u, ii);
    const int64_t expect = u == v ? 0 : rows[u][v];
    INFO("u " << u << " v " << v << " ii " << ii);
    if (expect == INT64_MIN) CHECK(closure.dist(u, v) == DistanceClosure::kNoPath);
    else CHECK(closure.dist(u, v) == expect);
  }
}

}  // namespace

TEST_CASE("closure of a small block: one dense Floyd-Warshall matrix", "[cost][closure]") {
  for (uint64_t s = 0; s < 20; ++s) {
    const RandomLoop loop = chainLoop(40, s % 2 == 0, s);
    const ModuloProblem p = loop.input();
    const DistanceClosure c(p, recurrenceMii(p, nullptr));
    CHECK(c.isDense(0, 39));
    compare(loop, 400, s);
  }
}

TEST_CASE("closure of a large block: per-component matrices and on-demand rows", "[cost][closure]") {
  const RandomLoop loop = chainLoop(600, false, 3);
  const ModuloProblem p = loop.input();
  const DistanceClosure c(p, recurrenceMii(p, nullptr));
  CHECK_FALSE(c.isDense(0, 599));
  CHECK(c.dist(599, 0) == DistanceClosure::kNoPath);  // no edge leads back to an earlier component
  compare(loop, 3000, 11);
}

TEST_CASE("closure inside a component too large for a matrix", "[cost][closure]") {
  const RandomLoop loop = chainLoop(400, true, 5);  // the ring makes one 400-op component
  const ModuloProblem p = loop.input();
  REQUIRE(p.sccMembers.size() == 1);
  const DistanceClosure c(p, recurrenceMii(p, nullptr));
  CHECK_FALSE(c.isDense(0, 1));
  compare(loop, 2000, 13);
}
