// generateCostBasedSchedule end to end: the seeds' worked example, the published analysis
// (stage = cycle / II, order, stage count), failure reports, the trace (replay, limit), the
// constraints it honours, determinism.
#include <catch2/catch.hpp>

#include <map>

#include "CostFixtures.h"
#include "check/ScheduleChecker.h"
#include "generate/GenerateSchedule.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

ScheduleAnalysis schedule(const RandomLoop &loop, ScheduleOptions opts = {}) {
  DiagnosticEngine diags;
  return generateCostBasedSchedule(loop.input(), opts, diags);
}

std::vector<CheckedOp> checked(const ScheduleAnalysis &a) {
  std::vector<CheckedOp> ops;
  for (const OpSchedule &o : a.ops) ops.push_back({o.stage, o.order, o.cycle});
  return ops;
}

Footprint rows(int n, FootprintRow row) { return Footprint(n, row); }

// Rows {r, r+1} and {q, q+2} of one slot never share II 4 although 4 units allow it.
RandomLoop pairLoop(uint32_t gid) {
  LoopBuilder b;
  const int s = b.slot("s");
  const int a = b.op(1, {{s}, {s}}), c = b.op(1, {{s}, {}, {s}});
  b.slotOf(a).gid = b.slotOf(a).leader_gid = gid;
  b.slotOf(c).gid = b.slotOf(c).leader_gid = gid;
  return b.build();
}

}  // namespace

TEST_CASE("the seeds' 4-op worked example needs II 15 with singleton transports", "[cost][generator]") {
  // facts §1.7: tiled_tma_load {tma, tp_smem_wr} x8, smem_write {tp_smem_wr} x7,
  // wgmma {tc_and_mma, tp_mma} x8, smem_read {tp_smem_rd} x7; load -> read latency 8.
  LoopBuilder b;
  const int tma = b.slot("tma"), wr = b.slot("tp_smem_wr"), tc = b.slot("tc_and_mma"), mma = b.slot("tp_mma"),
            rd = b.slot("tp_smem_rd");
  const int load = b.op(8, rows(8, {tma, wr})), write = b.op(7, rows(7, {wr})), wgmma = b.op(16, rows(8, {tc, mma})),
            read = b.op(7, rows(7, {rd}));
  b.edge(load, read, 8);
  const RandomLoop &loop = b.build();
  const ScheduleAnalysis a = schedule(loop);
  REQUIRE(a.valid);
  CHECK(a.mii->resource == 15);
  CHECK(a.mii->resourceBinding == "tp_smem_wr");
  CHECK(a.ii == 15);  // the page's II = 8 would need tp_smem_wr twice in rows 0-6
  CHECK(checkSchedule({loop.graph, loop.resources, loop.model, &loop.constraints}, a.ii, checked(a)).empty());
  CHECK(a.ops[read].cycle >= a.ops[load].cycle + 8);
  (void)write;
  (void)wgmma;
}

TEST_CASE("the analysis: stage = cycle / II from stage 0, order by cycle then program order", "[cost][generator]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int x = b.op(3, {{s}}), y = b.op(2, {{s}}), z = b.op(4), w = b.op(1);
  b.edge(x, y, 3);
  b.edge(y, z, 2);
  b.edge(z, w, 4);
  b.edge(w, x, 1, 2);
  const ScheduleAnalysis a = schedule(b.build());
  REQUIRE(a.valid);
  CHECK(a.generator == GeneratorKind::CostBased);
  int minStage = 1 << 30;
  int64_t end = 0;
  for (int v = 0; v < 4; ++v) {
    CHECK(a.ops[v].stage == a.ops[v].cycle / a.ii);
    minStage = std::min(minStage, a.ops[v].stage);
    end = std::max<int64_t>(end, a.ops[v].cycle + std::max(1, b.build().resources[v].latency));
  }
  CHECK(minStage == 0);
  CHECK(a.stageCount == (end + a.ii - 1) / a.ii);
  REQUIRE(a.orderedNodes.size() == 4);
  for (size_t i = 1; i < a.orderedNodes.size(); ++i) {
    const OpSchedule &p = a.ops[a.orderedNodes[i - 1]], &q = a.ops[a.orderedNodes[i]];
    CHECK(std::make_pair(p.stage, p.order) < std::make_pair(q.stage, q.order));
    CHECK(p.cycle <= q.cycle);
    if (p.stage == q.stage) CHECK(q.order == p.order + 1);
    if (p.stage != q.stage) CHECK(q.order == 0);
  }
  (void)x;
  (void)y;
  (void)z;
  (void)w;
}

