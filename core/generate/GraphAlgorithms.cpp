#include "generate/GraphAlgorithms.h"

#include <algorithm>
#include <deque>

namespace tilesched {

namespace {

// Longest path ending at each op from any op (>= 0), over the edges `weight` does not map to
// kNoPath64. Components in topological order, each relaxed to a fixed point.
template <typename Weight>
std::vector<int64_t> longestFromAnyOp(const ModuloProblem &p, Weight weight) {
  std::vector<int64_t> d(p.numNodes, 0);
  for (const std::vector<int> &nodes : p.sccMembers) {
    for (size_t pass = 0; pass <= nodes.size(); ++pass) {
      bool changed = false;
      for (int v : nodes)
        for (int ei : p.pred[v]) {
          const int64_t w = weight(p.edges[ei]);
          if (w == kNoPath64 || d[p.edges[ei].src] + w <= d[v]) continue;
          d[v] = d[p.edges[ei].src] + w;
          changed = true;
        }
      if (!changed) break;
    }
  }
  return d;
}

}  // namespace

std::vector<int> findPositiveCycle(const ModuloProblem &p, int comp, int ii, bool zeroDistanceOnly,
                                   std::vector<int> *cycleEdges) {
  const std::vector<int> &nodes = p.sccMembers[comp];
  const int m = static_cast<int>(nodes.size());
  auto local = [&](int v) { return static_cast<int>(std::lower_bound(nodes.begin(), nodes.end(), v) - nodes.begin()); };
  auto inside = [&](const ModuloEdge &e) { return p.scc[e.dst] == comp && (!zeroDistanceOnly || e.distance == 0); };
  std::vector<int64_t> dist(m, 0);  // virtual source at 0 to every node
  std::vector<int> predEdge(m, -1);
  std::vector<int> stamp(m, -1);

  // A cycle in the predecessor graph of strict improvements has positive weight; confirm it.
  auto predecessorCycle = [&]() -> std::vector<int> {
    std::fill(stamp.begin(), stamp.end(), -1);
    for (int s = 0; s < m; ++s) {
      int x = s;
      while (x >= 0 && stamp[x] < 0) {
        stamp[x] = s;
        x = predEdge[x] < 0 ? -1 : local(p.edges[predEdge[x]].src);
      }
      if (x < 0 || stamp[x] != s) continue;
      std::vector<int> cycle;  // walk back from x, then reverse into edge order
      int64_t weight = 0;
      int y = x;
      do {
        cycle.push_back(nodes[y]);
        weight += edgeWeight(p.edges[predEdge[y]], ii);
        y = local(p.edges[predEdge[y]].src);
      } while (y != x);
      if (weight <= 0) continue;
      std::reverse(cycle.begin(), cycle.end());
      // Rotate so the cycle starts at its smallest node id (deterministic naming).
      std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
      if (cycleEdges) {  // the edge into each next node is the one that improved it
        cycleEdges->clear();
        for (size_t i = 0; i < cycle.size(); ++i) cycleEdges->push_back(predEdge[local(cycle[(i + 1) % cycle.size()])]);
      }
      return cycle;
    }
    return {};
  };

  for (int pass = 0; pass <= m; ++pass) {
    bool changed = false;
    for (int i = 0; i < m; ++i) {
      for (int ei : p.succ[nodes[i]]) {
        const ModuloEdge &e = p.edges[ei];
        if (!inside(e)) continue;
        const int j = local(e.dst);
        const int64_t cand = dist[i] + edgeWeight(e, ii);
        if (cand > dist[j]) {
          dist[j] = cand;
          predEdge[j] = ei;
          changed = true;
        }
      }
    }
    if (!changed) return {};
    std::vector<int> cycle = predecessorCycle();
    if (!cycle.empty()) return cycle;
  }
  return predecessorCycle();
}

std::vector<int64_t> heightsAt(const ModuloProblem &p, int ii) {
  return longestToward(p, ii, std::vector<int64_t>(p.numNodes, 0));
}

std::vector<int64_t> longestToward(const ModuloProblem &p, int ii, std::vector<int64_t> h) {
  for (int c = static_cast<int>(p.sccMembers.size()) - 1; c >= 0; --c) {
    const std::vector<int> &nodes = p.sccMembers[c];
    // Successors in later components are final; edges inside the component need a fixed point.
    for (size_t pass = 0; pass <= nodes.size(); ++pass) {
      bool changed = false;
      for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        for (int ei : p.succ[*it]) {
          const ModuloEdge &e = p.edges[ei];
          if (h[e.dst] == kNoPath64) continue;
          const int64_t cand = edgeWeight(e, ii) + h[e.dst];
          if (cand > h[*it]) {
            h[*it] = cand;
            changed = true;
          }
        }
      }
      if (!changed) break;
    }
  }
  return h;
}

void settleFreeOps(const ModuloProblem &p, int ii, std::vector<int64_t> &start, const std::vector<uint8_t> &fixed) {
  for (const std::vector<int> &members : p.sccMembers)
    for (size_t pass = 0; pass <= members.size(); ++pass) {
      bool changed = false;
      for (int v : members) {
        if (fixed[v]) continue;
        for (int ei : p.pred[v]) {
          const ModuloEdge &e = p.edges[ei];
          const int64_t cand = start[e.src] + edgeWeight(e, ii);
          if (e.src != v && cand > start[v]) {
            start[v] = cand;
            changed = true;
          }
        }
      }
      if (!changed) break;
    }
}

std::vector<int64_t> longestDistanceZeroFrom(const ModuloProblem &p, int source) {
  std::vector<int64_t> d(p.numNodes, kNoPath64);
  std::vector<uint8_t> queued(p.numNodes, 0);
  std::vector<int> relaxCount(p.numNodes, 0);
  std::deque<int> queue{source};
  d[source] = 0;
  queued[source] = 1;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    queued[v] = 0;
    // A node relaxed n times sits on a positive distance-0 cycle; the bounds report those.
    if (++relaxCount[v] > p.numNodes) break;
    for (int ei : p.succ[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.distance != 0) continue;
      if (d[v] + e.latency > d[e.dst]) {
        d[e.dst] = d[v] + e.latency;
        if (!queued[e.dst]) {
          queued[e.dst] = 1;
          queue.push_back(e.dst);
        }
      }
    }
  }
  return d;
}

std::vector<int64_t> depthsAt(const ModuloProblem &p, int ii) {
  return longestFromAnyOp(p, [ii](const ModuloEdge &e) { return edgeWeight(e, ii); });
}

std::vector<int64_t> asapDistanceZero(const ModuloProblem &p) {
  return longestFromAnyOp(p, [](const ModuloEdge &e) { return e.distance == 0 ? e.latency : kNoPath64; });
}

}  // namespace tilesched
