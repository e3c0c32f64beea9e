// The strategy ladder: each rung of the seeds (rau refinement, deepest retry, initial placement,
// cost-based placement, the clear-and-retry tail) and the rungs beyond them (iterative repair,
// exact search).
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "ExactModuloSolver.h"
#include "generate/exact/ExactSearch.h"
#include "generate/repair/IterativeRepair.h"
#include "generate/seeds/MiiBounds.h"
#include "generate/seeds/StrategyLadder.h"
#include "generate/WorkBudget.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

// Two singleton users that cannot share II = 4 although 4 units is the resource bound:
// rows {r, r+1} and {q, q+2} always meet modulo 4.
RandomLoop pairLoop() {
  LoopBuilder b;
  const int s = b.slot("s");
  b.op(1, {{s}, {s}});
  b.op(1, {{s}, {}, {s}});
  return b.build();
}

bool complete(const PlacementState &st) {
  for (int v = 0; v < st.problem().numNodes; ++v)
    if (!st.seated(v)) return false;
  return true;
}

}  // namespace

TEST_CASE("rau refinement replays the previous probe's order, refused on the first probe", "[cost][ladder]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(2, {{s}}), y = b.op(1, {{s}}), z = b.op(1, {{s}});
  b.edge(x, y, 2);
  Placement pl(b.build(), 3);
  std::vector<int> failed;
  CHECK(rauRefinement(pl.state, WarmStart{}, failed) == RungResult::Refused);
  CHECK(pl.state.seatedCount() == 0);
  WarmStart warm{true, {z, x, y}, {}};
  REQUIRE(rauRefinement(pl.state, warm, failed) == RungResult::Scheduled);
  const std::vector<TraceEntry> commits = pl.entries("commit");
  REQUIRE(commits.size() == 3);
  CHECK(commits[0].op == z);
  CHECK(commits[0].arm == TraceArm::RauRefinement);
  CHECK(pl.state.start(z) == 0);
  CHECK(pl.state.start(x) == 1);
}

TEST_CASE("deepest retry seats the ops that died first, deepest first", "[cost][ladder]") {
  LoopBuilder b;
  const int a = b.op(1), c = b.op(3), d = b.op(1);
  b.edge(a, c, 4);
  b.edge(c, d, 3);
  Placement pl(b.build(), 2);
  std::vector<int> failed;
  CHECK(deepestRetry(pl.state, {}, failed) == RungResult::Refused);
  REQUIRE(deepestRetry(pl.state, {c, d}, failed) == RungResult::Scheduled);
  const std::vector<TraceEntry> commits = pl.entries("commit");
  REQUIRE(commits.size() == 3);
  CHECK(commits[0].op == d);  // depth 7
  CHECK(commits[1].op == c);  // depth 4
  CHECK(commits[2].op == a);
  CHECK(complete(pl.state));
}

TEST_CASE("initial placement runs the OR-chain per ready group, cost-based placement competes per seat",
          "[cost][ladder]") {
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 2);
  const int x = b.op(2, {{s}, {p}}), y = b.op(1, {{p}}), z = b.op(1, {{s}});
  b.edge(x, y, 2);
  b.edge(y, z, 1);
  b.edge(z, x, 1, 1);
  {
    Placement pl(b.build(), 4);
    std::vector<int> failed;
    REQUIRE(initialPlacement(pl.state, LadderOptions{}, failed) == RungResult::Scheduled);
    CHECK(complete(pl.state));
    CHECK(pl.entries("accept").front().arm == TraceArm::Permute);
  }
  {
    Placement pl(b.build(), 4);
    std::vector<int> failed;
    REQUIRE(costBasedPlacement(pl.state, LadderOptions{}, failed) == RungResult::Scheduled);
    CHECK(complete(pl.state));
    CHECK(pl.entries("commit").size() == 3);  // one seat per step
    CHECK(pl.entries("accept").size() >= 3);  // every arm that proposed is traced
  }
}

TEST_CASE("the clear-and-retry tail starts from an empty table after earlier rungs left seats", "[cost][ladder]") {
  const RandomLoop loop = pairLoop();
  Placement pl(loop, 4);
  const LadderResult r = runStrategyLadder(pl.ctx, pl.recorder, WarmStart{true, {1, 0}, {}}, LadderOptions{});
  CHECK_FALSE(r.found);
  bool tail = false;
  for (const TraceEntry &e : pl.recorder.entries())
    tail = tail || (e.outcome == TraceOutcome::Clear && e.reason == "clear-and-retry tail");
  CHECK(tail);
  // Without a warm start the first rungs leave nothing behind and the tail is skipped.
  Placement fresh(loop, 4);
  runStrategyLadder(fresh.ctx, fresh.recorder, WarmStart{}, LadderOptions{});
  for (const TraceEntry &e : fresh.recorder.entries()) CHECK(e.reason != "clear-and-retry tail");
}

