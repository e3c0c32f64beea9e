// The optimality certificate: the window search (exact, over start cycles, per dependence
// component) and the lower-bound climb that proves IIs below the result infeasible.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "check/ScheduleChecker.h"
#include "generate/GenerateSchedule.h"
#include "generate/MiiBounds.h"
#include "generate/OptimalityProof.h"
#include "generate/WindowSearch.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

std::vector<int> allComponents(const FootprintComponents &fc) {
  std::vector<int> all;
  for (size_t c = 0; c < fc.ops.size(); ++c) all.push_back(static_cast<int>(c));
  return all;
}

ExactOutcome searchAll(const Placement &pl, int64_t limit, WorkBudget *budget = nullptr) {
  const FootprintComponents fc(pl.ctx);
  WindowSearch search(pl.ctx, fc, allComponents(fc));
  return search.run(limit, budget);
}

}  // namespace

TEST_CASE("the window search proves an II infeasible and completes a schedule at the next", "[cost][optimality]") {
  const RandomLoop loop = gappedLoop();
  Placement at4(loop, 4, false);
  CHECK(searchAll(at4, 100000) == ExactOutcome::Infeasible);

  Placement at5(loop, 5, false);
  const FootprintComponents fc(at5.ctx);
  WindowSearch search(at5.ctx, fc, allComponents(fc));
  REQUIRE(search.run(100000, nullptr) == ExactOutcome::Found);
  const std::vector<int> start = search.completeSchedule();
  REQUIRE(start.size() == 6u);
  for (int t : start) CHECK(t >= 0);
  CHECK(checkStarts(loop, 5, start).empty());
}

TEST_CASE("the window search completes components that must move down whole stages", "[cost][optimality]") {
  // A recurrence x <-> y feeds z across components; z's own recurrence with w shares the slot,
  // so the second component is placed on its own rows, then moved below its producer.
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(3, {{s}}), y = b.op(2, {{s}}), z = b.op(2, {{s}}), w = b.op(1, {{s}}), free = b.op(4);
  b.edge(x, y, 3);
  b.edge(y, x, 2, 1);
  b.edge(y, free, 2);
  b.edge(free, z, 4);
  b.edge(z, w, 2);
  b.edge(w, z, 1, 1);
  const RandomLoop &loop = b.build();
  const int ii = computeMiiBounds(buildModuloProblem(loop.input())).bounds.lower();
  Placement pl(loop, ii, false);
  const FootprintComponents fc(pl.ctx);
  REQUIRE(fc.ops.size() == 2u);
  WindowSearch search(pl.ctx, fc, {0, 1});
  REQUIRE(search.run(100000, nullptr) == ExactOutcome::Found);
  CHECK(checkStarts(loop, ii, search.completeSchedule()).empty());
}

TEST_CASE("one component alone is a relaxation: its infeasibility is the block's", "[cost][optimality]") {
  // x and y issue in the same cycle of every iteration (a zero-latency cycle) on one slot.
  LoopBuilder b;
  const int s = b.slot("s"), t = b.slot("t");
  const int x = b.op(0, {{s}}), y = b.op(0, {{s}});
  b.edge(x, y, 0);
  b.edge(y, x, 0);
  const int u = b.op(1, {{t}}), v = b.op(1, {{t}});
  b.edge(u, v, 1);
  const RandomLoop &loop = b.build();
  Placement pl(loop, 3, false);
  const FootprintComponents fc(pl.ctx);
  int pair = -1;
  for (size_t c = 0; c < fc.ops.size(); ++c)
    if (fc.ops[c].size() == 2) pair = static_cast<int>(c);
  REQUIRE(pair >= 0);
  WindowSearch alone(pl.ctx, fc, {pair});
  CHECK(alone.run(1000, nullptr) == ExactOutcome::Infeasible);
  CHECK(alone.nodes() == 1);  // x at row 0 leaves y no row: the search fails at the first node
  CHECK(searchAll(pl, 1000) == ExactOutcome::Infeasible);
}

