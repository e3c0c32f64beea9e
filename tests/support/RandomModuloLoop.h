// Random loop bodies for the cost-based generator's property tests and the scaling benchmark:
// a small machine of singleton slots and counted pools, random footprints and latencies,
// forward (distance-0) and carried (distance 1..maxDistance) edges, and optional constraint
// slots. Deterministic for a seed on every platform (splitmix64, no std distributions).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "contract/ScheduleAnalysis.h"
#include "contract/ModuloProblem.h"

namespace tilesched::test {

struct RandomLoopSpec {
  int ops = 6;
  int slots = 3;                    // singleton resources (capacity 1)
  std::vector<int> poolCaps{2, 3};  // counted pools
  int maxFootprintRows = 4;         // a footprint has 0..max rows
  int maxLatency = 4;
  double forwardEdge = 0.3;  // per ordered pair i < j (within `window`), distance 0
  double carriedEdge = 0.1;  // per ordered pair in either direction (and self), distance >= 1
  int maxDistance = 2;
  int window = 0;            // > 0: edges only between ops at most `window` apart
  double grouped = 0.0;      // chance an op joins one of three same-depth groups
  double maxDepth = 0.0;     // chance an op gets max_depth 1..3
  double forceSerial = 0.0;  // chance an op is force_serial_execution
};

struct RandomLoop {
  DependenceGraph graph;
  std::vector<OpResources> resources;
  TargetModel model;
  ConstraintState constraints;

  ModuloProblem input() const { return {graph, resources, model, &constraints}; }
};

class SplitMix {
public:
  explicit SplitMix(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return n <= 0 ? 0 : static_cast<int>(next() % static_cast<uint64_t>(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

private:
  uint64_t state_;
};

// Edges sorted by (src, dst, distance), one per key, with succ/pred lists (DependenceGraph.h).
inline DependenceGraph makeGraph(int n, std::vector<DepEdge> edges) {
  std::sort(edges.begin(), edges.end(), [](const DepEdge &a, const DepEdge &b) {
    return std::tie(a.src, a.dst, a.distance) < std::tie(b.src, b.dst, b.distance);
  });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const DepEdge &a, const DepEdge &b) {
                            return a.src == b.src && a.dst == b.dst && a.distance == b.distance;
                          }),
              edges.end());
  DependenceGraph g;
  g.numNodes = n;
  g.succ.resize(n);
  g.pred.resize(n);
  for (const DepEdge &e : edges) {
    g.succ[e.src].push_back(static_cast<int>(g.edges.size()));
    g.pred[e.dst].push_back(static_cast<int>(g.edges.size()));
    g.edges.push_back(e);
  }
  return g;
}

inline TargetModel makeModel(int slots, const std::vector<int> &poolCaps) {
  TargetModel m;
  m.name = "random";
  for (int s = 0; s < slots; ++s) {
    Resource r;
    r.name = "slot" + std::to_string(s);
    r.slotId = s + 1;
    m.resources.push_back(r);
  }
  for (size_t p = 0; p < poolCaps.size(); ++p) {
    Resource r;
    r.name = "pool" + std::to_string(p);
    r.capacity = poolCaps[p];
    r.isSlot = false;
    m.resources.push_back(r);
  }
  return m;
}

inline RandomLoop makeRandomLoop(const RandomLoopSpec &spec, uint64_t seed) {
  SplitMix rng(seed * 0x2545F4914F6CDD1Dull + 1);
  RandomLoop loop;
  loop.model = makeModel(spec.slots, spec.poolCaps);
  const int n = spec.ops;
  const int numResources = static_cast<int>(loop.model.resources.size());
  loop.resources.resize(n);
  for (OpResources &r : loop.resources) {
    r.latency = rng.between(0, spec.maxLatency);
    const int rows = rng.between(0, spec.maxFootprintRows);
    for (int k = 0; k < rows; ++k) {
      FootprintRow row;
      const int units = numResources > 0 ? rng.between(0, 2) : 0;
      for (int u = 0; u < units; ++u) {
        const int res = rng.below(numResources);
        // A singleton twice in one row could never be seated; keep the loops schedulable.
        if (loop.model.resources[res].capacity == 1 && std::count(row.begin(), row.end(), res)) continue;
        if (std::count(row.begin(), row.end(), res) >= loop.model.resources[res].capacity) continue;
        row.push_back(res);
      }
      r.footprint.push_back(row);
    }
  }
  std::vector<DepEdge> edges;
  auto near = [&](int a, int b) { return spec.window <= 0 || std::abs(a - b) <= spec.window; };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i < j && near(i, j) && rng.chance(spec.forwardEdge))
        edges.push_back({i, j, loop.resources[i].latency, 0, EdgeKind::Data});
      if (near(i, j) && rng.chance(spec.carriedEdge))
        edges.push_back({i, j, loop.resources[i].latency, rng.between(1, spec.maxDistance), EdgeKind::Carried});
    }
  loop.graph = makeGraph(n, std::move(edges));

  loop.constraints.slots.resize(n);
  for (int v = 0; v < n; ++v) {
    ConstraintSlot &s = loop.constraints.slots[v];
    if (rng.chance(spec.grouped)) s.gid = s.leader_gid = static_cast<uint32_t>(rng.between(1, 3));
    if (rng.chance(spec.maxDepth)) s.max_depth = static_cast<uint32_t>(rng.between(1, 3));
    if (rng.chance(spec.forceSerial)) s.flags |= FlagForceSerial;
  }
  return loop;
}

}  // namespace tilesched::test
