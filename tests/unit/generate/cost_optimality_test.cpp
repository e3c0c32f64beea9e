// The optimality certificate: the window search (exact, over start cycles, per dependence
// component) and the lower-bound climb that proves IIs below the result infeasible.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "ExactModuloSolver.h"
#include "check/ScheduleChecker.h"
#include "generate/GenerateSchedule.h"
#include "generate/seeds/MiiBounds.h"
#include "generate/exact/OptimalityProof.h"
#include "generate/exact/WindowSearch.h"
#include "TestScale.h"

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

TEST_CASE("a window search that backtracks to the root holds the fit bits a fresh search marks", "[cost][optimality]") {
  // Unplacing restores the bits saved before the placement instead of re-marking them: after an
  // exhausted tree every op is unplaced, so the bits are the empty table's again.
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 2);
  b.op(1, Footprint(6, FootprintRow{s}));
  b.op(1, {{s}, {}, {s}, {p, p}});
  for (int i = 0; i < 3; ++i) b.op(1, Footprint(5, FootprintRow{p}));
  b.op(1, Footprint(4, FootprintRow{s, p}));
  const RandomLoop &loop = b.build();
  Placement pl(loop, 12, false);
  const FootprintComponents fc(pl.ctx);
  WindowSearch fresh(pl.ctx, fc, allComponents(fc));
  WindowSearch search(pl.ctx, fc, allComponents(fc));
  REQUIRE(search.run(100000, nullptr) == ExactOutcome::Infeasible);
  CHECK(search.nodes() > 10);
  CHECK(search.fits().size() >= 3);
  CHECK(search.fits() == fresh.fits());
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
  const int ii = computeMiiBounds(loop.input()).bounds.lower();
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

TEST_CASE("the window search counts one node per op tried at a cycle, against both budgets, and its scans",
          "[cost][optimality]") {
  const RandomLoop loop = gappedLoop();
  Placement pl(loop, 4, false);
  const FootprintComponents fc(pl.ctx);
  WindowSearch full(pl.ctx, fc, allComponents(fc));
  REQUIRE(full.run(100000, nullptr) == ExactOutcome::Infeasible);
  const int64_t need = full.nodes();
  REQUIRE(need > 1);
  CHECK(searchAll(pl, need) == ExactOutcome::Infeasible);
  CHECK(searchAll(pl, need - 1) == ExactOutcome::BudgetExhausted);
  // The block budget is charged a unit per node and the fit scans' cells by the unit.
  WorkBudget meter(1000000000);
  CHECK(searchAll(pl, 100000, &meter) == ExactOutcome::Infeasible);
  const int64_t charged = meter.limit() - meter.remaining();
  CHECK(charged >= need);
  WorkBudget enough(charged), tooSmall(charged - 1);
  CHECK(searchAll(pl, 100000, &enough) == ExactOutcome::Infeasible);
  CHECK_FALSE(enough.spent());
  CHECK(searchAll(pl, 100000, &tooSmall) == ExactOutcome::BudgetExhausted);
  CHECK(tooSmall.spent());
}

