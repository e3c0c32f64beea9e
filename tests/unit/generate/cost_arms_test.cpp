// The four placement arms: permute (exhaustive vs sampled, lowest total cost), fuse (can_fuse and
// the composed footprint), retry (snapshot overlay), cost-based (global minimum), and proposal
// commits. Arms never change the state; only commitProposal does.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/seeds/PlacementArms.h"

using namespace tilesched;
using namespace tilesched::test;

TEST_CASE("permute enumerates every order of a small group and samples a large one", "[cost][arms]") {
  LoopBuilder b;
  for (int v = 0; v < 8; ++v) b.op(1);
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  const ArmResult three = tryPermute(st, {0, 1, 2}, ArmMode::WholeGroup, ArmBudgets{});
  CHECK(three.accepted);
  CHECK(three.reason == "6 order(s) tried");
  const ArmResult eight = tryPermute(st, {0, 1, 2, 3, 4, 5, 6, 7}, ArmMode::WholeGroup, ArmBudgets{});
  CHECK(eight.reason == "24 order(s) tried");  // 8! is past the budget
  ArmBudgets tight;
  tight.permuteSeats = 16;
  CHECK(tryPermute(st, {0, 1, 2, 3, 4, 5, 6, 7}, ArmMode::WholeGroup, tight).reason == "2 order(s) tried");
  CHECK(st.seatedCount() == 0);  // trial seats are undone
  CHECK(pl.entries("commit").empty());
}

TEST_CASE("permute keeps the order with the lowest total cost vector", "[cost][arms]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int first = b.op(1, {{s}}), urgent = b.op(1, {{s}}), tail = b.op(1);
  b.edge(urgent, tail, 5);  // urgent ranks first by height; seating it first inverts program order
  Placement pl(b.build(), 2);
  PlacementState &st = pl.state;
  REQUIRE(pl.ctx.priorityRank[urgent] < pl.ctx.priorityRank[first]);
  const ArmResult r = tryPermute(st, {urgent, first}, ArmMode::WholeGroup, ArmBudgets{});
  REQUIRE(r.accepted);
  REQUIRE(r.seats.size() == 2);
  CHECK(r.seats[0].op == first);
  CHECK(r.seats[0].cycle == 0);
  CHECK(r.cost == CostVector{0, 0, 0, 0});  // the priority order would cost one inversion
  const ArmResult one = tryPermute(st, {urgent, first}, ArmMode::FirstSeat, ArmBudgets{});
  CHECK(one.cost == r.seats[0].cost);
}

TEST_CASE("can_fuse: no dependence, the same pooled slot group, within the pool caps", "[cost][arms]") {
  LoopBuilder b;
  const int rd = b.pool("tp_smem_rd", 5), s = b.slot("tma"), tm = b.pool("tmem", 2);
  const int r1 = b.op(1, {{rd}, {rd}}), r2 = b.op(1, {{rd}}), r3 = b.op(1, {{rd}});
  const int t1 = b.op(1, {{s}}), t2 = b.op(1, {{s}});
  const int m1 = b.op(1, {{tm, tm}}), m2 = b.op(1, {{tm}});
  const int mixed = b.op(1, {{rd, s}});
  b.edge(r1, r3, 1);
  Placement pl(b.build(), 4);
  const PlacementState &st = pl.state;
  CHECK(canFuse(st, r1, r2));
  CHECK_FALSE(canFuse(st, r1, r3));     // dependence
  CHECK_FALSE(canFuse(st, t1, t2));     // singleton slots cannot share a cycle
  CHECK_FALSE(canFuse(st, m1, m2));     // 3 units of tmem in one row, cap 2
  CHECK_FALSE(canFuse(st, r2, mixed));  // different slot groups
}

TEST_CASE("fuse seats a compatible pair together on the composed footprint", "[cost][arms]") {
  LoopBuilder b;
  const int rd = b.pool("tp_smem_rd", 2);
  const int r1 = b.op(1, {{rd}, {rd}}), r2 = b.op(1, {{rd}}), other = b.op(1, {{rd}});
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  st.commit(other, 0, TraceArm::Ladder);  // row 0 has one unit left: the pair cannot start there
  const ArmResult r = tryFuse(st, {r1, r2}, ArmMode::WholeGroup, ArmBudgets{});
  REQUIRE(r.accepted);
  REQUIRE(r.seats.size() == 1);
  CHECK(r.seats[0].op == r1);
  CHECK(r.seats[0].partner == r2);
  CHECK(r.seats[0].cycle == 1);
  commitProposal(st, r, ArmMode::WholeGroup);
  CHECK(st.start(r1) == 1);
  CHECK(st.start(r2) == 1);
  CHECK(st.rrt.units(1, rd) == 2);
  CHECK(pl.entries("commit", r2).front().reason == "fused with op#0");
}

TEST_CASE("retry walks the snapshot overlay: mark dead on failure, revive when it fits", "[cost][arms]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int hog = b.op(1, {{s}, {s}}), v = b.op(1, {{s}});
  Placement pl(b.build(), 2);
  PlacementState &st = pl.state;
  st.commit(hog, 0, TraceArm::Ladder);
  const ArmResult whole = tryRetry(st, {v}, ArmMode::WholeGroup, ArmBudgets{});
  CHECK_FALSE(whole.accepted);
  CHECK(whole.failedOp == v);
  CHECK(st.dead[v]);
  CHECK_FALSE(tryRetry(st, {v}, ArmMode::FirstSeat, ArmBudgets{}).accepted);
  st.uncommit(hog, TraceArm::Ladder);
  const ArmResult revived = tryRetry(st, {v}, ArmMode::FirstSeat, ArmBudgets{});
  CHECK(revived.accepted);
  CHECK(revived.reason == "revived a dead op");
  CHECK_FALSE(st.dead[v]);
}

TEST_CASE("cost-based ranks every legal (op, cycle) pair and takes the global minimum", "[cost][arms]") {
  LoopBuilder b;
  const int p = b.pool("tmem", 3);
  const int x = b.op(1, {{p}}), y = b.op(1, {{p}}), dead = b.op(1, {{p}});
  Placement pl(b.build(), 2);
  PlacementState &st = pl.state;
  st.commit(x, 0, TraceArm::Ladder);
  st.dead[dead] = 1;
  const ArmResult r = tryCostBased(st, {dead, y}, ArmMode::FirstSeat, ArmBudgets{});
  REQUIRE(r.accepted);
  CHECK(r.seats.front().op == y);     // the dead op is skipped
  CHECK(r.seats.front().cycle == 1);  // row 1 shares no tmem unit; the earliest cycle would
  CHECK(r.cost.bankPressure == 0);
  st.dead[dead] = 0;
  const ArmResult whole = tryCostBased(st, {dead, y}, ArmMode::WholeGroup, ArmBudgets{});
  REQUIRE(whole.accepted);
  CHECK(whole.seats.size() == 2);
  CHECK(st.seatedCount() == 1);  // proposals only
}
