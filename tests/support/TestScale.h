// Case counts of the randomized property tests. They run every case normally; the sanitizer
// build (scripts/sanitize.sh) sets TILESCHED_TEST_SCALE=0.1 so each runs a tenth of them, which
// keeps ASan+UBSan within CI's time while still covering every code path the cases reach.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace tilesched::test {

inline int scaledCases(int cases) {
  const char *scale = std::getenv("TILESCHED_TEST_SCALE");
  if (!scale || !*scale) return cases;
  const double f = std::strtod(scale, nullptr);
  if (!(f > 0.0) || f >= 1.0) return cases;
  return std::max(1, static_cast<int>(cases * f));
}

}  // namespace tilesched::test
