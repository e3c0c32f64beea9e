// The admission gates G1-G4: each predicate, their fixed order, and each distinct recovery
// (hold over, mark dead, bump the cycle, reorder the group) as the rungs apply it.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/seeds/AdmissionGates.h"
#include "generate/seeds/PlacementArms.h"
#include "generate/seeds/StrategyLadder.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

// The first entry that is not a trial with this outcome and op.
size_t indexOf(const std::vector<TraceEntry> &trace, TraceOutcome outcome, int op) {
  for (size_t i = 0; i < trace.size(); ++i)
    if (!trace[i].trial && trace[i].outcome == outcome && trace[i].op == op) return i;
  return trace.size();
}

}  // namespace

TEST_CASE("G1 holds a pending op over until its leader is seated", "[cost][gates]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int follower = b.op(1, {{s}}), leader = b.op(1, {{s}}), tail = b.op(1);
  b.edge(follower, tail, 6);  // the follower is the more urgent op
  b.constraints().pending.insert(follower);
  b.constraints().pendingUntil[follower] = leader;
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  const GateVerdict held = runGateLadder(st, SeatCandidate::single(st, follower), 0);
  CHECK(held.outcome == GateOutcome::Hold);
  CHECK(gateOf(held.outcome) == TraceGate::G1);
  CHECK(verdictEntry(st, TraceArm::Ladder, SeatCandidate::single(st, follower), held).reason ==
        "pending until its leader op#1 is seated");
  st.commit(leader, 0, TraceArm::Ladder);
  CHECK(runGateLadder(st, SeatCandidate::single(st, follower), 1).outcome == GateOutcome::Pass);

  // Recovery: the placement driver holds the follower over and seats it after its leader.
  Placement run(b.build(), 4);
  std::vector<int> failed;
  REQUIRE(initialPlacement(run.state, LadderOptions{}, failed) == RungResult::Scheduled);
  const std::vector<TraceEntry> &trace = run.recorder.entries();
  const size_t hold = indexOf(trace, TraceOutcome::Hold, follower);
  REQUIRE(hold < trace.size());
  CHECK(trace[hold].gate == TraceGate::G1);
  CHECK(indexOf(trace, TraceOutcome::Commit, leader) < indexOf(trace, TraceOutcome::Commit, follower));
  CHECK(hold < indexOf(trace, TraceOutcome::Commit, leader));
}

TEST_CASE("G1 releases a held op when nothing else can be placed", "[cost][gates]") {
  LoopBuilder b;
  const int a = b.op(1), c = b.op(1);
  b.edge(a, c, 1);
  b.constraints().pending.insert(a);  // waits for the op that depends on it: only release helps
  b.constraints().pendingUntil[a] = c;
  Placement pl(b.build(), 2);
  std::vector<int> failed;
  REQUIRE(initialPlacement(pl.state, LadderOptions{}, failed) == RungResult::Scheduled);
  CHECK(pl.entries("release", a).size() == 1);
  CHECK(pl.state.released[a]);
}

TEST_CASE("G2 marks an op dead once its seat would pass max_depth", "[cost][gates]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int p = b.op(2), blocker = b.op(1, {{s}, {s}}), z = b.op(1, {{s}});
  b.edge(p, z, 2);
  b.slotOf(z).max_depth = 1;
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  st.commit(p, 0, TraceArm::Ladder);
  st.commit(blocker, 2, TraceArm::Ladder);  // rows 2 and 3: z bumps from 2 to 3, then into stage 1
  const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, z), TraceArm::Ladder, true);
  CHECK(scan.result == SeatScan::Result::Dead);
  CHECK(scan.cycle == 4);
  const std::vector<TraceEntry> bumps = pl.entries("bump", z);
  REQUIRE(bumps.size() == 2);
  CHECK(bumps[0].cycle == 2);
  CHECK(bumps[1].cycle == 3);
  const std::vector<TraceEntry> dead = pl.entries("dead");
  REQUIRE(dead.size() == 1);
  CHECK(dead[0].gate == TraceGate::G2);
  CHECK(dead[0].cycle == 4);
  CHECK(dead[0].stage == 1);  // depth 2
  CHECK(dead[0].limit == 1);  // max_depth
  CHECK(dead[0].reason == "depth 2 exceeds max_depth 1");

  // Recovery: the retry arm marks it dead in the snapshot, and revives it once it fits again.
  const ArmResult r = tryRetry(st, {z}, ArmMode::WholeGroup, ArmBudgets{});
  CHECK_FALSE(r.accepted);
  CHECK(st.dead[z]);
  st.uncommit(blocker, TraceArm::Ladder);
  const ArmResult revived = tryRetry(st, {z}, ArmMode::FirstSeat, ArmBudgets{});
  REQUIRE(revived.accepted);
  CHECK(revived.seats.front().cycle == 2);
  CHECK_FALSE(st.dead[z]);
}