TEST_CASE("an empty block is a valid schedule with no stages", "[cost][generator]") {
  LoopBuilder b;
  const ScheduleAnalysis a = schedule(b.build());
  CHECK(a.valid);
  CHECK(a.ii == 1);
  CHECK(a.stageCount == 0);
}

TEST_CASE("a placement failure names the op, its footprint, the RRT rows, window, resource and group",
          "[cost][generator]") {
  ScheduleOptions opts;
  opts.iiCap = 4;
  const ScheduleAnalysis a = schedule(pairLoop(5), opts);
  CHECK_FALSE(a.valid);
  REQUIRE(a.failure);
  const PlacementFailure &f = *a.failure;
  CHECK(f.ii == 4);
  REQUIRE((f.node == 0 || f.node == 1));
  const int other = 1 - f.node;
  CHECK(f.duration == (f.node == 0 ? 2 : 3));
  CHECK(f.footprint.size() == static_cast<size_t>(f.duration));
  CHECK(f.rejectingResource == "s");
  CHECK(f.group == 5u);
  CHECK(f.windowEarliest == 0);
  REQUIRE_FALSE(f.rows.empty());
  for (const PlacementFailure::RowState &row : f.rows) {
    CHECK(row.row >= 0);
    CHECK(row.row < 4);
    CHECK(row.occupants == std::vector<std::string>{"s: op#" + std::to_string(other)});
  }
  CHECK(f.stage == 0);
  CHECK_THAT(f.message, Catch::StartsWith("no seat for op#" + std::to_string(f.node) + " at II 4: "));
}

TEST_CASE("a cap below the lower bound and an infeasible block fail with the reason", "[cost][generator]") {
  ScheduleOptions opts;
  opts.iiCap = 3;
  const ScheduleAnalysis low = schedule(pairLoop(0), opts);
  CHECK_FALSE(low.valid);
  REQUIRE(low.failure);
  CHECK_THAT(low.failure->message, Catch::StartsWith("the II cap 3 is below the lower bound 4"));
  CHECK(low.refinementRounds == 0);

  LoopBuilder b;
  const int x = b.op(1), y = b.op(1);
  b.edge(x, y, 1);
  b.edge(y, x, 1);
  const ScheduleAnalysis cyc = schedule(b.build());
  CHECK_FALSE(cyc.valid);
  CHECK_FALSE(cyc.mii);
  REQUIRE(cyc.failure);
  CHECK_THAT(cyc.failure->message, Catch::Contains("dependence cycle inside one iteration"));
}

TEST_CASE("the trace replays the RRT: commits, uncommits and clears of the final II give its table",
          "[cost][generator]") {
  LoopBuilder b;
  const int s = b.slot("s"), pool = b.pool("p", 2);
  b.op(1, {{s}, {s}});
  b.op(1, {{s}, {}, {s}});
  b.op(2, {{pool}, {pool}});
  b.op(1, {{pool}});  // serial execution needs II 8; the pipelined optimum is 5
  const RandomLoop &loop = b.build();
  ScheduleOptions opts;
  opts.trace = true;
  const ScheduleAnalysis a = schedule(loop, opts);
  REQUIRE(a.valid);
  REQUIRE(a.ii == 5);
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  ReservationTable replay(layout, a.ii);
  std::map<int, int> seat;
  for (const TraceEntry &e : a.trace) {
    if (e.freshTable) {  // a new table: the same II may be tried again in a later round
      replay.clear();
      seat.clear();
    }
    if (e.ii != a.ii) continue;
    const FoldedFootprint fp = e.op >= 0 ? foldFootprint(p.footprint[e.op], a.ii, layout) : FoldedFootprint{};
    if (e.outcome == TraceOutcome::Commit) {
      REQUIRE(replay.probe(fp, e.cycle));  // every traced commit was legal at its step
      replay.commit(e.op, fp, e.cycle);
      seat[e.op] = e.cycle;
    } else if (e.outcome == TraceOutcome::Uncommit) {
      replay.uncommit(e.op, fp, e.cycle);
      seat.erase(e.op);
    } else if (e.outcome == TraceOutcome::Clear) {
      replay.clear();
      seat.clear();
    }
  }
  REQUIRE(seat.size() == 4);
  const int shift = seat[0] - a.ops[0].cycle;
  CHECK(shift % a.ii == 0);
  for (int v = 1; v < 4; ++v) CHECK(seat[v] - a.ops[v].cycle == shift);
  for (int row = 0; row < a.ii; ++row)
    for (int r : {s, pool}) {
      int expected = 0;
      for (int v = 0; v < 4; ++v)
        for (size_t k = 0; k < p.footprint[v].size(); ++k)
          for (int x : p.footprint[v][k]) expected += x == r && (a.ops[v].cycle + static_cast<int>(k)) % a.ii == row;
      CHECK(replay.units(row, r) == expected);
    }
  // Steps are numbered in order.
  for (size_t i = 0; i < a.trace.size(); ++i) CHECK(a.trace[i].step == static_cast<int>(i));
}

