#include "generate/seeds/SerialFallback.h"

#include <algorithm>
#include <queue>

#include "support/Limits.h"

namespace tilesched {

SerialFallback buildSerialFallback(const ModuloProblem &p) {
  SerialFallback s;
  const int n = p.numNodes;
  std::vector<int> indegree(n, 0);
  for (const ModuloEdge &e : p.edges)
    if (e.distance == 0) ++indegree[e.dst];
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int v = 0; v < n; ++v)
    if (indegree[v] == 0) ready.push(v);
  s.start.assign(n, 0);
  std::vector<int64_t> earliest(n, 0);
  int64_t issue = 0, length = 1;
  while (!ready.empty()) {
    const int v = ready.top();
    ready.pop();
    const int64_t t = std::max(issue, earliest[v]);
    s.start[v] = static_cast<int>(t);
    s.issueOrder.push_back(v);
    issue = t + std::max(1, p.duration(v));
    length = std::max({length, t + 1, t + p.duration(v), t + p.latency[v]});
    for (int ei : p.succ[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.distance != 0) continue;
      earliest[e.dst] = std::max(earliest[e.dst], t + e.latency);
      if (--indegree[e.dst] == 0) ready.push(e.dst);
    }
  }
  if (static_cast<int>(s.issueOrder.size()) != n) return s;
  for (const ModuloEdge &e : p.edges) {
    if (e.distance == 0) continue;
    const int64_t need = int64_t{s.start[e.src]} + e.latency - s.start[e.dst];
    if (need > 0) length = std::max(length, (need + e.distance - 1) / e.distance);
  }
  s.length = length;
  s.available = length <= kMaxCycle;
  s.ii = static_cast<int>(std::min<int64_t>(length, kMaxCycle));
  return s;
}

}  // namespace tilesched