TEST_CASE("the lower-bound climb proves, improves, and stops at its budget", "[cost][optimality]") {
  const RandomLoop loop = gappedLoop();
  const ModuloProblem p = loop.input();
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

TEST_CASE("the generator publishes the certificate, stage constraints keep the bounds only", "[cost][optimality]") {
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

namespace {

// n one-row ops on one slot, each between a head and the head's next iteration: every op lies in
// [t(h), t(h) + II - 2], so at II n they have n - 1 cycles for n rows, and II n + 1 is the
// optimum (CHStone aes/graph12's 72 writes have this shape).
RandomLoop windowedWrites(int n) {
  LoopBuilder b;
  const int s = b.slot("s");
  const int head = b.op(0);
  for (int i = 0; i < n; ++i) {
    const int w = b.op(2, {{s}});
    b.edge(head, w, 0);
    b.edge(w, head, 2, 1);
  }
  return b.build();
}

// A small random loop whose ops come in copies: same latency, footprint and edges, so copies
// are interchangeable and the plain search tries each of their permutations.
RandomLoop copiedLoop(uint64_t seed) {
  SplitMix rng(seed);
  LoopBuilder b;
  const std::vector<int> resources = {b.slot("s"), b.slot("t"), b.pool("p", 2)};
  // Two footprints only, so ops alike in footprint but not in edges are common too.
  std::vector<Footprint> footprints(2);
  for (Footprint &fp : footprints)
    for (int rows = rng.between(1, 3); rows > 0; --rows) {
      FootprintRow row;
      for (int r : resources)
        if (rng.chance(0.4)) row.push_back(r);
      fp.push_back(std::move(row));
    }
  std::vector<std::vector<int>> copies(rng.between(2, 4));
  for (std::vector<int> &ops : copies) {
    const int latency = rng.between(0, 3);
    const Footprint &fp = footprints[rng.below(2)];
    for (int n = rng.between(1, 3); n > 0; --n) ops.push_back(b.op(latency, fp));
  }
  for (size_t i = 0; i < copies.size(); ++i)
    for (size_t j = 0; j < copies.size(); ++j) {
      const bool forward = i < j && rng.chance(0.5), carried = rng.chance(0.25);
      const int latency = rng.between(0, 3), distance = rng.between(1, 2);
      for (int u : copies[i])
        for (int v : copies[j]) {
          if (forward) b.edge(u, v, latency);
          if (carried) b.edge(u, v, latency, distance);
        }
    }
  return b.build();
}

ExactOutcome searchOrdered(const Placement &pl, int64_t limit, int64_t *ordered = nullptr) {
  FootprintComponents fc(pl.ctx);
  const int64_t added = orderInterchangeableOps(pl.ctx, fc, nullptr);
  if (ordered) *ordered = added;
  WindowSearch search(pl.ctx, fc, allComponents(fc));
  return search.run(limit, nullptr);
}

}  // namespace

TEST_CASE("like ops in program order decide a pigeonhole the plain search does not", "[cost][optimality]") {
  const RandomLoop loop = windowedWrites(10);
  Placement at10(loop, 10, false);
  CHECK(searchAll(at10, 20000) == ExactOutcome::BudgetExhausted);
  int64_t ordered = 0;
  CHECK(searchOrdered(at10, 10, &ordered) == ExactOutcome::Infeasible);
  CHECK(ordered == 9);  // one chain through the ten copies

  // At the optimum the order leaves a schedule, and it completes to one of the block.
  Placement at11(loop, 11, false);
  FootprintComponents fc(at11.ctx);
  REQUIRE(orderInterchangeableOps(at11.ctx, fc, nullptr) == 9);
  WindowSearch search(at11.ctx, fc, allComponents(fc));
  REQUIRE(search.run(1000, nullptr) == ExactOutcome::Found);
  CHECK(checkStarts(loop, 11, search.completeSchedule()).empty());

  // The proof: the plain climb runs out at 10 and its descent finds 11; the ordered climb proves 10.
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  TraceRecorder trace(true, 1000);
  const ProofOutcome out = proveLowerBound(p, layout, 10, 13, {}, 2000, 0, nullptr, trace);
  CHECK(out.lowerBound == 11);
  REQUIRE(out.improved);
  CHECK(out.ii == 11);
  CHECK(checkStarts(loop, 11, out.start).empty());
  CHECK(provedInTrace(trace, 10, "like ops in program order"));
}

TEST_CASE("ops alike in footprint and in their distance apart, but not to a third op, are not ordered",
          "[cost][optimality]") {
  // a and b on one slot, at most a cycle apart either way; x, on the slot too, issues exactly a
  // cycle after a. At II 3 b must take the row before a's: ordering a before b (program order,
  // and the same distance both ways) would leave no schedule.
  LoopBuilder b;
  const int s = b.slot("s");
  const int a = b.op(1, {{s}}), c = b.op(1, {{s}}), x = b.op(1, {{s}});
  b.edge(a, c, 2, 1);
  b.edge(c, a, 2, 1);
  b.edge(a, x, 1);
  b.edge(x, a, 2, 1);
  const RandomLoop &loop = b.build();
  Placement at3(loop, 3, false);
  FootprintComponents fc(at3.ctx);
  CHECK(orderInterchangeableOps(at3.ctx, fc, nullptr) == 0);
  WindowSearch search(at3.ctx, fc, allComponents(fc));
  REQUIRE(search.run(1000, nullptr) == ExactOutcome::Found);
  const std::vector<int> start = search.completeSchedule();
  CHECK(checkStarts(loop, 3, start).empty());
  CHECK(start[c] < start[a]);
}

TEST_CASE("the ordered search agrees with an independent exact solver on loops of copied ops", "[cost][optimality]") {
  const int kCases = test::scaledCases(300);
  int compared = 0, ordered = 0, wrong = 0;
  for (int c = 0; c < kCases; ++c) {
    const RandomLoop loop = copiedLoop(static_cast<uint64_t>(c) + 7000);
    const ModuloProblem p = loop.input();
    const int mii = computeMiiBounds(p).bounds.lower();
    const ExactAnswer exact = exactMinimumII(loop, mii + 12, 2000000);
    if (!exact.decided || !exact.ii) continue;
    ++compared;
    for (int ii = mii; ii <= *exact.ii; ++ii) {
      Placement pl(loop, ii, false);
      if (pl.ctx.rejectNode >= 0) continue;
      FootprintComponents fc(pl.ctx);
      const FootprintComponents plain = fc;
      int64_t added = orderInterchangeableOps(pl.ctx, fc, nullptr);
      ordered += added > 0;
      WindowSearch search(pl.ctx, fc, allComponents(fc));
      const ExactOutcome out = search.run(1000000, nullptr);
      // Below the optimum no schedule exists; at it the order must leave one.
      const bool ok = ii < *exact.ii
                          ? out == ExactOutcome::Infeasible
                          : out == ExactOutcome::Found && checkStarts(loop, ii, search.completeSchedule()).empty();
      // Each footprint's ops alone are a relaxation: never infeasible at the optimum.
      bool relaxed = true;
      for (size_t cls = 0; ii == *exact.ii && cls < plain.classRepresentative.size(); ++cls) {
        FootprintComponents alone = plain.only(static_cast<int>(cls));
        orderInterchangeableOps(pl.ctx, alone, nullptr);
        WindowSearch part(pl.ctx, alone, allComponents(alone));
        relaxed = relaxed && part.run(1000000, nullptr) != ExactOutcome::Infeasible;
      }
      if (!ok || !relaxed) {
        ++wrong;
        UNSCOPED_INFO("case " << c << " at II " << ii << ": optimum " << *exact.ii);
      }
    }
  }
  CHECK(wrong == 0);
  CHECK(compared >= kCases * 9 / 10);
  CHECK(ordered >= compared / 2);
}
