// The search drivers: seed 002's exponential-then-binary threshold search, and the II search in
// its linear and galloping forms.
#include <catch2/catch.hpp>

#include <set>

#include "RandomModuloLoop.h"
#include "generate/seeds/IISearch.h"
#include "generate/seeds/SearchDriver.h"

using namespace tilesched;
using namespace tilesched::test;

TEST_CASE("exponential-then-binary driver finds the smallest threshold of a monotone probe", "[cost][search]") {
  for (int64_t answer = 0; answer <= 300; ++answer) {
    int probes = 0;
    auto probe = [&](int64_t cap) {
      ++probes;
      return cap >= answer;
    };
    CHECK(smallestFeasibleThreshold(probe, 0, 1000) == answer);
    CHECK(probes <= 2 * 10 + 2);  // O(log) probes
  }
  CHECK(smallestFeasibleThreshold([](int64_t cap) { return cap >= 7; }, 3, 100) == 7);
  CHECK_FALSE(smallestFeasibleThreshold([](int64_t cap) { return cap >= 500; }, 0, 100));
  CHECK_FALSE(smallestFeasibleThreshold([](int64_t) { return false; }, 0, 1 << 20));
}

namespace {

struct Run {
  std::optional<int> ii;
  int probes = 0;
  std::optional<int> firstFeasibleAfter;  // probes until some feasible II was known
};

Run drive(int lower, int cap, IISearch mode, const std::set<int> &feasible) {
  IISearchDriver s(lower, cap, mode);
  Run run;
  std::set<int> seen;
  while (std::optional<int> ii = s.next()) {
    REQUIRE(seen.insert(*ii).second);  // never probes the same II twice
    REQUIRE(*ii >= lower);
    REQUIRE(*ii <= cap);
    ++run.probes;
    s.feed(*ii, feasible.count(*ii) > 0);
    if (!run.firstFeasibleAfter && s.smallestFeasibleSoFar()) run.firstFeasibleAfter = run.probes;
  }
  REQUIRE(s.concluded());
  run.ii = s.result();
  return run;
}

}  // namespace

TEST_CASE("linear and galloping II search return the same II, monotone or not", "[cost][search]") {
  SplitMix rng(99);
  for (int trial = 0; trial < 2000; ++trial) {
    const int lower = rng.between(1, 20), cap = lower + rng.between(0, 60);
    std::set<int> feasible;
    const double density = 0.05 * rng.between(0, 10);
    const bool monotone = rng.chance(0.5);
    const int threshold = rng.between(lower, cap + 3);
    for (int ii = lower; ii <= cap; ++ii)
      if (monotone ? ii >= threshold : rng.chance(density)) feasible.insert(ii);
    const Run linear = drive(lower, cap, IISearch::Linear, feasible);
    const Run gallop = drive(lower, cap, IISearch::Galloping, feasible);
    const std::optional<int> expect = feasible.empty() ? std::nullopt : std::optional<int>(*feasible.begin());
    INFO("trial " << trial);
    CHECK(linear.ii == expect);
    CHECK(gallop.ii == expect);
  }
}

TEST_CASE("galloping reaches a feasible II in logarithmically many probes", "[cost][search]") {
  std::set<int> feasible;
  for (int ii = 200; ii <= 1000; ++ii) feasible.insert(ii);
  const Run linear = drive(3, 1000, IISearch::Linear, feasible);
  const Run gallop = drive(3, 1000, IISearch::Galloping, feasible);
  CHECK(linear.ii == 200);
  CHECK(gallop.ii == 200);
  CHECK(*linear.firstFeasibleAfter == 198);
  CHECK(*gallop.firstFeasibleAfter <= 8);  // 3, 6, 12, ..., 384
}

TEST_CASE("an empty II range concludes without probing", "[cost][search]") {
  IISearchDriver s(9, 8, IISearch::Linear);
  CHECK_FALSE(s.next());
  CHECK(s.concluded());
  CHECK_FALSE(s.result());
}