TEST_CASE("the window search counts one node per op tried at a cycle, against both budgets", "[cost][optimality]") {
  const RandomLoop loop = gappedLoop();
  Placement pl(loop, 4, false);
  const FootprintComponents fc(pl.ctx);
  WindowSearch full(pl.ctx, fc, allComponents(fc));
  REQUIRE(full.run(100000, nullptr) == ExactOutcome::Infeasible);
  const int64_t need = full.nodes();
  REQUIRE(need > 1);
  CHECK(searchAll(pl, need) == ExactOutcome::Infeasible);
  CHECK(searchAll(pl, need - 1) == ExactOutcome::BudgetExhausted);
  WorkBudget enough(need), tooSmall(need - 1);
  CHECK(searchAll(pl, 100000, &enough) == ExactOutcome::Infeasible);
  CHECK_FALSE(enough.spent());
  CHECK(searchAll(pl, 100000, &tooSmall) == ExactOutcome::BudgetExhausted);
  CHECK(tooSmall.spent());
}

TEST_CASE("the lower-bound climb proves, improves, and stops at its budget", "[cost][optimality]") {
  const RandomLoop loop = gappedLoop();
  const ModuloProblem p = buildModuloProblem(loop.input());
  const ResourceLayout layout(p.capacity);
  TraceRecorder trace(true, 1000);
  REQUIRE(computeMiiBounds(p).bounds.lower() == 4);

  // At the optimum: II 4 is shown infeasible, so 5 is proven.
  ProofOutcome at5 = proveLowerBound(p, layout, 4, 5, {}, 100000, 0, nullptr, trace);
  CHECK(at5.lowerBound == 5);
  CHECK_FALSE(at5.improved);
  bool traced = false;
  for (const TraceEntry &e : trace.entries())
    traced = traced || (e.arm == TraceArm::Optimality && e.ii == 4 && e.outcome == TraceOutcome::Infeasible);
  CHECK(traced);

  // Above it: the climb finds the schedule at 5 and hands it back.
  ProofOutcome from9 = proveLowerBound(p, layout, 4, 9, {}, 100000, 0, nullptr, trace);
  REQUIRE(from9.improved);
  CHECK(from9.ii == 5);
  CHECK(from9.lowerBound == 5);
  CHECK(checkStarts(loop, 5, from9.start).empty());

  // What the II search proved is not searched again; no budget leaves the bound at the MII.
  CHECK(proveLowerBound(p, layout, 4, 5, {4}, 0, 0, nullptr, trace).lowerBound == 5);
  CHECK(proveLowerBound(p, layout, 4, 5, {}, 0, 0, nullptr, trace).lowerBound == 4);
  CHECK(proveLowerBound(p, layout, 4, 5, {}, 1, 0, nullptr, trace).lowerBound == 4);
}

TEST_CASE("the generator publishes the certificate; stage constraints keep the bounds only", "[cost][optimality]") {
  DiagnosticEngine diags;
  const ScheduleAnalysis a = generateCostBasedSchedule(gappedLoop().input(), ScheduleOptions{}, diags);
  REQUIRE(a.valid);
  CHECK(a.ii == 5);
  CHECK(a.optimality.status == Optimality::Proven);
  CHECK(a.optimality.lowerBound == 5);

  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(1, {{s}, {s}}), y = b.op(1, {{s}, {}, {s}});
  b.slotOf(x).max_depth = 4;
  b.slotOf(y).max_depth = 4;
  ScheduleOptions noProbeProof;
  noProbeProof.iiSearch = IISearch::Galloping;
  const ScheduleAnalysis c = generateCostBasedSchedule(b.build().input(), noProbeProof, diags);
  REQUIRE(c.valid);
  CHECK(c.ii == 5);
  // The II search's own exact rung proved 4 infeasible, which the certificate keeps.
  CHECK(c.optimality.status == Optimality::Proven);
  CHECK(c.optimality.lowerBound == 5);
}
