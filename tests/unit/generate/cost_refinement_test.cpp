// The constraint-refinement loop: rounds = probes of candidate IIs, the 2-bit status, the
// budget-truncated flag and what a truncated search keeps.
#include <catch2/catch.hpp>

#include <cstdio>
#include <utility>

#include "CostFixtures.h"
#include "generate/GenerateSchedule.h"
#include "contract/ModuloProblem.h"
#include "generate/seeds/SerialFallback.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

ScheduleAnalysis run(const RandomLoop &loop, ScheduleOptions opts) {
  DiagnosticEngine diags;
  opts.trace = true;
  return generateCostBasedSchedule(loop.input(), opts, diags);
}

ScheduleOptions linearSearch() {
  ScheduleOptions opts;
  opts.iiSearch = IISearch::Linear;
  return opts;
}

std::vector<std::string> roundReasons(const ScheduleAnalysis &a) {
  std::vector<std::string> rounds;
  for (const TraceEntry &e : a.trace)
    if (e.arm == TraceArm::Refine && e.outcome == TraceOutcome::Round) rounds.push_back(e.reason);
  return rounds;
}

ScheduleOptions budgeted(int64_t workBudget) {
  ScheduleOptions opts;
  opts.workBudget = workBudget;
  return opts;
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
  const SerialFallback serial = buildSerialFallback(loop.input());
  return firstCut && serial.available && a.ii < serial.ii;
}

}  // namespace

TEST_CASE("a concluded search converges: status bit 0, one round per probed II", "[cost][refinement]") {
  const ScheduleAnalysis a = run(gappedLoop(), linearSearch());
  REQUIRE(a.valid);
  CHECK(a.mii->lower() == 4);
  CHECK(a.ii == 5);
  CHECK(a.refinementStatus == 1u);
  CHECK_FALSE(a.budgetTruncated);
  CHECK(a.refinementRounds == 2);
}

TEST_CASE("running out of rounds sets bit 1 and the truncated flag, and falls back to serial", "[cost][refinement]") {
  ScheduleOptions opts = linearSearch();
  opts.maxConstraintIterations = 1;
  opts.proofBudget = 0;  // the seeds' behaviour, without the optimality search
  const ScheduleAnalysis cut = run(gappedLoop(), opts);
  REQUIRE(cut.valid);
  CHECK(cut.refinementStatus == 2u);
  CHECK(cut.budgetTruncated);
  CHECK(cut.refinementRounds == 1);
  CHECK(cut.ii == 9);  // the serial-execution schedule
  REQUIRE(cut.notes.size() == 1);
  CHECK_THAT(cut.notes.front().text, Catch::Contains("falling back to serial execution at II 9"));

  // Galloping reaches a feasible II within the same tight budget and keeps the best one found.
  opts.maxConstraintIterations = 2;
  opts.iiSearch = IISearch::Galloping;
  const ScheduleAnalysis gallop = run(gappedLoop(), opts);
  REQUIRE(gallop.valid);
  CHECK(gallop.budgetTruncated);
  CHECK(gallop.ii == 8);  // 4 fails, 8 succeeds; the bisection never ran
  CHECK_THAT(gallop.notes.front().text, Catch::Contains("keeping the smallest II found, 8"));

  // The optimality search climbs from the bound: 4 is infeasible, 5 is the optimum.
  opts.proofBudget = ScheduleOptions{}.proofBudget;
  const ScheduleAnalysis searched = run(gappedLoop(), opts);
  REQUIRE(searched.valid);
  CHECK(searched.budgetTruncated);
  CHECK(searched.ii == 5);
  CHECK(searched.optimality.status == Optimality::Proven);
  CHECK(searched.optimality.lowerBound == 5);
  CHECK_THAT(searched.notes.front().text,
             Catch::Contains("the exact search then found II 5, the smallest that exists"));
}

TEST_CASE("a failed search has status 0 and reports the largest II it tried", "[cost][refinement]") {
  ScheduleOptions opts;
  opts.iiCap = 4;
  const ScheduleAnalysis a = run(gappedLoop(), opts);
  CHECK_FALSE(a.valid);
  CHECK(a.refinementStatus == 0u);
  CHECK_FALSE(a.budgetTruncated);
  REQUIRE(a.failure);
  CHECK(a.failure->ii == 4);
  CHECK_THAT(a.notes.back().text, Catch::Contains("proved that no schedule exists at II 4"));
}

TEST_CASE("each round is traced with its II and outcome", "[cost][refinement]") {
  const std::vector<std::string> rounds = roundReasons(run(gappedLoop(), linearSearch()));
  REQUIRE(rounds.size() == 2);
  CHECK(rounds[0] == "round 1: II 4 proven infeasible");
  CHECK_THAT(rounds[1], Catch::StartsWith("round 2: II 5 scheduled by "));
}

