#include "contract/ModuloProblem.h"

#include <map>

#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

// Tarjan's algorithm (iterative). Component ids follow a topological order of the condensation.
int computeSccs(const ModuloProblem &p, std::vector<int> &component) {
  const int n = p.numNodes;
  std::vector<int> index(n, -1), low(n, 0), stack;
  std::vector<uint8_t> onStack(n, 0);
  std::vector<int> reverseTopo(n, -1);  // Tarjan emits components in reverse topological order
  int nextIndex = 0, count = 0;
  struct Frame {
    int node;
    size_t edge;
  };
  std::vector<Frame> frames;
  for (int root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    frames.push_back({root, 0});
    index[root] = low[root] = nextIndex++;
    stack.push_back(root);
    onStack[root] = 1;
    while (!frames.empty()) {
      Frame &f = frames.back();
      const int v = f.node;
      if (f.edge < p.succ[v].size()) {
        const int w = p.edges[p.succ[v][f.edge++]].dst;
        if (index[w] < 0) {
          index[w] = low[w] = nextIndex++;
          stack.push_back(w);
          onStack[w] = 1;
          frames.push_back({w, 0});
        } else if (onStack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[w] = 0;
          reverseTopo[w] = count;
        } while (w != v);
        ++count;
      }
      frames.pop_back();
      if (!frames.empty()) low[frames.back().node] = std::min(low[frames.back().node], low[v]);
    }
  }
  component.assign(n, 0);
  for (int v = 0; v < n; ++v) component[v] = count - 1 - reverseTopo[v];
  return count;
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
    if (prev >= 0) p.addEdge(prev, v, completion(prev), 0);
    for (int u = prev + 1; u < v; ++u) p.addEdge(u, v, completion(u), 0);
    for (int w = v + 1; w < next; ++w) p.addEdge(v, w, completion(v), 0);
    p.addEdge(v, v, completion(v), 1);
  }
  if (p.regionForceSerial && p.numNodes > 1) p.addEdge(p.numNodes - 1, 0, completion(p.numNodes - 1), 1);
}

// The seed 004 slots as placement reads them. Ops whose gid and leader_gid are both zero carry no
// group (seed 004: a zero-filled slot falls through every gate); the others share depth with every
// op of their DSU root.
void readConstraintSlots(ModuloProblem &p, const ConstraintState &cs) {
  const int n = p.numNodes;
  p.regionForceSerial = cs.regionForceSerial;
  std::map<uint32_t, int> denseGroup;
  for (int v = 0; v < n && v < static_cast<int>(cs.slots.size()); ++v) {
    const ConstraintSlot &s = cs.slots[v];
    p.maxDepth[v] = static_cast<int>(std::min<uint32_t>(s.max_depth, 1u << 20));
    p.forceSerial[v] = (s.flags & FlagForceSerial) != 0;
    if (s.gid == 0 && s.leader_gid == 0) continue;
    const uint32_t root = cs.dsu.findNoCompress(s.gid);
    auto [it, inserted] = denseGroup.emplace(root, static_cast<int>(p.groupGid.size()));
    if (inserted) p.groupGid.push_back(root);
    p.group[v] = it->second;
  }
  for (int v : cs.pending) {
    if (v < 0 || v >= n) continue;
    auto it = cs.pendingUntil.find(v);
    p.pendingLeader[v] = it != cs.pendingUntil.end() ? it->second : v;
  }
}

}  // namespace

ModuloProblem::ModuloProblem(const DependenceGraph &graph, const std::vector<OpResources> &resources,
                             const TargetModel &model, const ConstraintState *constraints,
                             const std::vector<std::string> *names, const ScheduledBlock *block,
                             const TileASView *lowered)
    : graph(graph),
      resources(resources),
      model(model),
      constraints(constraints),
      block(block),
      lowered(lowered),
      numNodes(graph.numNodes) {
  const int n = numNodes;
  for (int v = 0; v < n; ++v)
    nodeNames.push_back(
        names && v < static_cast<int>(names->size()) && !(*names)[v].empty() ? (*names)[v] : "op#" + std::to_string(v));
  if (!defects().empty()) return;  // nothing below can be indexed safely
  succ.resize(n);
  pred.resize(n);
  for (int v = 0; v < n; ++v) {
    latency.push_back(resources[v].latency);
    footprint.push_back(resources[v].footprint);
  }
  for (const Resource &r : model.resources) {
    capacity.push_back(unitLimit(r));
    resourceNames.push_back(r.name);
  }
  for (const DepEdge &e : graph.edges) addEdge(e.src, e.dst, e.latency, e.distance);
  group.assign(n, -1);
  maxDepth.assign(n, 0);
  forceSerial.assign(n, 0);
  pendingLeader.assign(n, -1);
  if (constraints) readConstraintSlots(*this, *constraints);
  if (regionForceSerial) std::fill(forceSerial.begin(), forceSerial.end(), 1);
  addSerializationEdges(*this);
  sccMembers.assign(computeSccs(*this, scc), {});
  for (int v = 0; v < n; ++v) sccMembers[scc[v]].push_back(v);
}

