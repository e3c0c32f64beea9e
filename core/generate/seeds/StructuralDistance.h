// Structural distance (cost component 4): Kendall-tau inversions of the schedule against program
// order. The final order of a block sorts ops by cycle (stage = cycle / II, order = rank by cycle
// inside the stage), so a pair (a, b) with a before b in program order is inverted when
// cycle(a) > cycle(b). The counter answers "how many inversions would seating v at t add against
// the seated ops" in O(n/B log B + B): seated cycles are kept sorted per block of B consecutive
// program positions.
#pragma once

#include <cstdint>
#include <vector>

namespace tilesched {

class InversionCounter {
public:
  static constexpr int kBlock = 64;

  explicit InversionCounter(int numNodes);
  void insert(int node, int cycle);
  void erase(int node, int cycle);
  void clear();
  // Inversions between (node, cycle) and every seated op other than `node`.
  int64_t inversionsWith(int node, int cycle) const;

  // Kendall-tau distance of a complete assignment against program order (O(n log n)).
  static int64_t totalInversions(const std::vector<int> &cycles);

private:
  std::vector<std::vector<int>> blocks_;  // sorted seated cycles per program block
  std::vector<int> cycleOf_;              // seated cycle per node, or kUnseated
};

}  // namespace tilesched