TEST_CASE("the default search gallops from the lower bound, then bisects down to the smallest II",
          "[cost][refinement]") {
  const ScheduleAnalysis a = run(gappedLoop(), ScheduleOptions{});
  CHECK(a.ii == 5);
  CHECK(a.refinementStatus == 1u);
  const std::vector<std::string> rounds = roundReasons(a);
  REQUIRE(rounds.size() == 4);
  CHECK(rounds[0] == "round 1: II 4 proven infeasible");
  CHECK_THAT(rounds[1], Catch::StartsWith("round 2: II 8 scheduled by "));
  CHECK_THAT(rounds[2], Catch::StartsWith("round 3: II 6 scheduled by "));
  CHECK_THAT(rounds[3], Catch::StartsWith("round 4: II 5 scheduled by "));
}

TEST_CASE("at or above the serial II the serial-execution schedule is taken without a table", "[cost][refinement]") {
  // A recurrence of 20 million cycles: no reservation table of that many rows is built.
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(20000000, {{s}}), y = b.op(1, {{s}});
  b.edge(x, y, 20000000);
  b.edge(y, x, 0, 1);
  const ScheduleAnalysis a = run(b.build(), ScheduleOptions{});
  REQUIRE(a.valid);
  CHECK(a.mii->recurrence == 20000000);
  CHECK(a.ii == 20000001);  // the table for II 20000000 is too large to probe
  CHECK(a.refinementRounds == 2);
  bool serial = false;
  for (const TraceEntry &e : a.trace)
    serial = serial || e.reason == "round 2: II 20000001 scheduled by serial-fallback";
  CHECK(serial);
}

TEST_CASE("seed 003: a round lifts the depth constraint that makes the capped search infeasible",
          "[cost][refinement]") {
  // %a -(8)-> %b (max_depth 1) -> %c -(6)-> %d, %c and %d one same-depth group: alone they need
  // II 9 and 7. Below the cap of 4 neither holds; the bigger bound goes first.
  LoopBuilder b;
  const int a = b.op(8), bb = b.op(1), c = b.op(6), d = b.op(1);
  b.edge(a, bb, 8);
  b.edge(bb, c, 1);
  b.edge(c, d, 6);
  b.slotOf(bb).max_depth = 1;
  b.slotOf(c).gid = b.slotOf(c).leader_gid = 2;
  b.slotOf(d).gid = b.slotOf(d).leader_gid = 2;
  const RandomLoop &loop = b.build();

  ScheduleOptions opts;
  opts.iiCap = 4;
  const ScheduleAnalysis capped = run(loop, opts);
  REQUIRE(capped.valid);
  CHECK(capped.ii <= 4);
  REQUIRE(capped.lifted.size() == 2);
  CHECK(capped.lifted[0].kind == LiftedConstraint::Kind::MaxDepth);
  CHECK(capped.lifted[0].nodes == std::vector<int>{bb});
  CHECK(capped.lifted[0].bound == 9);
  CHECK(capped.lifted[1].kind == LiftedConstraint::Kind::SameDepth);
  CHECK(capped.lifted[1].nodes == std::vector<int>{c, d});
  CHECK(capped.lifted[1].value == 2u);
  CHECK(capped.lifted[1].bound == 7);
  std::vector<std::string> lifts;
  for (const TraceEntry &e : capped.trace)
    if (e.outcome == TraceOutcome::Lift) lifts.push_back(e.reason);
  CHECK(lifts == std::vector<std::string>{
                     "max_depth = 1 of op#1 (alone it needs II >= 9): no II up to the cap kept every constraint",
                     "the same-depth group of gid 2 (op#2, op#3) (alone it needs II >= 7): no II up to the cap kept "
                     "every constraint"});
  // Each lift is a refinement round.
  CHECK(capped.refinementRounds >= 3);
  // The certificate comes from the search that found the schedule, with both constraints lifted.
  CHECK(capped.optimality.status == Optimality::Proven);
  CHECK(capped.optimality.lowerBound == capped.ii);

  // Without a cap the constraints hold: the serial-execution II is always within reach.
  const ScheduleAnalysis free = run(loop, ScheduleOptions{});
  REQUIRE(free.valid);
  CHECK(free.lifted.empty());
  CHECK(free.ops[bb].stage == 0);
  CHECK(free.ops[c].stage == free.ops[d].stage);

  // A budget too small for a lift fails as before.
  opts.maxConstraintIterations = 1;
  const ScheduleAnalysis cut = run(loop, opts);
  CHECK_FALSE(cut.valid);
  CHECK(cut.lifted.empty());
}

// Anytime answers (docs/decisions.md, "Anytime answers"): a probe the work budget cuts short
// leaves budget to the IIs above it, so a spent budget still returns the best schedule found, and
// a larger budget never gives a worse one: over random loops, (II, stages) at budget B is never
// lexicographically worse than at B / 10.
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
    std::pair<int, int> previous = iiAndStages(run(loop, budgeted(30)));
    for (int64_t budget : {300, 3000, 30000, 300000}) {
      const ScheduleAnalysis a = run(loop, budgeted(budget));
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