TEST_CASE("the trace keeps its first entries up to the limit and counts the rest", "[cost][generator]") {
  ScheduleOptions opts;
  opts.trace = true;
  const ScheduleAnalysis full = schedule(pairLoop(0), opts);
  opts.traceLimit = 5;
  const ScheduleAnalysis cut = schedule(pairLoop(0), opts);
  REQUIRE(cut.trace.size() == 5);
  CHECK(cut.traceDropped > 0);
  // Trial entries aside (they may start only in the first half of the limit), the same prefix.
  std::vector<std::string> kept, all;
  for (const TraceEntry &e : cut.trace)
    if (!e.trial) kept.push_back(e.reason);
  for (const TraceEntry &e : full.trace)
    if (!e.trial) all.push_back(e.reason);
  REQUIRE(kept.size() <= all.size());
  CHECK(std::equal(kept.begin(), kept.end(), all.begin()));
  opts.trace = false;
  CHECK(schedule(pairLoop(0), opts).trace.empty());
}

TEST_CASE("every constraint is honoured by the cost path (no seed 000 QUIRK)", "[cost][generator]") {
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 2);
  const int x = b.op(4, {{s}}), y = b.op(4, {{p}, {p}}), z = b.op(2, {{p}}), u = b.op(3, {{s}}), v = b.op(1, {{p}});
  b.edge(x, y, 4);
  b.edge(y, z, 4);
  b.edge(z, u, 2);
  b.edge(u, x, 3, 2);
  b.slotOf(z).max_depth = 1;                     // z starts in the first stage
  b.slotOf(x).gid = b.slotOf(x).leader_gid = 2;  // x and u share a depth
  b.slotOf(u).gid = b.slotOf(u).leader_gid = 2;
  b.slotOf(v).flags = FlagForceSerial;  // v runs alone in its iteration
  const RandomLoop &loop = b.build();
  const ScheduleAnalysis a = schedule(loop);
  REQUIRE(a.valid);
  CHECK(checkSchedule({loop.graph, loop.resources, loop.model, &loop.constraints}, a.ii, checked(a)).empty());
  CHECK(a.ops[z].stage == 0);
  CHECK(a.ops[x].stage == a.ops[u].stage);
  CHECK(a.mii->dependency >= 11);  // z sits 10 cycles behind x inside stage 0
  for (int w : {x, y, z, u}) CHECK(a.ops[v].cycle >= a.ops[w].cycle + loop.resources[w].latency);
  CHECK(a.ii >= loop.resources[v].latency);
}

TEST_CASE("trial entries start only while the trace is less than half full", "[cost][generator]") {
  ScheduleOptions opts;
  opts.trace = true;
  for (size_t limit : {size_t{8}, size_t{40}, size_t{200}}) {
    opts.traceLimit = limit;
    const ScheduleAnalysis a = schedule(pairLoop(0), opts);
    size_t trials = 0;
    for (size_t i = 0; i < a.trace.size(); ++i) {
      trials += a.trace[i].trial;
      // An arm evaluation's first entry follows an entry that is not a trial (or opens the log).
      if (a.trace[i].trial && (i == 0 || !a.trace[i - 1].trial)) CHECK(i < limit / 2);
    }
    CHECK(trials > 0);  // the arms' trial seating is traced
  }
}

TEST_CASE("the same input gives the same schedule and trace", "[cost][generator]") {
  RandomLoopSpec spec;
  spec.ops = 40;
  spec.grouped = 0.2;
  spec.window = 8;
  const RandomLoop loop = makeRandomLoop(spec, 17);
  ScheduleOptions opts;
  opts.trace = true;
  const ScheduleAnalysis a = schedule(loop, opts), c = schedule(loop, opts);
  REQUIRE(a.valid);
  CHECK(a.ii == c.ii);
  CHECK(a.orderedNodes == c.orderedNodes);
  REQUIRE(a.trace.size() == c.trace.size());
  for (size_t i = 0; i < a.trace.size(); ++i) {
    CHECK(a.trace[i].reason == c.trace[i].reason);
    CHECK(a.trace[i].cycle == c.trace[i].cycle);
    CHECK(a.trace[i].op == c.trace[i].op);
  }
}