TEST_CASE("G3 bumps the seat one cycle at a time", "[cost][gates]") {
  LoopBuilder b;
  const int s = b.slot("tp_smem_wr");
  const int a = b.op(1, {{s}, {s}}), c = b.op(1, {{s}});
  Placement pl(b.build(), 3);
  PlacementState &st = pl.state;
  st.commit(a, 0, TraceArm::Ladder);
  const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, c), TraceArm::Ladder, true);
  CHECK(scan.result == SeatScan::Result::Seated);
  CHECK(scan.cycle == 2);
  const std::vector<TraceEntry> bumps = pl.entries("bump", c);
  REQUIRE(bumps.size() == 2);
  CHECK(bumps[0].reason == "'tp_smem_wr' full at row 0 (held by op#0)");
  // The verdict names its gate, cycle and conflict cell with the op already holding it.
  CHECK(bumps[0].gate == TraceGate::G3);
  CHECK(bumps[0].cycle == 0);
  REQUIRE(bumps[0].conflicts.size() == 1);
  CHECK(bumps[0].conflicts[0].row == 0);
  CHECK(bumps[0].conflicts[0].resource == s);
  CHECK(bumps[0].conflicts[0].ops == std::vector<int>{a});
  REQUIRE(bumps[1].conflicts.size() == 1);
  CHECK(bumps[1].conflicts[0].row == 1);
  CHECK(pl.entries("seat", c).front().cycle == 2);
}

TEST_CASE("G4 reorders a group whose seated mates sit at another depth", "[cost][gates]") {
  LoopBuilder b;
  const int a = b.op(1), x = b.op(5), c = b.op(1);
  b.edge(x, c, 5);  // c cannot start before cycle 5: stage 1 at II 4
  b.slotOf(a).gid = b.slotOf(a).leader_gid = 3;
  b.slotOf(c).gid = b.slotOf(c).leader_gid = 3;
  Placement pl(b.build(), 4);
  PlacementState &st = pl.state;
  st.commit(a, 0, TraceArm::Ladder);
  st.commit(x, 0, TraceArm::Ladder);
  const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, c), TraceArm::Ladder, false);
  CHECK(scan.result == SeatScan::Result::Reorder);
  const TraceEntry e = verdictEntry(st, TraceArm::Ladder, SeatCandidate::single(st, c), scan.verdict);
  CHECK(e.gate == TraceGate::G4);
  CHECK(e.cycle == 5);
  CHECK(e.stage == 1);
  CHECK(e.limit == 0);
  CHECK(e.reason == "group 3 sits at stage 0, candidate stage 1");

  // Recovery: the driver unseats the group and lets c lead it; a follows c to stage 1.
  Placement run(b.build(), 4);
  std::vector<int> failed;
  REQUIRE(initialPlacement(run.state, LadderOptions{}, failed) == RungResult::Scheduled);
  CHECK(run.state.stageOf(run.state.start(a)) == run.state.stageOf(run.state.start(c)));
  const std::vector<TraceEntry> un = run.entries("uncommit", a);
  REQUIRE(un.size() == 1);
  CHECK(un.front().reason == "G4: reorder the group so op#2 leads it");
}

TEST_CASE("the gates run in the fixed order G1, G2, G3, G4", "[cost][gates]") {
  LoopBuilder b;
  const int s = b.slot("s");
  const int leader = b.op(1), blocker = b.op(1, {{s}}), mate = b.op(1), v = b.op(1, {{s}});
  b.slotOf(v).max_depth = 1;
  b.slotOf(mate).gid = b.slotOf(mate).leader_gid = 1;
  b.slotOf(v).gid = b.slotOf(v).leader_gid = 1;
  b.constraints().pending.insert(v);
  b.constraints().pendingUntil[v] = leader;
  Placement pl(b.build(), 2);
  PlacementState &st = pl.state;
  st.commit(blocker, 2, TraceArm::Ladder);  // row 0 full
  st.commit(mate, 0, TraceArm::Ladder);     // group at stage 0
  const SeatCandidate c = SeatCandidate::single(st, v);
  CHECK(runGateLadder(st, c, 2).outcome == GateOutcome::Hold);  // G1 before G2, G3, G4
  st.commit(leader, 0, TraceArm::Ladder);
  CHECK(runGateLadder(st, c, 2).outcome == GateOutcome::Dead);  // G2 before G3 and G4
  st.uncommit(mate, TraceArm::Ladder);
  st.commit(mate, 2, TraceArm::Ladder);                            // group at stage 1
  CHECK(runGateLadder(st, c, 0).outcome == GateOutcome::Bump);     // G3 before G4
  CHECK(runGateLadder(st, c, 1).outcome == GateOutcome::Reorder);  // only G4 left
  st.uncommit(mate, TraceArm::Ladder);
  st.commit(mate, 1, TraceArm::Ladder);
  CHECK(runGateLadder(st, c, 1).outcome == GateOutcome::Pass);
}
