// Dependences: cycle(v) >= cycle(u) + latency - II * distance for every edge (SPEC §4.8).
#include <cstdint>

#include "check/Checks.h"

namespace tilesched::check {

void checkDependences(CheckContext &c) {
  const std::vector<DepEdge> &edges = c.problem.graph.edges;
  for (size_t e = 0; e < edges.size(); ++e) {
    const DepEdge &edge = edges[e];
    const int64_t src = c.cycle(edge.src), dst = c.cycle(edge.dst);
    const int64_t need = src + edge.latency - (int64_t)c.ii * edge.distance;
    if (dst >= need) continue;
    const std::string u = c.name(edge.src), v = c.name(edge.dst);
    c.add(Violation::Kind::Dependence, edge.dst, edge.src,
          "edge " + u + " -> " + v + " (latency " + std::to_string(edge.latency) + ", distance " +
              std::to_string(edge.distance) + ") needs cycle(" + v + ") >= " + std::to_string(src) + " + " +
              std::to_string(edge.latency) + " - " + std::to_string(edge.distance) + "*" + std::to_string(c.ii) +
              " = " + std::to_string(need) + ", but cycle(" + v + ") = " + std::to_string(dst))
        .edge = (int)e;
  }
}

}  // namespace tilesched::check
