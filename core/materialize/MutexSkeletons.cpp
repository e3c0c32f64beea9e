// Mutex placeholders (seed 002: exclusion edges are seeded first, because a missing mutex is a
// correctness bug while a missing pipe edge only costs overlap).
#include <algorithm>
#include <map>

#include "materialize/Skeletons.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

// Does `consumer` read a value `producer` defines (directly or through iter_args)?
bool readsValueOf(const ScheduleView &view, int consumer, int producer) {
  for (const Value *u : view.uses(consumer))
    if (view.trace(u).producer == producer) return true;
  return false;
}

}  // namespace

// Three relations serialise work without a value to carry (docs/decisions.md):
//  - force_serial_execution on the scf.for: the whole body, one iteration at a time;
//  - force_serial_execution on ops: each constraint group of such ops;
//  - a sched.deps edge whose ops share no value (memory ordering, imported edges).
std::vector<MutexPlaceholder> seedMutexPlaceholders(const ScheduleView &view, const DependenceGraph &graph,
                                                    const ConstraintState *constraints,
                                                    const std::vector<std::string> &names) {
  std::vector<MutexPlaceholder> out;
  const int n = view.numNodes();
  bool slotsUsable = constraints && constraints->slots.size() == static_cast<size_t>(n);
  if (constraints && constraints->regionForceSerial && n > 0) {
    MutexPlaceholder all;
    for (int i = 0; i < n; ++i) all.ops.push_back(i);
    all.reason =
        "force_serial_execution on the " + std::string(view.block().owner ? view.block().owner->name : "block");
    out.push_back(std::move(all));
  }
  // Seeded in (stage, order), so the Mutex_ values do not depend on where the ops were written.
  if (slotsUsable) {
    std::map<uint32_t, size_t> placeholderOfGroup;
    for (int i : view.stageOrder()) {
      if (!(constraints->slots[i].flags & FlagForceSerial)) continue;
      uint32_t group = constraints->dsu.findNoCompress(constraints->slots[i].gid);
      auto [it, inserted] = placeholderOfGroup.emplace(group, out.size());
      if (inserted) out.push_back({{}, "force_serial_execution (constraint group " + std::to_string(group) + ")"});
      out[it->second].ops.push_back(i);
    }
  }
  std::vector<const DepEdge *> edges;
  for (const DepEdge &e : graph.edges)
    if (e.kind == EdgeKind::Explicit && e.src < n && e.dst < n && !readsValueOf(view, e.dst, e.src))
      edges.push_back(&e);
  stableSortBy(edges, [&](const DepEdge *a, const DepEdge *b) {
    if (a->src != b->src) return view.before(a->src, b->src);
    if (a->dst != b->dst) return view.before(a->dst, b->dst);
    return a->distance < b->distance;
  });
  for (const DepEdge *edge : edges) {
    const DepEdge &e = *edge;
    MutexPlaceholder p;
    p.ops = e.src == e.dst ? std::vector<int>{e.src} : std::vector<int>{std::min(e.src, e.dst), std::max(e.src, e.dst)};
    p.reason = "sched.deps " + names[e.src] + " -> " + names[e.dst] + " (latency " + std::to_string(e.latency) +
               ", distance " + std::to_string(e.distance) + ")";
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace tilesched
