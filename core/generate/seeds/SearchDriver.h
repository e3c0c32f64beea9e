// The exponential-then-binary search driver of seed 002 (sub_988080): expand the threshold
// 1, 2, 4, ... until the probe flips to true, then bisect inside the bracket for the smallest
// threshold that satisfies it. Correct for monotone probes (false ... false true ... true),
// which the cost evaluators are by construction. `lo` stays at `lower` during the bisection,
// as in the seed (redundant but correct, facts §2.3).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

namespace tilesched {

template <typename Probe>
std::optional<int64_t> smallestFeasibleThreshold(Probe &&probe, int64_t lower, int64_t upper) {
  int64_t hi = std::max<int64_t>(lower, 1);
  if (lower == 0 && probe(int64_t{0})) return 0;
  while (hi < upper && !probe(hi)) hi = std::min(upper, hi * 2);
  if (hi > upper || !probe(hi)) return std::nullopt;
  int64_t lo = lower;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (probe(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

}  // namespace tilesched
