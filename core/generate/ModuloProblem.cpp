#include "generate/ModuloProblem.h"

#include <algorithm>
#include <map>

#include "generate/GraphAlgorithms.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

void addEdge(ModuloProblem &p, int src, int dst, int latency, int distance) {
  const int idx = static_cast<int>(p.edges.size());
  p.edges.push_back({src, dst, latency, distance});
  p.succ[src].push_back(idx);
  p.pred[dst].push_back(idx);
}

// force_serial_execution (docs/decisions.md): a marked op runs alone in its iteration — every
// earlier op (program order) has completed when it starts, every later op starts after it
// completes — and its own instances do not overlap. Between consecutive marked ops only the ops
// in between are linked; the rest follow by transitivity, so the edge count stays O(n).
// A region-level mark marks every op and also keeps iterations from overlapping.
void addSerializationEdges(ModuloProblem &p) {
  std::vector<int> marked;
  for (int v = 0; v < p.numNodes; ++v)
    if (p.forceSerial[v]) marked.push_back(v);
  auto completion = [&](int v) { return std::max(0, p.latency[v]); };
  for (size_t i = 0; i < marked.size(); ++i) {
    const int v = marked[i];
    const int prev = i > 0 ? marked[i - 1] : -1;
    const int next = i + 1 < marked.size() ? marked[i + 1] : p.numNodes;
    if (prev >= 0) addEdge(p, prev, v, completion(prev), 0);
    for (int u = prev + 1; u < v; ++u) addEdge(p, u, v, completion(u), 0);
    for (int w = v + 1; w < next; ++w) addEdge(p, v, w, completion(v), 0);
    addEdge(p, v, v, completion(v), 1);
  }
  if (p.regionForceSerial && p.numNodes > 1) addEdge(p, p.numNodes - 1, 0, completion(p.numNodes - 1), 1);
}

}  // namespace

bool ModuloProblem::hasStageConstraints() const {
  for (int v = 0; v < numNodes; ++v)
    if (group[v] >= 0 || maxDepth[v] > 0) return true;
  return false;
}

std::string malformedNote(const SchedulingProblem &in) {
  const std::vector<ProblemDefect> defects = in.defects();
  return defects.empty() ? std::string() : "the scheduling problem is malformed: " + defects.front().message;
}

ModuloProblem buildModuloProblem(const SchedulingProblem &in) {
  ModuloProblem p;
  const DependenceGraph &g = in.graph;
  const int n = g.numNodes;
  p.numNodes = n;
  p.succ.resize(n);
  p.pred.resize(n);
  p.latency.assign(n, 1);
  p.footprint.assign(n, {});
  p.nodeNames.resize(n);
  for (int v = 0; v < n; ++v) {
    p.latency[v] = in.resources[v].latency;
    p.footprint[v] = in.resources[v].footprint;
    p.nodeNames[v] = in.name(v);
  }
  for (const Resource &r : in.model.resources) {
    p.capacity.push_back(unitLimit(r));
    p.resourceNames.push_back(r.name);
  }

  for (const DepEdge &e : g.edges) addEdge(p, e.src, e.dst, e.latency, e.distance);

  p.group.assign(n, -1);
  p.maxDepth.assign(n, 0);
  p.forceSerial.assign(n, 0);
  p.pendingLeader.assign(n, -1);
  if (const ConstraintState *cs = in.constraints) {
    p.regionForceSerial = cs->regionForceSerial;
    // Ops whose gid and leader_gid are both zero carry no group (seed 004: a zero-filled slot
    // falls through every gate); the others share depth with every op of their DSU root.
    std::map<uint32_t, int> denseGroup;
    for (int v = 0; v < n && v < static_cast<int>(cs->slots.size()); ++v) {
      const ConstraintSlot &s = cs->slots[v];
      p.maxDepth[v] = static_cast<int>(std::min<uint32_t>(s.max_depth, 1u << 20));
      p.forceSerial[v] = (s.flags & FlagForceSerial) != 0;
      if (s.gid == 0 && s.leader_gid == 0) continue;
      const uint32_t root = cs->dsu.findNoCompress(s.gid);
      auto [it, inserted] = denseGroup.emplace(root, static_cast<int>(p.groupGid.size()));
      if (inserted) p.groupGid.push_back(root);
      p.group[v] = it->second;
    }
    for (int v : cs->pending) {
      if (v < 0 || v >= n) continue;
      auto it = cs->pendingUntil.find(v);
      p.pendingLeader[v] = it != cs->pendingUntil.end() ? it->second : v;
    }
  }
  if (p.regionForceSerial) std::fill(p.forceSerial.begin(), p.forceSerial.end(), 1);
  addSerializationEdges(p);

  const int count = computeSccs(p, p.scc);
  p.sccMembers.assign(count, {});
  for (int v = 0; v < n; ++v) p.sccMembers[p.scc[v]].push_back(v);
  return p;
}

}  // namespace tilesched
