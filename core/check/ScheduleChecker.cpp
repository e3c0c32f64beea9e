// Independent schedule checker (SPEC §4.8). Everything here is recomputed from
// the dependence graph, the resolved footprints, the target model's capacities and the constraint
// slots; nothing is taken from core/generate/, so a generator bug cannot hide behind shared code.
// One check per constraint kind (Checks.h), run in a fixed order.
#include "check/ScheduleChecker.h"

#include "check/Checks.h"

namespace tilesched {

namespace check {

std::string CheckContext::name(int node) const { return problem.name(node); }

Violation &CheckContext::add(Violation::Kind kind, int node, int other, std::string message) {
  Violation v;
  v.kind = kind;
  v.node = node;
  v.otherNode = other;
  v.message = std::move(message);
  found.push_back(std::move(v));
  return found.back();
}

// Op, edge, footprint and slot indices must agree before anything is indexed by them.
bool checkShape(CheckContext &c) {
  const DependenceGraph &graph = c.problem.graph;
  const std::vector<OpResources> &resources = c.problem.resources;
  const int n = graph.numNodes;
  if ((int)c.ops.size() != n || (int)resources.size() != n) {
    c.add(Violation::Kind::Shape, -1, -1,
          "the graph has " + std::to_string(n) + " ops, but the schedule gives " + std::to_string(c.ops.size()) +
              " and the resource list " + std::to_string(resources.size()));
    return false;
  }
  if (c.problem.constraints && (int)c.problem.constraints->slots.size() != n) {
    c.add(Violation::Kind::Shape, -1, -1,
          "the graph has " + std::to_string(n) + " ops, but the constraint state has " +
              std::to_string(c.problem.constraints->slots.size()) + " slots");
    return false;
  }
  for (size_t e = 0; e < graph.edges.size(); ++e) {
    const DepEdge &edge = graph.edges[e];
    if (edge.src < 0 || edge.src >= n || edge.dst < 0 || edge.dst >= n)
      c.add(Violation::Kind::Shape, -1, -1,
            "edge " + std::to_string(e) + " (" + std::to_string(edge.src) + " -> " + std::to_string(edge.dst) +
                ") names an op outside 0.." + std::to_string(n - 1))
          .edge = (int)e;
  }
  const int numResources = (int)c.problem.model.resources.size();
  for (int i = 0; i < n; ++i)
    for (size_t k = 0; k < resources[i].footprint.size(); ++k)
      for (int r : resources[i].footprint[k])
        if (r < 0 || r >= numResources)
          c.add(Violation::Kind::Shape, i, -1,
                c.name(i) + " footprint row " + std::to_string(k) + " names resource index " + std::to_string(r) +
                    ", but the target model has " + std::to_string(numResources) + " resources");
  return c.found.empty();
}

}  // namespace check

std::vector<Violation> checkSchedule(const SchedulingProblem &problem, int ii, const std::vector<CheckedOp> &ops) {
  check::CheckContext c{problem, ii, ops, {}};
  if (!check::checkShape(c)) return std::move(c.found);
  if (ii < 1) {
    c.add(Violation::Kind::BadII, -1, -1, "II must be at least 1, but the schedule has II " + std::to_string(ii));
    return std::move(c.found);
  }
  for (void (*run)(check::CheckContext &) : {check::checkDependences, check::checkEffectOrder, check::checkResources,
                                             check::checkStages, check::checkStageOrder, check::checkMaxDepth,
                                             check::checkSameDepth, check::checkLeaders, check::checkForceSerial})
    run(c);
  return std::move(c.found);
}

}  // namespace tilesched