TEST_CASE("the exact search proves an II infeasible and finds the next one", "[cost][ladder]") {
  const RandomLoop loop = pairLoop();
  const ModuloProblem p = loop.input();
  REQUIRE(computeMiiBounds(p).bounds.lower() == 4);
  Placement at4(loop, 4);
  const LadderResult r4 = runStrategyLadder(at4.ctx, at4.recorder, WarmStart{}, LadderOptions{});
  CHECK_FALSE(r4.found);
  CHECK(r4.provenInfeasible);
  REQUIRE(r4.failure);
  CHECK(r4.failure->ii == 4);
  Placement at5(loop, 5);
  CHECK(exactModuloSearch(at5.state, 1000) == ExactOutcome::Found);
  CHECK(complete(at5.state));
}

TEST_CASE("the exact search decides each II as an independent exact solver does", "[cost][ladder]") {
  // Rows whose stage-system weights agree share one extension: a range taken too wide would skip
  // a row that fits (or keep a system built for another row) and turn an II's answer.
  RandomLoopSpec spec;
  spec.ops = 7;
  spec.maxFootprintRows = 6;
  spec.maxLatency = 6;
  spec.carriedEdge = 0.2;
  int compared = 0, found = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const MiiAnalysis mii = computeMiiBounds(loop.input());
    if (mii.infeasible) continue;
    const ExactAnswer exact = exactMinimumII(loop, mii.bounds.lower() + 8, 2000000);
    if (!exact.decided || !exact.ii) continue;
    for (int ii = mii.bounds.lower(); ii <= *exact.ii; ++ii) {
      Placement pl(loop, ii, false);
      const ExactOutcome e = pl.ctx.rejectNode >= 0 ? ExactOutcome::Infeasible : exactModuloSearch(pl.state, 1000000);
      if (e == ExactOutcome::BudgetExhausted) continue;
      INFO("seed " << seed << ", II " << ii << ", optimum " << *exact.ii);
      CHECK((e == ExactOutcome::Found) == (ii == *exact.ii));
      ++compared;
      found += e == ExactOutcome::Found;
    }
  }
  CHECK(compared > 200);  // 413 IIs decided, 300 of them optima
  CHECK(found > 100);
}

TEST_CASE("the exact search spends the block's work budget: a unit per extension, and its fit scans",
          "[cost][ladder]") {
  // Each extension costs the block budget a unit, as it costs the per-search limit, and the fit
  // scans cost their cells (scan_budget_test.cpp): with the block budget at exactly what a
  // search charges it ends as it would unbounded; one unit fewer stops it.
  RandomLoopSpec spec;
  spec.ops = 7;
  spec.maxFootprintRows = 4;
  spec.carriedEdge = 0.15;
  int checked = 0;
  for (uint64_t seed = 0; seed < 3000 && checked < 8; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const MiiAnalysis mii = computeMiiBounds(loop.input());
    if (mii.infeasible) continue;
    const int ii = mii.bounds.lower();
    auto search = [&](int64_t limit, WorkBudget *budget) {
      Placement pl(loop, ii, false);
      pl.state.budget = budget;
      return pl.ctx.rejectNode >= 0 ? ExactOutcome::Infeasible : exactModuloSearch(pl.state, limit);
    };
    int64_t need = 1;
    while (need <= 5000 && search(need, nullptr) == ExactOutcome::BudgetExhausted) ++need;
    if (need < 2 || need > 5000) continue;
    ++checked;
    INFO("seed " << seed << ", " << need << " extensions");
    const ExactOutcome unbounded = search(1000000, nullptr);
    WorkBudget meter(1000000000);
    CHECK(search(1000000, &meter) == unbounded);
    const int64_t charged = meter.limit() - meter.remaining();
    CHECK(charged >= need);
    WorkBudget enough(charged);
    CHECK(search(1000000, &enough) == unbounded);
    CHECK_FALSE(enough.spent());
    WorkBudget tooSmall(charged - 1);
    CHECK(search(1000000, &tooSmall) == ExactOutcome::BudgetExhausted);
    CHECK(tooSmall.spent());
  }
  CHECK(checked == 8);
}

