#include "contract/SchedulingProblem.h"

namespace tilesched {

std::string SchedulingProblem::name(int node) const {
  if (nodeNames && node >= 0 && node < static_cast<int>(nodeNames->size()) && !(*nodeNames)[node].empty())
    return (*nodeNames)[node];
  return "op#" + std::to_string(node);
}

std::vector<ProblemDefect> SchedulingProblem::defects() const {
  std::vector<ProblemDefect> out;
  const int n = numNodes();
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

bool SchedulingProblem::check(DiagnosticEngine &diags) const {
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
