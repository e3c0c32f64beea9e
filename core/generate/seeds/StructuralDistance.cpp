#include "generate/seeds/StructuralDistance.h"

#include <algorithm>
#include <climits>

namespace tilesched {

namespace {
constexpr int kUnseatedCycle = INT_MIN;
}

InversionCounter::InversionCounter(int numNodes)
    : blocks_((numNodes + kBlock - 1) / kBlock), cycleOf_(numNodes, kUnseatedCycle) {}

void InversionCounter::insert(int node, int cycle) {
  std::vector<int> &b = blocks_[node / kBlock];
  b.insert(std::upper_bound(b.begin(), b.end(), cycle), cycle);
  cycleOf_[node] = cycle;
}

void InversionCounter::erase(int node, int cycle) {
  std::vector<int> &b = blocks_[node / kBlock];
  auto it = std::lower_bound(b.begin(), b.end(), cycle);
  if (it != b.end() && *it == cycle) b.erase(it);
  cycleOf_[node] = kUnseatedCycle;
}

void InversionCounter::clear() {
  for (std::vector<int> &b : blocks_) b.clear();
  std::fill(cycleOf_.begin(), cycleOf_.end(), kUnseatedCycle);
}

int64_t InversionCounter::inversionsWith(int node, int cycle) const {
  const int own = node / kBlock;
  int64_t count = 0;
  for (int i = 0; i < own; ++i)  // earlier in program order, later in time
    count += blocks_[i].end() - std::upper_bound(blocks_[i].begin(), blocks_[i].end(), cycle);
  for (size_t i = own + 1; i < blocks_.size(); ++i)  // later in program order, earlier in time
    count += std::lower_bound(blocks_[i].begin(), blocks_[i].end(), cycle) - blocks_[i].begin();
  const int end = std::min<int>((own + 1) * kBlock, static_cast<int>(cycleOf_.size()));
  for (int j = own * kBlock; j < end; ++j) {
    const int c = cycleOf_[j];
    if (j == node || c == kUnseatedCycle) continue;
    count += (j < node && c > cycle) || (j > node && c < cycle);
  }
  return count;
}

int64_t InversionCounter::totalInversions(const std::vector<int> &cycles) {
  std::vector<int> a = cycles, tmp(cycles.size());
  int64_t count = 0;
  for (size_t width = 1; width < a.size(); width *= 2) {
    for (size_t lo = 0; lo < a.size(); lo += 2 * width) {
      const size_t mid = std::min(lo + width, a.size()), hi = std::min(lo + 2 * width, a.size());
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (a[j] < a[i]) {
          count += static_cast<int64_t>(mid - i);
          tmp[k++] = a[j++];
        } else {
          tmp[k++] = a[i++];
        }
      }
      while (i < mid) tmp[k++] = a[i++];
      while (j < hi) tmp[k++] = a[j++];
    }
    std::swap(a, tmp);
  }
  return count;
}

}  // namespace tilesched
