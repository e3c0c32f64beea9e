// Property tests of the cost-based generator over 10,000 random loops: every schedule passes
// core/check's full checker (constraints included), II >= the published lower bound, II
// equals the exact optimum (ExactModuloSolver) on >= 98 % of the decided cases, linear and
// galloping II search agree, the output is deterministic, and the optimality certificate never
// claims more than the exact optimum allows.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

#include "ExactModuloSolver.h"
#include "RandomModuloLoop.h"
#include "TestScale.h"
#include "check/ScheduleChecker.h"
#include "generate/seeds/ConstraintRefinement.h"
#include "generate/GenerateSchedule.h"
#include "generate/seeds/MiiBounds.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

// The II the heuristics alone reach: the seeds' ladder and iterative repair, no exact search.
int heuristicII(const RandomLoop &loop) {
  const ModuloProblem p = loop.input();
  const MiiAnalysis mii = computeMiiBounds(p);
  const SerialFallback serial = buildSerialFallback(p);
  const ResourceLayout layout(p.capacity);
  LadderOptions ladder;
  ladder.exactOpLimit = -1;
  ScheduleOptions opts;
  opts.maxConstraintIterations = 64;
  TraceRecorder trace(false, 0);
  const int lower = mii.bounds.lower();
  return refineSchedule(p, layout, lower, std::max(lower, serial.ii), serial, opts, ladder, trace).ii;
}

std::vector<CheckedOp> checked(const ScheduleAnalysis &a) {
  std::vector<CheckedOp> ops;
  for (const OpSchedule &o : a.ops) ops.push_back({o.stage, o.order, o.cycle});
  return ops;
}

RandomLoopSpec specFor(SplitMix &rng) {
  RandomLoopSpec s;
  s.ops = rng.between(2, 7);
  s.slots = rng.between(1, 3);
  s.poolCaps = {rng.between(2, 3)};
  if (rng.chance(0.5)) s.poolCaps.push_back(rng.between(2, 4));
  s.maxFootprintRows = rng.between(1, 5);
  s.maxLatency = rng.between(0, 5);
  s.forwardEdge = 0.15 + 0.1 * rng.below(4);
  s.carriedEdge = 0.05 * rng.below(4);
  s.maxDistance = 2;
  const int flavour = rng.below(10);  // one loop in five carries constraints
  s.grouped = flavour == 0 ? 0.5 : 0.0;
  s.maxDepth = flavour == 1 ? 0.4 : 0.0;
  s.forceSerial = flavour == 2 ? 0.2 : 0.0;
  if (flavour == 3) s.grouped = s.maxDepth = 0.3;
  return s;
}

}  // namespace

