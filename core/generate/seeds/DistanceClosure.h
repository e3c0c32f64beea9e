// All-pairs structural distance at one II (seed 002, sub_98BEE0): the longest path weight of
// `latency - II * distance` from u to v, so cycle(v) - cycle(u) >= dist(u, v) in every schedule.
//
// Floyd–Warshall over the whole block is O(n^3) (and n^2 memory); on thousands of ops that is
// too slow for one probe per candidate II. The closure is therefore split by strongly connected
// component (docs/decisions.md, "Distance closure"):
//   - blocks of at most kWholeGraphLimit ops: one dense Floyd–Warshall matrix over all ops;
//   - otherwise each component of at most kDenseComponentLimit ops gets its own dense matrix,
//     and any other query (a larger component, or two different components) is answered by a
//     single-source longest-path row computed on demand (SPFA) and cached.
// At II >= RecMII there is no positive cycle, so every row converges.
#pragma once

#include <climits>
#include <deque>
#include <memory>
#include <vector>

#include "contract/ModuloProblem.h"

namespace tilesched {

class DistanceClosure {
public:
  // "No path" in the longest-path reading (the seed's 0x7FFFFFFF belongs to a min-plus reading).
  static constexpr int kNoPath = INT_MIN;
  static constexpr int kWholeGraphLimit = 128;
  static constexpr int kDenseComponentLimit = 256;
  static constexpr size_t kRowCacheLimit = 64;

  DistanceClosure(const ModuloProblem &p, int ii);

  // Longest path weight from u to v (0 for u == v), kNoPath when v is unreachable from u.
  int dist(int u, int v) const;
  // True when dist(u, v) is a dense-matrix lookup (same small component, or a small block).
  bool isDense(int u, int v) const;

private:
  struct Dense {
    std::vector<int> nodes;   // ascending node ids
    std::vector<int> matrix;  // row-major, nodes.size()^2
  };
  void buildDense(Dense &d) const;
  const std::vector<int> &rowFrom(int u) const;

  const ModuloProblem &p_;
  int ii_;
  std::vector<Dense> dense_;     // per dense block
  std::vector<int> denseOf_;     // node -> index into dense_, -1 when its component is large
  std::vector<int> localIndex_;  // node -> index inside its dense block
  bool whole_ = false;
  mutable std::deque<std::pair<int, std::vector<int>>> rows_;  // FIFO cache of on-demand rows
};

}  // namespace tilesched
