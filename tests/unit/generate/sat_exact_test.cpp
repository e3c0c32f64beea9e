// The SAT back end of the exact II question (generate/sat/SatExact.h): its verdicts agree with the
// window search wherever that search decides, every schedule it returns passes the independent
// checker, its conflict limit is the only limit it has, and the proof hands it what the window
// search leaves open.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "check/ScheduleChecker.h"
#include "generate/GenerateSchedule.h"
#include "generate/seeds/MiiBounds.h"
#include "generate/exact/OptimalityProof.h"
#include "generate/sat/SatExact.h"
#include "generate/exact/WindowSearch.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

SatAnswer sat(const Placement &pl, int64_t limit = 1000000) { return solveIIBySat(pl.ctx, limit, nullptr); }

}  // namespace

TEST_CASE("the SAT model proves the gapped loop infeasible at II 4 and schedules it at 5", "[cost][sat]") {
  const RandomLoop loop = gappedLoop();
  Placement at4(loop, 4, false);
  CHECK(sat(at4).verdict == SatVerdict::Infeasible);
  Placement at5(loop, 5, false);
  const SatAnswer a = sat(at5);
  REQUIRE(a.verdict == SatVerdict::Feasible);
  REQUIRE(a.start.size() == 6u);
  CHECK(checkStarts(loop, 5, a.start).empty());
}

TEST_CASE("the SAT model respects pools, wrapped footprints and recurrences", "[cost][sat]") {
  // x and y take three units of a 4-unit pool each (never one row together) on a recurrence of
  // 4 cycles; u's 6-row footprint wraps at II 4 and 5, folding two pool rows onto one; z and w
  // fill the slot s exactly at II 4, where z's rows {r, r+2} leave w no two adjacent rows.
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 4);
  const int x = b.op(2, {{p, p, p}});
  const int y = b.op(2, {{p, p, p}});
  b.op(1, {{p, p}, {}, {}, {}, {}, {p, p}});
  const int z = b.op(1, {{s}, {}, {s}});
  b.op(1, {{s}, {s}});
  b.edge(x, y, 2);
  b.edge(y, x, 2, 1);
  b.edge(y, z, 2);
  const RandomLoop &loop = b.build();
  REQUIRE(computeMiiBounds(loop.input()).bounds.lower() == 4);
  for (int ii = 4; ii <= 6; ++ii) {
    Placement pl(loop, ii, false);
    REQUIRE(pl.ctx.rejectNode < 0);
    const SatAnswer a = sat(pl);
    INFO("II " << ii);
    CHECK((a.verdict == SatVerdict::Feasible) == (ii >= 5));
    CHECK(a.verdict != SatVerdict::Unknown);
    if (a.verdict == SatVerdict::Feasible) CHECK(checkStarts(loop, ii, a.start).empty());
  }
}

TEST_CASE("the SAT model agrees with the window search on random loops", "[cost][sat]") {
  RandomLoopSpec spec;
  spec.ops = 9;
  spec.carriedEdge = 0.15;
  int decided = 0, feasible = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ModuloProblem p = loop.input();
    const MiiAnalysis mii = computeMiiBounds(p);
    if (mii.infeasible) continue;
    for (int ii = mii.bounds.lower(); ii < mii.bounds.lower() + 3; ++ii) {
      Placement pl(loop, ii, false);
      if (pl.ctx.rejectNode >= 0) continue;
      const FootprintComponents fc(pl.ctx);
      std::vector<int> all;
      for (size_t c = 0; c < fc.ops.size(); ++c) all.push_back(static_cast<int>(c));
      WindowSearch window(pl.ctx, fc, all);
      const ExactOutcome expect = window.run(2000000, nullptr);
      const SatAnswer a = sat(pl);
      INFO("seed " << seed << " II " << ii);
      REQUIRE(a.verdict != SatVerdict::Unknown);
      if (expect == ExactOutcome::BudgetExhausted) continue;
      ++decided;
      CHECK((a.verdict == SatVerdict::Feasible) == (expect == ExactOutcome::Found));
      if (a.verdict == SatVerdict::Feasible) {
        ++feasible;
        CHECK(checkStarts(loop, ii, a.start).empty());
      }
    }
  }
  CHECK(decided > 100);
  CHECK(feasible > 20);
  CHECK(decided - feasible > 20);
}

TEST_CASE("the SAT model stops at its conflict limit and counts the conflicts it spent", "[cost][sat]") {
  // Twelve two-row ops on one slot at II 23 < 24 rows: a pigeonhole, hard for resolution.
  LoopBuilder b;
  const int s = b.slot("s");
  for (int i = 0; i < 12; ++i) b.op(1, {{s}, {s}});
  const RandomLoop &loop = b.build();
  Placement pl(loop, 23, false);
  const SatAnswer few = sat(pl, 50);
  CHECK(few.verdict == SatVerdict::Unknown);
  // Conflicts the solver resolves without learning (at level 0) count towards its limit only.
  CHECK(few.conflicts > 40);
  CHECK(few.conflicts <= 50);
  const SatAnswer again = sat(pl, 50);
  CHECK(again.conflicts == few.conflicts);  // deterministic: no wall time, a fixed seed
  CHECK(sat(pl, 500).conflicts > 400);
}

TEST_CASE("the proof hands the solver what the window search leaves open", "[cost][sat]") {
  const RandomLoop loop = gappedLoop();
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  TraceRecorder trace(true, 1000);
  // One window-search node proves nothing; the solver proves II 4 infeasible and finds 5.
  const ProofOutcome out = proveLowerBound(p, layout, 4, 9, {}, 1, 100000, nullptr, trace);
  REQUIRE(out.improved);
  CHECK(out.ii == 5);
  CHECK(out.lowerBound == 5);
  CHECK(checkStarts(loop, 5, out.start).empty());
  CHECK(provedInTrace(trace, 4, "SAT solver"));
  // Without conflicts the bound stays where the window search left it.
  CHECK(proveLowerBound(p, layout, 4, 9, {}, 1, 0, nullptr, trace).lowerBound == 4);
}

