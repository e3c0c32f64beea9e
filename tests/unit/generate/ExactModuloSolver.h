// An exact modulo scheduler for small random loops, written independently of core/generate/
// so the property tests can compare the generator's II with the true optimum.
// A start cycle is II * stage + row. Rows are enumerated op by op (constrained and most-connected
// ops first) against a per-row resource count; for fixed rows, stages satisfy difference
// constraints
//   stage(v) - stage(u) >= ceil((row(u) - row(v) + D(u, v)) / II)
// (D = Floyd–Warshall longest-path closure of latency - II*distance), checked with
// Bellman-Ford after every row. Constraints follow docs/decisions.md: same depth = equal
// stage for ops of one DSU root, max_depth = k: stage within the first k stages,
// force_serial_execution = the op runs alone in its iteration and its instances do not overlap.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "RandomModuloLoop.h"

namespace tilesched::test {

struct ExactAnswer {
  bool decided = false;    // false when the node limit ran out first
  std::optional<int> ii;   // the optimum, when decided and some II <= maxII works
  std::vector<int> start;  // a schedule at that II
};

ExactAnswer exactMinimumII(const RandomLoop &loop, int maxII, int64_t nodeLimit);

}  // namespace tilesched::test
