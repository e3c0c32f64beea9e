// The one instantiation of std::stable_sort that the core's sorts share (Sort.h).
#include "support/Sort.h"

#include <algorithm>
#include <numeric>

namespace tilesched {

void stableSortIndices(std::vector<int> &indices, IndexLess less) {
  std::stable_sort(indices.begin(), indices.end(), less);
}

std::vector<int> stableOrder(size_t n, IndexLess less) {
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  stableSortIndices(order, less);
  return order;
}

}  // namespace tilesched