TEST_CASE("cost-based generator on 10,000 random loops: valid, bounded, optimal, deterministic", "[cost][property]") {
  const int kCases = test::scaledCases(10000);
  SplitMix specs(20261121);
  int decided = 0, atOptimum = 0, heuristicAtOptimum = 0, invalid = 0, checkerViolations = 0, belowBound = 0,
      searchMismatch = 0, nondeterministic = 0, proven = 0, wrongCertificate = 0;
  std::map<int, int> gapHistogram;
  for (int c = 0; c < kCases; ++c) {
    const RandomLoop loop = makeRandomLoop(specFor(specs), static_cast<uint64_t>(c));
    DiagnosticEngine diags;
    ScheduleOptions opts;
    opts.maxConstraintIterations = 64;
    const ScheduleAnalysis a = generateCostBasedSchedule(loop.input(), opts, diags);
    if (!a.valid) {
      ++invalid;
      continue;
    }
    const std::vector<Violation> checker =
        checkSchedule({loop.graph, loop.resources, loop.model, &loop.constraints}, a.ii, checked(a));
    checkerViolations += static_cast<int>(checker.size());
    if (!checker.empty()) {
      ++invalid;
      UNSCOPED_INFO("case " << c << ": " << checker.front().message);
    }
    if (a.ii < a.mii->lower()) ++belowBound;

    const ExactAnswer exact = exactMinimumII(loop, a.ii, 2000000);
    if (exact.decided && exact.ii) {
      ++decided;
      atOptimum += *exact.ii == a.ii;
      heuristicAtOptimum += *exact.ii == heuristicII(loop);
      ++gapHistogram[a.ii - *exact.ii];
      if (*exact.ii < a.mii->lower()) ++belowBound;  // the bound must never exceed the optimum
      // The optimality certificate: its bound never passes the optimum, and "proven" means optimal.
      const bool proved = a.optimality.status == Optimality::Proven;
      proven += proved;
      if (a.optimality.lowerBound > *exact.ii || (proved && a.ii != *exact.ii) ||
          a.optimality.status == Optimality::Unknown) {
        ++wrongCertificate;
        UNSCOPED_INFO("case " << c << ": II " << a.ii << ", optimum " << *exact.ii << ", "
                              << optimalityName(a.optimality.status) << " bound " << a.optimality.lowerBound);
      }
    }

    ScheduleOptions gallop = opts;
    gallop.iiSearch = IISearch::Galloping;
    const ScheduleAnalysis g = generateCostBasedSchedule(loop.input(), gallop, diags);
    searchMismatch += !g.valid || g.ii != a.ii;

    if (c % 10 == 0) {
      ScheduleOptions traced = opts;
      traced.trace = true;
      const ScheduleAnalysis x = generateCostBasedSchedule(loop.input(), traced, diags);
      const ScheduleAnalysis y = generateCostBasedSchedule(loop.input(), traced, diags);
      bool same = x.ii == y.ii && x.orderedNodes == y.orderedNodes && x.trace.size() == y.trace.size();
      for (size_t i = 0; same && i < x.ops.size(); ++i)
        same = x.ops[i].cycle == y.ops[i].cycle && x.ops[i].order == y.ops[i].order;
      for (size_t i = 0; same && i < x.trace.size(); ++i)
        same = x.trace[i].reason == y.trace[i].reason && x.trace[i].cycle == y.trace[i].cycle;
      nondeterministic += !same || x.ii != a.ii;
    }
  }
  const double percent = decided ? 100.0 * atOptimum / decided : 0.0;
  const double heuristicPercent = decided ? 100.0 * heuristicAtOptimum / decided : 0.0;
  std::printf(
      "cost-based property: %d cases, %d decided by the exact solver, %d at optimum (%.2f%%; "
      "heuristic rungs alone %d, %.2f%%), %d invalid schedules, %d checker violations, %d below bound, "
      "%d linear/galloping mismatches, %d nondeterministic; %d proven optimal, %d wrong certificates\n",
      kCases, decided, atOptimum, percent, heuristicAtOptimum, heuristicPercent, invalid, checkerViolations, belowBound,
      searchMismatch, nondeterministic, proven, wrongCertificate);
  for (const auto &[gap, count] : gapHistogram) std::printf("  II - optimum = %d: %d\n", gap, count);
  CHECK(invalid == 0);
  CHECK(checkerViolations == 0);
  CHECK(belowBound == 0);
  CHECK(searchMismatch == 0);
  CHECK(nondeterministic == 0);
  CHECK(wrongCertificate == 0);
  CHECK(proven >= decided * 9 / 10);
  CHECK(decided >= kCases * 9 / 10);
  CHECK(percent >= 98.0);
  CHECK(heuristicPercent >= 98.0);
}

TEST_CASE("cost-based generator on 100 mid-size random loops: valid and mostly at the lower bound",
          "[cost][property]") {
  // 10 to 60 ops, too many for the exact solver: every schedule must be valid, and without
  // same-depth / max_depth constraints (whose bounds are loose) most reach the lower bound.
  constexpr int kCases = 100;
  SplitMix specs(4242);
  int invalid = 0, atBound = 0;
  for (int c = 0; c < kCases; ++c) {
    RandomLoopSpec spec = specFor(specs);
    spec.ops = specs.between(10, 60);
    spec.window = 10;
    spec.grouped = spec.maxDepth = 0;
    const RandomLoop loop = makeRandomLoop(spec, static_cast<uint64_t>(c) + 100000);
    DiagnosticEngine diags;
    const ScheduleAnalysis a = generateCostBasedSchedule(loop.input(), ScheduleOptions{}, diags);
    if (!a.valid ||
        !checkSchedule({loop.graph, loop.resources, loop.model, &loop.constraints}, a.ii, checked(a)).empty()) {
      ++invalid;
      continue;
    }
    atBound += a.ii == a.mii->lower();
  }
  std::printf("cost-based mid-size: %d cases, %d invalid, %d at the lower bound\n", kCases, invalid, atBound);
  CHECK(invalid == 0);
  CHECK(atBound >= kCases * 85 / 100);
}
