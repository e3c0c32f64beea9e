// Schedule::solve phase by phase (seed 002): sort, maps, live closure, DSU, canonical owner,
// emission and the consumer-only fallback.
#include <catch2/catch.hpp>

#include <ctime>

#include "MaterializeTestUtil.h"
#include "materialize/ScheduleSolve.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

// Two forwarders of a live-in async handle, each its own constraint group when `grouped`; a
// stage-1 consumer reads both; a stage-0 op reads the live-in itself.
std::string forks(bool grouped) {
  std::string g1 =
      grouped ? " | tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32" : "";
  std::string g2 =
      grouped ? " | tileas.schedule.constraint.gid = 2 : i32, tileas.schedule.constraint.leader_gid = 2 : i32" : "";
  return R"(
func.func @f(%h: !test.token, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %z = test.use %h [[0 0 0]] : i32
    %g = test.fork %h [[0 1 1)" +
         g1 + R"(]] : !test.token
    %k = test.fork %h [[0 2 2)" +
         g2 + R"(]] : !test.token
    %r = test.read %g, %k [[1 0 8]] : tensor<4xf32>
    scf.yield
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)";
}

const char *kChain = R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %h = test.acquire %d [[0 0 0]] : !test.token
    %h2 = test.commit %h [[0 1 1]] : !test.token
    %h3 = test.stamp %h2 [[0 2 2]] : !test.token
    %x = test.other %d [[0 3 3]] : !test.token
    %r = test.read %h3, %h [[1 0 8]] : tensor<4xf32>
    scf.yield
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)";

PipePlaceholder pair(const ScheduleView &view, const PinnedBlock &b, const std::string &raw,
                     const std::string &consumer) {
  for (const Value *u : view.uses(b.node(consumer)))
    if (view.origin(u)->name == raw) return {view.origin(u), b.node(consumer)};
  FAIL(consumer << " reads no value of origin " << raw);
  return {};
}

}  // namespace

TEST_CASE("phase 1 sorts the candidate producers of the raw value by (stage, order)") {
  // Program order differs from (stage, order): the stamp sits in an earlier order slot.
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %h = test.acquire %d [[0 1 0]] : !test.token
    %h2 = test.commit %h [[1 0 8]] : !test.token
    %h3 = test.stamp %h [[0 2 1]] : !test.token
    %r = test.read %h2, %h3 [[1 1 9]] : i32
    scf.yield
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)");
  ScheduleView view(b->input());
  SolveState s;
  collectCandidateProducers(view, pair(view, *b, "%h", "%r"), s);
  CHECK(s.work == std::vector<int>{b->node("%h"), b->node("%h3"), b->node("%h2")});
}

TEST_CASE("phase 2 maps the consumer's readers of the raw value to the consumer, a candidate is its own owner") {
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = test.load %d [[0 0 0]] : !test.token
    %w = test.wrap %d { test.inner %t : i32 } [[1 0 9]] : i32
    scf.yield
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)");
  ScheduleView view(b->input());
  PipePlaceholder p = pair(view, *b, "%t", "%w");
  SolveState s;
  collectCandidateProducers(view, p, s);
  buildScheduleMaps(view, p, s);
  // The nested user of %t belongs to the op that contains it.
  const Operation &inner = *b->block.ops[b->node("%w")]->regions[0]->blocks[0]->operations[0];
  CHECK(s.owner.at(&inner) == b->node("%w"));
  // The candidate's op is not copied into the map: the view says it produces the raw value.
  CHECK(s.owner.count(b->block.ops[b->node("%t")]) == 0);
  CHECK(view.produces(b->node("%t"), p.raw));
  CHECK_FALSE(view.produces(b->node("%w"), p.raw));
}

TEST_CASE("phase 3 closes the producers over same-origin operands and drops the unrelated ones") {
  auto b = pinnedBlock(kChain);
  ScheduleView view(b->input());
  PipePlaceholder p = pair(view, *b, "%h", "%r");
  SolveState s;
  solveSchedule(view, nullptr, p, &s);
  // %x is a fresh handle (no token operand); acquire/commit/stamp carry %h.
  CHECK(s.work == std::vector<int>{b->node("%h"), b->node("%h2"), b->node("%h3")});
  CHECK(s.live == std::vector<int>{b->node("%h"), b->node("%h2"), b->node("%h3")});
  CHECK(s.distance.at(b->node("%h2")) == 0);
  CHECK(s.dead.empty());
}