std::string ModuloProblem::name(int node) const {
  if (node >= 0 && node < static_cast<int>(nodeNames.size())) return nodeNames[node];
  return "op#" + std::to_string(node);
}

void ModuloProblem::addEdge(int src, int dst, int lat, int distance) {
  const int idx = static_cast<int>(edges.size());
  edges.push_back({src, dst, lat, distance});
  succ[src].push_back(idx);
  pred[dst].push_back(idx);
}

bool ModuloProblem::hasStageConstraints() const {
  for (int v = 0; v < numNodes; ++v)
    if (group[v] >= 0 || maxDepth[v] > 0) return true;
  return false;
}

std::string ModuloProblem::malformedNote() const {
  const std::vector<ProblemDefect> found = defects();
  return found.empty() ? std::string() : "the scheduling problem is malformed: " + found.front().message;
}

std::vector<ProblemDefect> ModuloProblem::defects() const {
  std::vector<ProblemDefect> out;
  const int n = numNodes;
  if (static_cast<int>(resources.size()) != n) {
    out.push_back({-1, -1,
                   "the block has " + std::to_string(n) + " ops, but its resource list has " +
                       std::to_string(resources.size()) + " entries"});
    return out;  // nothing below can be indexed by op
  }
  for (size_t e = 0; e < graph.edges.size(); ++e) {
    const DepEdge &edge = graph.edges[e];
    if (edge.src < 0 || edge.src >= n || edge.dst < 0 || edge.dst >= n)
      out.push_back({-1, static_cast<int>(e),
                     std::string(edgeKindName(edge.kind)) + " edge " + std::to_string(e) + " (" +
                         std::to_string(edge.src) + " -> " + std::to_string(edge.dst) + ") names an op outside 0.." +
                         std::to_string(n - 1)});
  }
  const int numResources = static_cast<int>(model.resources.size());
  for (int v = 0; v < n; ++v)
    for (size_t k = 0; k < resources[v].footprint.size(); ++k)
      for (int r : resources[v].footprint[k])
        if (r < 0 || r >= numResources)
          out.push_back({v, -1,
                         name(v) + " footprint row " + std::to_string(k) + " names resource index " +
                             std::to_string(r) + ", but target model '" + model.name + "' has " +
                             std::to_string(numResources) + " resources"});
  // SPEC §2.1: a slot is a singleton RRT bit; a pool has one unit or more per row.
  for (const Resource &r : model.resources) {
    if (r.isSlot && r.capacity != 1)
      out.push_back({-1, -1,
                     "slot '" + r.name + "' has capacity " + std::to_string(r.capacity) +
                         ", but a slot is a singleton (capacity 1)"});
    if (!r.isSlot && r.capacity < 1)
      out.push_back({-1, -1,
                     "pool '" + r.name + "' has capacity " + std::to_string(r.capacity) +
                         ", but a pool holds at least one unit per row"});
  }
  if (constraints) {
    if (static_cast<int>(constraints->slots.size()) != n)
      out.push_back({-1, -1,
                     "the block has " + std::to_string(n) + " ops, but its constraint state has " +
                         std::to_string(constraints->slots.size()) + " slots"});
    for (const NestedSlot &s : constraints->nested)
      if (s.enclosingNode < 0 || s.enclosingNode >= n)
        out.push_back({-1, -1,
                       "the constraint slot of the nested op at line " + std::to_string(s.line) +
                           " is enclosed by op " + std::to_string(s.enclosingNode) + ", outside 0.." +
                           std::to_string(n - 1)});
  }
  return out;
}

bool ModuloProblem::check(DiagnosticEngine &diags) const {
  const std::vector<ProblemDefect> found = defects();
  for (const ProblemDefect &d : found) {
    SourceRange at;
    if (block) {
      at = block->range;
      if (block->owner) at = block->owner->nameRange;
      if (d.node >= 0 && d.node < static_cast<int>(block->ops.size())) at = block->ops[d.node]->nameRange;
    }
    diags.error(at, "malformed scheduling problem: " + d.message);
  }
  return found.empty();
}

}  // namespace tilesched
