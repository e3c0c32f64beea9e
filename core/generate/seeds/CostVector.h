// The lexicographic cost of a seat (seed 000 "cost vector", seed 002 "Worked Scoring Example").
// Components rank from hardest to softest and are compared in that order; they are never summed
// or weighted into one scalar. A proposal of several seats adds its seats component by
// component.
#pragma once

#include <compare>
#include <cstdint>
#include <limits>
#include <string>

namespace tilesched {

struct CostVector {
  static constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max() / 4;

  int64_t resource = 0;      // 1. resource feasibility: full (row, resource) cells (0 = legal)
  int64_t pipeSlot = 0;      // 2. pipe-slot legality: longest dependence stretch (kInfinite: illegal)
  int64_t bankPressure = 0;  // 3. pooled units shared in-iteration plus carried across iterations
  int64_t structural = 0;    // 4. Kendall-tau inversions against program order

  static CostVector infinite() { return {kInfinite, kInfinite, kInfinite, kInfinite}; }

  CostVector &operator+=(const CostVector &o) {
    resource = saturatingAdd(resource, o.resource);
    pipeSlot = saturatingAdd(pipeSlot, o.pipeSlot);
    bankPressure = saturatingAdd(bankPressure, o.bankPressure);
    structural = saturatingAdd(structural, o.structural);
    return *this;
  }
  // Member order is the lexicographic order.
  friend auto operator<=>(const CostVector &, const CostVector &) = default;

  std::string str() const {
    auto one = [](int64_t x) { return x >= kInfinite ? std::string("inf") : std::to_string(x); };
    return "(" + one(resource) + ", " + one(pipeSlot) + ", " + one(bankPressure) + ", " + one(structural) + ")";
  }

private:
  static int64_t saturatingAdd(int64_t a, int64_t b) { return a >= kInfinite || b >= kInfinite ? kInfinite : a + b; }
};

}  // namespace tilesched
