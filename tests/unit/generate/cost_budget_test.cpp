// Anytime answers (docs/decisions.md, "Anytime answers"): a probe the work budget cuts short
// leaves budget to the IIs above it, so a spent budget still returns the best schedule found, and
// a larger budget never gives a worse one. Over random loops, the (II, stage count) at budget B is
// never lexicographically worse than at B / 10, and a block scheduled at B / 10 is scheduled at B.
#include <catch2/catch.hpp>

#include <cstdio>
#include <utility>

#include "RandomModuloLoop.h"
#include "generate/GenerateSchedule.h"
#include "generate/ModuloProblem.h"
#include "generate/SerialFallback.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

ScheduleAnalysis scheduleAt(const RandomLoop &loop, int64_t budget) {
  ScheduleOptions opts;
  opts.workBudget = budget;
  opts.trace = true;  // the rounds' outcomes
  DiagnosticEngine diags;
  return generateCostBasedSchedule(loop.input(), opts, diags);
}

std::pair<int, int> iiAndStages(const ScheduleAnalysis &a) {
  return a.valid ? std::make_pair(a.ii, a.stageCount) : std::make_pair(1 << 30, 1 << 30);
}

// The budget cut the first probe short, yet the II is below the serial fallback's: the search
// went on above the cut II instead of giving up.
bool anytimeAnswer(const RandomLoop &loop, const ScheduleAnalysis &a) {
  if (!a.valid) return false;
  bool firstCut = false;
  for (const TraceEntry &e : a.trace)
    if (e.arm == TraceArm::Refine && e.outcome == TraceOutcome::Round) {
      firstCut = e.reason.find("cut short") != std::string::npos;
      break;
    }
  const SerialFallback serial = buildSerialFallback(buildModuloProblem(loop.input()));
  return firstCut && serial.available && a.ii < serial.ii;
}

}  // namespace

TEST_CASE("a larger work budget never gives a larger II, nor more stages at the same II", "[cost][budget]") {
  SplitMix rng(4711);
  int cases = 0, binding = 0, worse = 0, anytime = 0;
  for (int c = 0; c < 60; ++c) {
    RandomLoopSpec spec;
    spec.ops = rng.between(8, 40);
    spec.slots = rng.between(1, 3);
    spec.maxFootprintRows = rng.between(2, 8);
    spec.maxLatency = rng.between(1, 6);
    spec.window = 8;
    spec.carriedEdge = 0.05 * rng.below(3);
    const RandomLoop loop = makeRandomLoop(spec, 900000 + static_cast<uint64_t>(c));
    std::pair<int, int> previous = iiAndStages(scheduleAt(loop, 30));
    for (int64_t budget : {300, 3000, 30000, 300000}) {
      const ScheduleAnalysis a = scheduleAt(loop, budget);
      const std::pair<int, int> now = iiAndStages(a);
      anytime += anytimeAnswer(loop, a);
      ++cases;
      binding += now != previous;
      if (now > previous) {
        ++worse;
        UNSCOPED_INFO("loop " << c << ": budget " << budget << " gives II " << now.first << ", " << now.second
                              << " stages; a tenth of it II " << previous.first << ", " << previous.second);
      }
      previous = now;
    }
  }
  std::printf("work budget: %d pairs, %d improved by the larger budget, %d worse; %d below serial after a cut\n", cases,
              binding, worse, anytime);
  CHECK(worse == 0);
  CHECK(anytime > 0);
  CHECK(binding > 0);  // the budgets bind: the test compares different searches
}