TEST_CASE("phase 3 keeps the iteration distance and marks producers that write after the read dead") {
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index, %t0: !test.token, %x0: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0, %x = %x0) -> (!test.token, tensor<4xf32>) {
    %r = test.read %t, %x [[0 0 0]] : i32
    %late = test.load %d [[2 0 20]] : !test.token
    %ok = test.make %d [[0 1 3]] : tensor<4xf32>
    scf.yield %late, %ok : !test.token, tensor<4xf32>
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)");
  ScheduleView view(b->input());
  SolveState late;
  // Written at cycle 20, read by the next iteration at 0 + 8: too late, so no producer is live.
  std::vector<PipeSkeleton> k = solveSchedule(view, nullptr, pair(view, *b, "%late", "%r"), &late);
  CHECK(late.live.empty());
  CHECK(late.dead == std::set<int>{b->node("%late")});
  REQUIRE(k.size() == 1);
  CHECK(k[0].trivialFallback);

  SolveState ok;
  k = solveSchedule(view, nullptr, pair(view, *b, "%ok", "%r"), &ok);
  CHECK(ok.live == std::vector<int>{b->node("%ok")});
  CHECK(ok.distance.at(b->node("%ok")) == 1);
  REQUIRE(k.size() == 1);
  CHECK(!k[0].trivialFallback);
  CHECK(k[0].depth == 1);  // lifetime 0 + 8 - 3 = 5 < II
  CHECK(k[0].stagesCrossed == 1);
}

TEST_CASE("phase 4 unions producers linked by the raw value, constraint groups seed the forest") {
  SECTION("unconstrained ops share group 0 (absent == 0), so both forks form one group") {
    auto b = pinnedBlock(forks(false));
    ScheduleView view(b->input());
    SolveState s;
    std::vector<PipeSkeleton> k = solveSchedule(view, &b->constraints, pair(view, *b, "%h", "%r"), &s);
    REQUIRE(s.groups.size() == 1);
    CHECK(s.groups[0] == std::vector<int>{b->node("%g"), b->node("%k")});
    REQUIRE(k.size() == 1);
    CHECK(k[0].operands.size() == 2);
  }
  SECTION("forks in different groups with no operand between them stay apart: one Pipe_ each") {
    auto b = pinnedBlock(forks(true));
    ScheduleView view(b->input());
    SolveState s;
    std::vector<PipeSkeleton> k = solveSchedule(view, &b->constraints, pair(view, *b, "%h", "%r"), &s);
    REQUIRE(s.groups.size() == 2);
    CHECK(s.groups[0] == std::vector<int>{b->node("%g")});
    CHECK(s.groups[1] == std::vector<int>{b->node("%k")});
    REQUIRE(k.size() == 2);
    CHECK(k[0].operands == std::vector<const Value *>{b->block.ops[b->node("%g")]->results[0]});
    CHECK(k[1].operands == std::vector<const Value *>{b->block.ops[b->node("%k")]->results[0]});
  }
  SECTION("an operand link merges producers of different groups") {
    auto b = pinnedBlock(std::string(kChain).replace(
        std::string(kChain).find("[[0 1 1]]"), 9,
        "[[0 1 1 | tileas.schedule.constraint.gid = 4 : i32, tileas.schedule.constraint.leader_gid = 4 : i32]]"));
    ScheduleView view(b->input());
    SolveState s;
    solveSchedule(view, &b->constraints, pair(view, *b, "%h", "%r"), &s);
    CHECK(s.groups.size() == 1);
  }
}

TEST_CASE("DisjointSet roots follow the smaller index") {
  DisjointSet d(5);
  d.unite(4, 2);
  d.unite(2, 3);
  d.unite(1, 0);
  CHECK(d.find(4) == 2);
  CHECK(d.find(3) == 2);
  CHECK(d.find(1) == 0);
  d.unite(3, 1);
  CHECK(d.find(4) == 0);
}

TEST_CASE("phase 5 picks the earliest member by (stage, order) as the canonical owner") {
  auto b = pinnedBlock(kChain);
  ScheduleView view(b->input());
  SolveState s;
  solveSchedule(view, nullptr, pair(view, *b, "%h", "%r"), &s);
  CHECK(s.canonical == std::vector<int>{b->node("%h")});
}

