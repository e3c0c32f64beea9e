// Dependences: cycle(v) >= cycle(u) + latency - II * distance for every edge (SPEC §4.8). Value
// edges (data, carried, token, sched.deps, a nested loop's own) and the effect table's ordering edges (memory,
// barrier) are checked as separate constraint kinds, so a violation says which order was broken.
#include <cstdint>

#include "check/Checks.h"

namespace tilesched::check {
namespace {

bool isOrdering(EdgeKind k) { return k == EdgeKind::Memory || k == EdgeKind::Barrier; }

// The edges of value kinds (`ordering` false) or of ordering kinds (true).
void checkEdges(CheckContext &c, bool ordering) {
  const std::vector<DepEdge> &edges = c.problem.graph.edges;
  for (size_t e = 0; e < edges.size(); ++e) {
    const DepEdge &edge = edges[e];
    if (isOrdering(edge.kind) != ordering) continue;
    const int64_t src = c.cycle(edge.src), dst = c.cycle(edge.dst);
    const int64_t need = src + edge.latency - (int64_t)c.ii * edge.distance;
    if (dst >= need) continue;
    const std::string u = c.name(edge.src), v = c.name(edge.dst);
    const std::string what = edge.kind == EdgeKind::Memory    ? "memory edge "
                             : edge.kind == EdgeKind::Barrier ? "barrier edge "
                                                              : "edge ";
    std::string why = edge.kind == EdgeKind::Memory    ? "; both touch the same memory"
                      : edge.kind == EdgeKind::Barrier ? "; a barrier, wait or arrive orders them"
                      : edge.kind == EdgeKind::Nested  ? "; a nested loop ends before its next instance starts"
                                                       : "";
    // A ring edge's distance is the iteration that uses the slot again (docs/decisions.md, "Ring
    // buffers"): the message names the ring, so a reader sees why the distance is not 1.
    if (edge.ring >= 0 && size_t(edge.ring) < c.problem.graph.rings.size()) {
      const Ring &ring = c.problem.graph.rings[size_t(edge.ring)];
      const std::string slot = "the same slot of ring " + ring.value + " (" + std::to_string(ring.slots) + " slots)";
      why = edge.kind == EdgeKind::Memory ? "; both touch " + slot
                                          : "; a barrier, wait or arrive on " + slot + " orders them";
    }
    const Violation::Kind kind = edge.kind == EdgeKind::Memory    ? Violation::Kind::MemoryOrder
                                 : edge.kind == EdgeKind::Barrier ? Violation::Kind::BarrierOrder
                                                                  : Violation::Kind::Dependence;
    c.add(kind, edge.dst, edge.src,
          what + u + " -> " + v + " (latency " + std::to_string(edge.latency) + ", distance " +
              std::to_string(edge.distance) + why + ") needs cycle(" + v + ") >= " + std::to_string(src) + " + " +
              std::to_string(edge.latency) + " - " + std::to_string(edge.distance) + "*" + std::to_string(c.ii) +
              " = " + std::to_string(need) + ", but cycle(" + v + ") = " + std::to_string(dst))
        .edge = (int)e;
  }
}

}  // namespace

void checkDependences(CheckContext &c) { checkEdges(c, false); }

void checkEffectOrder(CheckContext &c) { checkEdges(c, true); }

}  // namespace tilesched::check
