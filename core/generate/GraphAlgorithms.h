// Graph routines shared by the bounds, the closure and the priorities: positive-cycle search for a candidate II, and
// longest-path heights. Edge weight at II is `latency - II * distance` (the modulo dependence constraint).
#pragma once

#include <cstdint>
#include <vector>

#include "contract/ModuloProblem.h"

namespace tilesched {

inline constexpr int64_t kNoPath64 = INT64_MIN / 4;

inline int64_t edgeWeight(const ModuloEdge &e, int ii) {
  return static_cast<int64_t>(e.latency) - static_cast<int64_t>(ii) * e.distance;
}

// A cycle of positive weight among the edges inside component `comp`, as node ids in cycle
// order; empty when there is none. `zeroDistanceOnly` restricts the search to distance-0 edges
// (a positive cycle there defeats every II). Bellman-Ford with a predecessor-graph cycle check
// after each pass, so infeasible IIs are usually rejected in a few passes.
// `cycleEdges`, when given, receives the edge from each cycle node to the next, in cycle order.
std::vector<int> findPositiveCycle(const ModuloProblem &p, int comp, int ii, bool zeroDistanceOnly,
                                   std::vector<int> *cycleEdges = nullptr);

// HeightR (Rau 1994): longest path from each op to any sink, at least 0. Components are done in
// reverse topological order, each relaxed to a fixed point. Requires II >= RecMII.
std::vector<int64_t> heightsAt(const ModuloProblem &p, int ii);
// The same relaxation from given floors: h(v) = max(floor(v), weight(v, w) + h(w)) over edges
// v -> w; a floor of kNoPath64 is "no path" and is never extended.
std::vector<int64_t> longestToward(const ModuloProblem &p, int ii, std::vector<int64_t> floor);

// The ops not `fixed` go to the longest path from their start (at least what `start` holds)
// through every edge into them, components in topological order. When the fixed ops keep every
// closure constraint between them, this keeps every edge (a closed network is decomposable).
void settleFreeOps(const ModuloProblem &p, int ii, std::vector<int64_t> &start, const std::vector<uint8_t> &fixed);

// Longest path from any op to each op, at least 0 (the op's depth at this II).
std::vector<int64_t> depthsAt(const ModuloProblem &p, int ii);

// Longest distance-0 path from `source` to every op (kNoPath64 when unreachable); the source
// itself is 0.
std::vector<int64_t> longestDistanceZeroFrom(const ModuloProblem &p, int source);

// Longest distance-0 path ending at each op from any op (0 for ops without distance-0 preds):
// the op's ASAP cycle within one iteration.
std::vector<int64_t> asapDistanceZero(const ModuloProblem &p);

}  // namespace tilesched