TEST_CASE("phase 6 emits one Pipe_ per group with its ring depth and crossing") {
  auto b = pinnedBlock(kChain);
  ScheduleView view(b->input());
  std::vector<PipeSkeleton> k = solveSchedule(view, nullptr, pair(view, *b, "%h", "%r"));
  REQUIRE(k.size() == 1);
  CHECK(k[0].members == std::vector<int>{b->node("%h"), b->node("%h2"), b->node("%h3")});
  CHECK(k[0].canonical == b->node("%h"));
  CHECK(k[0].consumer == b->node("%r"));
  // The consumer reads %h3 and %h; both are group values.
  CHECK(k[0].operands.size() == 2);
  CHECK(k[0].depth == 2);  // acquire at 0, read at 8: lifetime 8 = II
  CHECK(k[0].stagesCrossed == 1);
  CHECK(!k[0].trivialFallback);
}

TEST_CASE("phase 6 sizes the ring for every iteration the consumer reads the value from") {
  // Online softmax: %diff reads the row max %mx of this iteration and, through the carried %m,
  // that of the previous one. The live set keeps %mx's nearest write (distance 0); the read one
  // iteration later holds the value II + 2 - 1 cycles, so the ring needs 2 slots.
  auto b = pinnedBlock(R"(
func.func @f(%x: tensor<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %x) -> (tensor<4xf32>) {
    %mx = test.rowmax %x [[0 0 1]] : tensor<4xf32>
    %diff = test.sub %m, %mx [[0 1 2]] : tensor<4xf32>
    scf.yield %mx : tensor<4xf32>
  } {nv_tile.aws.ii = 4 : i32}
  return
}
)");
  ScheduleView view(b->input());
  SolveState s;
  std::vector<PipeSkeleton> k = solveSchedule(view, nullptr, pair(view, *b, "%mx", "%diff"), &s);
  CHECK(s.distance.at(b->node("%mx")) == 0);
  REQUIRE(k.size() == 1);
  CHECK(k[0].depth == 2);
  CHECK(k[0].stagesCrossed == 1);
}

TEST_CASE("phase 6 falls back to a consumer-only Pipe_ and raises the trivial-fallback flag") {
  auto b = pinnedBlock(forks(false));
  ScheduleView view(b->input());
  SolveState s;
  std::vector<PipeSkeleton> k = solveSchedule(view, &b->constraints, pair(view, *b, "%h", "%z"), &s);
  CHECK(s.work.size() == 2);  // the forks produce this handle ...
  CHECK(s.live.empty());      // ... but not for %z, which reads the live-in itself
  CHECK(s.trivialFallback);
  REQUIRE(k.size() == 1);
  CHECK(k[0].trivialFallback);
  CHECK(k[0].members.empty());
  CHECK(k[0].canonical == b->node("%z"));
  CHECK(k[0].depth == 2);  // the scalar Pipe_ constructor's default
  REQUIRE(k[0].operands.size() == 1);
  CHECK(k[0].operands[0]->name == "%h");
}

TEST_CASE("a long handle chain: each consumer's solve costs its own closure, not the block's") {
  // 6,000 ops forwarding one handle at II 1, one stage each: every op reads the one before it
  // across a stage, so each is a consumer whose group is the whole chain above it (18 million
  // members in all). Solves that rebuilt maps of every producer of the handle for each consumer
  // made the tool spend about 19 s of processor time on this chain; these take under half a second.
  constexpr int kOps = 6000;
  std::string src =
      "func.func @f(%d: index, %n: index) {\n  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n"
      "    %h0 = test.acquire %d [[0 0 0]] : !test.token\n";
  for (int k = 1; k < kOps; ++k)
    src += "    %h" + std::to_string(k) + " = test.stamp %h" + std::to_string(k - 1) + " [[" + std::to_string(k) +
           " 0 " + std::to_string(k) + "]] : !test.token\n";
  src += "    scf.yield\n  } {nv_tile.aws.ii = 1 : i32}\n  return\n}\n";
  auto b = pinnedBlock(src);
  ScheduleView view(b->input());
  // Processor time, not wall time: the test shares its machine with other builds.
  const std::clock_t start = std::clock();
  std::vector<PipePlaceholder> worklist = seedPipePlaceholders(view);
  REQUIRE(worklist.size() == kOps - 1);
  size_t members = 0;
  bool wholeChainAbove = true;
  for (const PipePlaceholder &p : worklist)
    for (const PipeSkeleton &k : solveSchedule(view, &b->constraints, p)) {
      wholeChainAbove = wholeChainAbove && k.members.size() == static_cast<size_t>(p.consumer);
      members += k.members.size();
    }
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  CHECK(wholeChainAbove);
  CHECK(members == size_t{kOps} * (kOps - 1) / 2);
  CHECK(seconds < 5.0);
}
