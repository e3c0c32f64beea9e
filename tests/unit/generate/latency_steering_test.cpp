// Latency steering (generate/LatencySteering): the settled schedule it publishes, and the shifted
// one it keeps for the caller to fall back to when the independent checker rejects the settled one.
#include <catch2/catch.hpp>

#include "CostFixtures.h"
#include "generate/GenerateSchedule.h"

using namespace tilesched;
using namespace tilesched::test;

TEST_CASE("steering settles a moved op as early as its gap allows and keeps the shifted start", "[steer]") {
  // %0 (latency 1) feeds %1; a stage latency of 2 on %0 puts %1 two stages after it. At II 2 the
  // shift moves %1 from cycle 1 to 5; settling brings it to 4, the first cycle of stage 2.
  LoopBuilder b;
  b.op(1);
  b.op(1);
  b.edge(0, 1, 1);
  const ModuloProblem problem = b.build().input();
  ScheduleAnalysis a;
  a.valid = true;
  a.ii = 2;
  a.ops = {{0, 0, 0}, {0, 1, 1}};
  const SteeringResult steered = steerStagesByLatency(a, problem, {2, 0}, {0, 0});
  CHECK(steered.moved == 1);
  CHECK(steered.blockedBy < 0);
  CHECK(a.ops[1].cycle == 4);
  CHECK(a.ops[1].stage == 2);
  REQUIRE(steered.shiftedStart.size() == 2);
  useShiftedSchedule(a, steered);
  CHECK(a.ops[0].cycle == 0);
  CHECK(a.ops[1].cycle == 5);
  CHECK(a.ops[1].stage == 2);
  CHECK(a.stageCount == 3);
}

TEST_CASE("steering settles a producer held by a lifetime edge from its moved reader", "[steer]") {
  // %0 feeds %1 (latency 3), whose value %2 reads; a lifetime edge %2 -> %1 (distance 1) keeps
  // %2 within II cycles of %1 (one copy). A stage latency of 2 on %0 shifts %1 and %2 two stages
  // (II 4: cycles 9 and 12). Settling brings %1 to 8, the first cycle of stage 2, although the
  // lifetime edge from %2 where it was shifted asks 12 + 1 - 4 = 9, and %2 follows it to 11.
  LoopBuilder b;
  b.op(1);
  b.op(3);
  b.op(1);
  b.edge(0, 1, 1);
  b.edge(1, 2, 3);
  b.lifetimeEdge(2, 1, 1);
  const ModuloProblem problem = b.build().input();
  ScheduleAnalysis a;
  a.valid = true;
  a.ii = 4;
  a.ops = {{0, 0, 0}, {0, 1, 1}, {1, 0, 4}};
  const SteeringResult steered = steerStagesByLatency(a, problem, {2, 0, 0}, {0, 0, 0});
  CHECK(steered.moved == 2);
  CHECK(steered.blockedBy < 0);
  CHECK(steered.shiftedStart == std::vector<int>{0, 9, 12});
  CHECK(a.ops[1].cycle == 8);
  CHECK(a.ops[2].cycle == 11);
  CHECK(a.ops[1].cycle >= a.ops[2].cycle + 1 - 4);  // the lifetime edge holds
}