TEST_CASE("the SAT proof charges its clauses and conflicts to the work budget and stops when it is spent",
          "[cost][sat]") {
  // A 120-op loop at a large II: without the charge the solver's models and conflicts here take
  // tens of seconds whatever the work budget says.
  RandomLoopSpec spec;
  spec.ops = 120;
  spec.window = 8;
  spec.carriedEdge = 0.02;
  const RandomLoop loop = makeRandomLoop(spec, 7);
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  const int mii = computeMiiBounds(p).bounds.lower();
  // The solver asks the bound first: 40 units stop its model, 500,000 its conflicts, and 3,000,000
  // pay for a schedule at the bound (about 970,000: the model's clauses, then its conflicts).
  for (const int64_t units : {int64_t{40}, int64_t{500000}, int64_t{3000000}}) {
    INFO("work budget " << units);
    WorkBudget budget(units);
    TraceRecorder trace(true, 1000);
    const ProofOutcome out = proveLowerBound(p, layout, mii, 4 * mii, {}, 0, 1000000, &budget, trace);
    const bool decided = units > 500000;
    CHECK(budget.spent() == !decided);
    CHECK(budget.remaining() >= 0);
    int satEntries = 0, cut = 0;
    for (const TraceEntry &e : trace.entries()) {
      if (e.arm != TraceArm::Optimality) continue;
      ++satEntries;
      if (e.reason.find("the work budget ran out") != std::string::npos) ++cut;
      CHECK(e.reason.find("conflict budget") == std::string::npos);
    }
    CHECK(satEntries == 1);
    CHECK(cut == (decided ? 0 : 1));
    CHECK(out.improved == decided);
    if (decided) {
      CHECK(out.ii == mii);
      CHECK(budget.remaining() < units - 500000);
    }
  }
  // The window search cut by the work budget says so as well.
  WorkBudget small(40);
  TraceRecorder quiet(false, 0);
  const ProofOutcome window = proveLowerBound(p, layout, mii, 4 * mii, {}, 1000000, 0, &small, quiet);
  REQUIRE_FALSE(window.verdicts.empty());
  CHECK(window.verdicts.front().result == IIAttempt::Result::CutShort);
  CHECK(window.verdicts.front().reason == "the work budget ran out at this II");
}

TEST_CASE("a block with footprints over 64 rows gets the SAT proof", "[cost][sat]") {
  // The gapped loop with the second op's gap stretched to 66 rows: the same rows at II 4 (66 mod
  // 4 = 2), so II 4 is infeasible, and at 5 the two ops fit. One window-search node proves nothing.
  LoopBuilder b;
  const int s = b.slot("s"), pool = b.pool("p", 4);
  b.op(1, {{s}, {s}});
  Footprint gapped{{s}};
  gapped.append({}, 65);
  gapped.push_back({s});
  b.op(1, gapped);
  for (int i = 0; i < 4; ++i) b.op(1, {{pool}});
  const RandomLoop &loop = b.build();
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  REQUIRE(computeMiiBounds(p).bounds.lower() == 4);
  WorkBudget budget(1000000);
  TraceRecorder trace(false, 0);
  const ProofOutcome out = proveLowerBound(p, layout, 4, 9, {}, 1, 100000, &budget, trace);
  REQUIRE(out.improved);
  CHECK(out.ii == 5);
  CHECK(out.lowerBound == 5);
  CHECK(checkStarts(loop, 5, out.start).empty());
  CHECK(budget.remaining() < 1000000 - 1);  // more than the window search's one node
}

TEST_CASE("an exact schedule replaces the heuristic's only once the independent checker accepts it", "[cost][sat]") {
  // A random loop where the proof finds a smaller II than a heuristic cut short after two
  // refinement rounds; the work budget leaves the proof room.
  RandomLoopSpec spec;
  spec.ops = 9;
  spec.carriedEdge = 0.15;
  ScheduleOptions options;
  options.maxConstraintIterations = 2;
  options.workBudget = 200000;
  ScheduleOptions heuristicOnly = options;
  heuristicOnly.proofBudget = 0;
  DiagnosticEngine diags;
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ModuloProblem in = loop.input();
    ScriptedCheck check;
    const ScheduleAnalysis alone = generateCostBasedSchedule(in, heuristicOnly, diags);
    if (!alone.valid) continue;
    int calls = 0;
    check.verdict = [&](const ScheduleAnalysis &proposed) {
      ++calls;
      CHECK(proposed.ii < alone.ii);
      return true;
    };
    const ScheduleAnalysis accepted = generateCostBasedSchedule(in, options, diags, &check);
    if (accepted.ii == alone.ii) continue;
    INFO("seed " << seed);
    CHECK(calls == 1);
    CHECK(accepted.ii < alone.ii);
    check.verdict = [](const ScheduleAnalysis &) { return false; };
    const ScheduleAnalysis rejected = generateCostBasedSchedule(in, options, diags, &check);
    CHECK(rejected.ii == alone.ii);
    CHECK(rejected.optimality.status == Optimality::Bound);
    CHECK(rejected.optimality.lowerBound == rejected.mii->lower());
    CHECK(hasNote(rejected, "failed the independent checker"));
    return;
  }
  FAIL("no random loop where the proof improves the heuristic's II");
}
