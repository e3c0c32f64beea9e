// The postcondition verifier: each invariant, broken on purpose, is an error diagnostic.
#include <catch2/catch.hpp>

#include "MaterializeTestUtil.h"
#include "materialize/ScheduleSolve.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

const char *kLoop = R"(
func.func @f(%d: index, %n: index, %x0: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<4xf32>) {
    %t = test.load %d [[0 0 0 | sched.label = "ld"]] : !test.token
    %v = test.wait %t [[2 0 17]] : tensor<4xf32>
    %s = test.add %v, %acc [[2 1 18]] : tensor<4xf32>
    test.store %d, %s [[2 2 19 | sched.deps = [["@ld", 1, 1]]]] : i32
    scf.yield %s : tensor<4xf32>
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)";

MaterializedSchedule plan(PinnedBlock &b, const MaterializeOptions &opts = {}) {
  PipeNamer namer({});
  return materializeSchedule(b.input(), opts, namer, b.diags);
}

}  // namespace

TEST_CASE("a clean plan verifies, names its values and lists the rebuilt block") {
  auto b = pinnedBlock(kLoop);
  MaterializedSchedule p = plan(*b);
  INFO(diagText(b->diags));
  REQUIRE(p.valid);
  CHECK(p.solves == 2);
  REQUIRE(p.pipes.size() == 2);
  CHECK(p.pipes[0].name == "Pipe_0");
  CHECK(p.pipes[0].depth == 3);  // lifetime 17 at II 8
  CHECK(p.pipes[0].stagesCrossed == 2);
  REQUIRE(p.mutexes.size() == 1);
  CHECK(p.mutexes[0].name == "Mutex_0");
  CHECK(p.sequence.size() == 7);
  CHECK(!p.trivialFallback);
}

TEST_CASE("the verifier rejects a ring deeper than the slot limit") {
  auto b = pinnedBlock(kLoop);
  MaterializeOptions opts;
  opts.maxPipeDepth = 2;
  MaterializedSchedule p = plan(*b, opts);
  CHECK(!p.valid);
  CHECK_THAT(diagText(b->diags), Catch::Contains("Pipe_0 needs a ring of depth 3, outside 1..2"));
}

TEST_CASE("the verifier rejects a named barrier outside the pool") {
  auto b = pinnedBlock(kLoop);
  MaterializeOptions opts;
  opts.namedBarriers = 1;  // only __syncthreads' id 0
  MaterializedSchedule p = plan(*b, opts);
  CHECK(!p.valid);
  CHECK_THAT(diagText(b->diags), Catch::Contains("fails to assign named barrier: Mutex_0 needs named barrier 1"));
}

TEST_CASE("the verifier recomputes depth, headers and order instead of trusting the plan") {
  auto b = pinnedBlock(kLoop);
  MaterializedSchedule p = plan(*b);
  REQUIRE(p.valid);
  ScheduleView view(b->input());
  MaterializeOptions opts;

  SECTION("a ring shallower than a hand-off needs") {
    p.pipes[0].depth = 2;
    CHECK(!verifyScheduledRegion(view, p, opts, b->names, b->diags));
    CHECK_THAT(
        diagText(b->diags),
        Catch::Contains("Pipe_0 has depth 2, but %v reads %t from %t 0 iteration(s) later, which needs 3 slots"));
  }
  SECTION("a header (stage, order) that is not its owner's") {
    p.pipes[0].order = 5;
    CHECK(!verifyScheduledRegion(view, p, opts, b->names, b->diags));
    CHECK_THAT(diagText(b->diags),
               Catch::Contains("Pipe_0 header (stage 0, order 5) differs from its owner %t (stage 0, order 0)"));
  }
  SECTION("ops out of (stage, order)") {
    std::vector<RegionItem> &seq = p.sequence;
    auto first = std::find_if(seq.begin(), seq.end(), [&](const RegionItem &i) {
      return i.kind == RegionItem::Kind::Op && i.index == b->node("%v");
    });
    auto second = std::find_if(seq.begin(), seq.end(), [&](const RegionItem &i) {
      return i.kind == RegionItem::Kind::Op && i.index == b->node("%s");
    });
    std::iter_swap(first, second);
    CHECK(!verifyScheduledRegion(view, p, opts, b->names, b->diags));
    CHECK_THAT(diagText(b->diags), Catch::Contains("%v (stage 2, order 0) is rebuilt after %s (stage 2, order 1)"));
  }
  SECTION("an op left out") {
    p.sequence.erase(
        std::remove_if(p.sequence.begin(), p.sequence.end(),
                       [&](const RegionItem &i) { return i.kind == RegionItem::Kind::Op && i.index == b->node("%s"); }),
        p.sequence.end());
    CHECK(!verifyScheduledRegion(view, p, opts, b->names, b->diags));
    CHECK_THAT(diagText(b->diags), Catch::Contains("%s is missing from the rebuilt block"));
  }
}

TEST_CASE("a schedule that orders a consumer ahead of its producer cannot be rebuilt") {
  // Equal cycles, latency 0: the schedule is legal, but (stage, order) puts %b before %a.
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = test.a %d [[0 1 0 | sched.latency = 0 : i32]] : i32
    %b = test.b %a [[0 0 0]] : i32
    scf.yield
  } {nv_tile.aws.ii = 2 : i32}
  return
}
)");
  MaterializedSchedule p = plan(*b);
  CHECK(!p.valid);
  CHECK_THAT(diagText(b->diags), Catch::Contains("cannot rebuild the block in (stage, order): %b (stage 0, order 0) "
                                                 "reads %a before %a (stage 0, order 1) defines it"));
}

TEST_CASE("producer and consumer must see one type") {
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index, %x0: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<4xf32>) {
    %s = test.add %acc [[0 0 0]] : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  } {nv_tile.aws.ii = 2 : i32}
  return
}
)");
  MaterializedSchedule p = plan(*b);
  CHECK(!p.valid);
  CHECK_THAT(diagText(b->diags),
             Catch::Contains("Pipe_0: %s reads %acc as tensor<4xf32>, but %s writes %s as tensor<8xf32>"));
}

TEST_CASE("a consumer-only Pipe_ is reported as a note and flags the schedule") {
  auto b = pinnedBlock(R"(
func.func @f(%h: !test.token, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %z = test.use %h [[0 0 0]] : i32
    scf.yield
  } {nv_tile.aws.ii = 1 : i32}
  return
}
)");
  MaterializedSchedule p = plan(*b);
  REQUIRE(p.valid);
  CHECK(p.trivialFallback);
  CHECK(!b->diags.hasErrors());
  CHECK_THAT(diagText(b->diags), Catch::Contains("note: Pipe_0: no op of this block produces the async handle %h"));
}

TEST_CASE("PipeNamer counts per kind and skips names the function already uses") {
  PipeNamer namer({"%Pipe_0", "%Mutex_1"});
  CHECK(namer.next(true) == "Pipe_1");
  CHECK(namer.next(false) == "Mutex_0");
  CHECK(namer.next(false) == "Mutex_2");
  CHECK(namer.next(true) == "Pipe_2");
}