TEST_CASE("iterative repair and the exact search rescue IIs where the seeds' arms give up", "[cost][ladder]") {
  // Random loops where the seeds' ladder fails at the lower bound: the rungs beyond it must
  // schedule them (or prove the bound infeasible) before the caller raises II.
  RandomLoopSpec spec;
  spec.ops = 7;
  spec.maxFootprintRows = 4;
  spec.carriedEdge = 0.15;
  int rescuedByRepair = 0, rescuedByExact = 0, provenInfeasible = 0, seen = 0;
  for (uint64_t seed = 0; seed < 3000 && seen < 40; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ModuloProblem p = loop.input();
    const MiiAnalysis mii = computeMiiBounds(p);
    if (mii.infeasible) continue;
    Placement pl(loop, mii.bounds.lower(), false);
    if (pl.ctx.rejectNode >= 0) continue;
    std::vector<int> failed;
    if (initialPlacement(pl.state, LadderOptions{}, failed) == RungResult::Scheduled) continue;
    ++seen;
    pl.state.clear(TraceArm::Ladder, "");
    if (iterativeRepair(pl.state, 8 * p.numNodes)) {
      ++rescuedByRepair;
      continue;
    }
    pl.state.clear(TraceArm::Ladder, "");
    const ExactOutcome e = exactModuloSearch(pl.state, 1000000);
    rescuedByExact += e == ExactOutcome::Found;
    provenInfeasible += e == ExactOutcome::Infeasible;
  }
  INFO("repair " << rescuedByRepair << ", exact " << rescuedByExact << ", infeasible " << provenInfeasible);
  CHECK(seen == 40);
  CHECK(rescuedByRepair > 0);
  CHECK(rescuedByRepair + rescuedByExact + provenInfeasible == seen);
}

// readyGroup is kept up to date seat by seat (readiness counters, windows dropped only for the
// ops that read the changed seat); it must answer what a scan of the whole block would: the
// ready ops by (slack, priority), with every window as a fresh state computes it. Blocks above
// the whole-graph closure limit (128 ops) with recurrences take the per-component paths.
TEST_CASE("readyGroup and windows after random seat changes match a fresh scan", "[cost][ladder]") {
  const int kCases = 12;
  for (int c = 0; c < kCases; ++c) {
    RandomLoopSpec spec;
    spec.ops = c % 3 == 0 ? 40 : 150 + 20 * c;
    spec.window = 6;
    spec.forwardEdge = 0.35;
    spec.carriedEdge = 0.08;
    const RandomLoop loop = makeRandomLoop(spec, static_cast<uint64_t>(c) + 777);
    const int ii = 3 + c % 4;
    Placement pl(loop, ii, false);
    PlacementState &st = pl.state;
    const int n = pl.problem.numNodes;
    SplitMix rng(static_cast<uint64_t>(c) + 99);
    for (int step = 0; step < 4 * n; ++step) {
      const int v = rng.below(n);
      if (st.seated(v)) st.uncommit(v, TraceArm::CostBased, "");
      else st.commit(v, rng.between(0, 4 * ii), TraceArm::CostBased, "");
      if (step % 97 == 5) st.clear(TraceArm::CostBased, "");
      if (step % 7 != 0) continue;
      // The reference: a fresh state with the same seats, and the scan readyGroup once made.
      PlacementState fresh(pl.ctx, pl.recorder);
      for (int u = 0; u < n; ++u)
        if (st.seated(u)) fresh.commit(u, st.start(u), TraceArm::CostBased, "");
      std::vector<std::pair<int, int>> expected;  // (slack, op) in priority order
      for (int u : pl.ctx.byPriority) {
        bool ready = !st.seated(u);
        for (int e : pl.ctx.componentEntries[pl.problem.scc[u]]) ready = ready && st.seated(e);
        for (int p : pl.ctx.readyPreds[u]) ready = ready && st.seated(p);
        if (!ready) continue;
        const PlacementState::Window w = fresh.window(u);
        expected.emplace_back(static_cast<int>(std::min<int64_t>(int64_t{w.latest} - w.earliest, ii)), u);
      }
      std::stable_sort(expected.begin(), expected.end(),
                       [](const auto &a, const auto &b) { return a.first < b.first; });
      std::vector<int> want;
      for (const auto &[slack, u] : expected) want.push_back(u);
      INFO("case " << c << ", step " << step);
      REQUIRE(st.readyGroup(n) == want);
      for (int u = 0; u < n; ++u) {
        const PlacementState::Window a = st.window(u), b = fresh.window(u);
        REQUIRE(a.earliest == b.earliest);
        REQUIRE(a.latest == b.latest);
      }
    }
  }
}
