// The serial generator (seed 000): a Kahn walk over the intra-iteration dependence DAG with a
// program-order ready queue; every op at stage 0 with a unique order. It never builds an RRT
// and never searches II: ops issue one after another, so no two footprints overlap.
#include <algorithm>
#include <queue>

#include "generate/GenerateSchedule.h"

namespace tilesched {

namespace {

int footprintDuration(const OpResources &r) { return static_cast<int>(r.footprint.size()); }

// seed 000 QUIRK: the serial path consults only force_serial_execution. tilesched keeps the
// behaviour but says so, once per dropped attribute.
void warnDroppedConstraints(const ScheduleInput &in, DiagnosticEngine &diags) {
  if (!in.block) return;
  static const char *dropped[] = {kAttrGid, kAttrLeaderGid, kAttrMaxDepth};
  for (const Operation *op : in.block->ops)
    for (const char *key : dropped)
      if (const Attribute *a = op->lookupAttr(key))
        diags.warning(a->range, std::string("the serial generator ignores '") + key +
                                    "' (seed 000 QUIRK: the serial path honours only force_serial_execution; "
                                    "use --generator=cost-based to enforce it)");
}

}  // namespace

ScheduleAnalysis generateSerialSchedule(const ScheduleInput &in, DiagnosticEngine &diags) {
  const DependenceGraph &g = *in.graph;
  const std::vector<OpResources> &res = *in.resources;
  ScheduleAnalysis a;
  a.generator = GeneratorKind::Serial;
  a.ops.assign(g.numNodes, {});
  warnDroppedConstraints(in, diags);

  // Only distance-0 edges order ops inside one iteration; carried edges are met because the
  // next iteration starts after this one has finished (II = iteration length).
  std::vector<int> inDegree(g.numNodes, 0);
  for (const DepEdge &e : g.edges)
    if (e.distance == 0) ++inDegree[e.dst];
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;  // program order
  for (int v = 0; v < g.numNodes; ++v)
    if (inDegree[v] == 0) ready.push(v);

  int order = 0, issue = 0, length = 1;
  std::vector<int> earliest(g.numNodes, 0);
  while (!ready.empty()) {
    int v = ready.top();
    ready.pop();
    int cycle = std::max(issue, earliest[v]);
    a.ops[v] = {0, order++, cycle};
    a.orderedNodes.push_back(v);
    issue = cycle + std::max(1, footprintDuration(res[v]));
    // Every op holds its issue cycle, so even a zero-latency op keeps stage = cycle / II = 0.
    length = std::max(length, cycle + std::max({1, res[v].latency, footprintDuration(res[v])}));
    for (int ei : g.succ[v]) {
      const DepEdge &e = g.edges[ei];
      if (e.distance != 0) continue;
      earliest[e.dst] = std::max(earliest[e.dst], cycle + e.latency);
      if (--inDegree[e.dst] == 0) ready.push(e.dst);
    }
  }

  if (order != g.numNodes) {
    a.valid = false;
    a.notes.push_back("the serial walk could not order every op: the block has a dependence cycle");
    return a;
  }
  // Carried edges may carry their own latency (sched.deps): stretch II until each holds.
  for (const DepEdge &e : g.edges) {
    if (e.distance == 0) continue;
    int need = a.ops[e.src].cycle + e.latency - a.ops[e.dst].cycle;
    length = std::max(length, (need + e.distance - 1) / e.distance);
  }
  a.valid = true;
  a.ii = length;
  a.stageCount = 1;
  return a;
}

}  // namespace tilesched
