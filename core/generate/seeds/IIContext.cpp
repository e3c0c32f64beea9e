#include "generate/seeds/IIContext.h"

#include <algorithm>
#include <queue>

#include "generate/GraphAlgorithms.h"
#include "support/Sort.h"

namespace tilesched {

IIContext::IIContext(const ModuloProblem &p, const ResourceLayout &layoutIn, int iiIn)
    : problem(p), layout(layoutIn), ii(iiIn), closure(p, iiIn) {
  const int n = p.numNodes;
  folded.reserve(n);
  for (int v = 0; v < n; ++v) {
    folded.push_back(foldFootprint(p.footprint[v], ii, layout));
    if (folded.back().selfConflict() && rejectNode < 0) {
      rejectNode = v;
      rejectReason = "its footprint overfills '" + p.resourceNames[folded.back().selfConflictResource] +
                     "' when folded onto " + std::to_string(ii) + " rows";
    }
  }

  height = heightsAt(p, ii);
  depth = depthsAt(p, ii);
  findStageConflict();
  byPriority = stableOrder(n, [&](int a, int b) { return height[a] > height[b]; });
  priorityRank.assign(n, 0);
  for (int i = 0; i < n; ++i) priorityRank[byPriority[i]] = i;

  auto isReadyEdge = [&](const ModuloEdge &e) {
    return e.src != e.dst && (e.distance == 0 || p.scc[e.src] != p.scc[e.dst]);
  };
  std::vector<int> indegree(n, 0);
  for (const ModuloEdge &e : p.edges)
    if (isReadyEdge(e)) ++indegree[e.dst];
  auto later = [&](int a, int b) { return priorityRank[a] > priorityRank[b]; };
  std::priority_queue<int, std::vector<int>, decltype(later)> ready(later);
  for (int v = 0; v < n; ++v)
    if (indegree[v] == 0) ready.push(v);
  placementRank.assign(n, -1);
  int next = 0;
  std::vector<uint8_t> done(n, 0);
  while (next < n) {
    if (ready.empty()) {  // a zero-latency distance-0 cycle: release its most urgent op
      for (int v : byPriority)
        if (!done[v]) {
          ready.push(v);
          break;
        }
    }
    const int v = ready.top();
    ready.pop();
    if (done[v]) continue;
    done[v] = 1;
    placementRank[v] = next++;
    for (int ei : p.succ[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (isReadyEdge(e) && !done[e.dst] && --indegree[e.dst] == 0) ready.push(e.dst);
    }
  }
  readyPreds.assign(n, {});
  componentEntries.assign(p.sccMembers.size(), {});
  for (const ModuloEdge &e : p.edges) {
    if (p.scc[e.src] != p.scc[e.dst]) componentEntries[p.scc[e.dst]].push_back(e.src);
    else if (isReadyEdge(e) && placementRank[e.src] < placementRank[e.dst]) readyPreds[e.dst].push_back(e.src);
  }
  for (std::vector<std::vector<int>> *lists : {&readyPreds, &componentEntries})
    for (std::vector<int> &r : *lists) {
      std::sort(r.begin(), r.end());
      r.erase(std::unique(r.begin(), r.end()), r.end());
    }
  readySuccs.assign(n, {});
  entryOf.assign(n, {});
  for (int v = 0; v < n; ++v)
    for (int u : readyPreds[v]) readySuccs[u].push_back(v);
  for (size_t c = 0; c < componentEntries.size(); ++c)
    for (int u : componentEntries[c]) entryOf[u].push_back(static_cast<int>(c));
}

void IIContext::findStageConflict() {
  const ModuloProblem &p = problem;
  for (int v = 0; v < p.numNodes && rejectNode < 0; ++v)
    if (p.maxDepth[v] > 0 && depth[v] >= int64_t{p.maxDepth[v]} * ii) {
      rejectNode = v;
      rejectReason = "a dependence path of " + std::to_string(depth[v]) + " cycles leads to it, beyond max_depth " +
                     std::to_string(p.maxDepth[v]) + " stages of " + std::to_string(ii) + " cycles";
    }
  std::vector<std::vector<int>> members(p.groupGid.size());
  for (int v = 0; v < p.numNodes; ++v)
    if (p.group[v] >= 0) members[p.group[v]].push_back(v);
  for (const std::vector<int> &m : members)
    for (int u : m)
      for (int v : m) {
        if (rejectNode >= 0 || u == v) continue;
        const int d = closure.dist(u, v);
        if (d == DistanceClosure::kNoPath || d < ii) continue;
        rejectNode = v;
        rejectReason = "a dependence path of " + std::to_string(d) + " cycles from " + p.nodeNames[u] +
                       " spans a whole stage, yet group " + std::to_string(p.groupGid[p.group[v]]) +
                       " shares one depth";
      }
}

}  // namespace tilesched
