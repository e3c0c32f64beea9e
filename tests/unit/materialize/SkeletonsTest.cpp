// Recovering the maps (ScheduleView), seeding mutex and pipe placeholders, collapsing them and
// rebuilding the block in (stage, order).
#include <catch2/catch.hpp>

#include "MaterializeTestUtil.h"
#include "materialize/ScheduleSolve.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

const char *kLoop = R"(
func.func @f(%d: index, %n: index, %h: !test.token, %x0: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<4xf32>) {
    %t = test.load %d [[0 0 0 | sched.label = "ld"]] : !test.token
    %v = test.wait %t [[1 0 8]] : tensor<4xf32>
    %u = test.wait2 %t [[1 1 12]] : tensor<4xf32>
    %s = test.add %v, %acc [[1 2 13]] : tensor<4xf32>
    %q = test.mul %s [[1 3 14]] : tensor<4xf32>
    %z = test.use %h [[0 1 1]] : i32
    %y = test.touch %x0 [[0 2 2]] : i32
    test.store %d, %q [[1 4 15 | sched.label = "st", sched.deps = [["@ld", 1, 1]]]] : i32
    scf.yield %s : tensor<4xf32>
  } {nv_tile.aws.ii = 8 : i32}
  return
}
)";

std::vector<std::string> consumersOf(const PinnedBlock &b, const std::vector<PipePlaceholder> &ps,
                                     const std::string &raw) {
  std::vector<std::string> out;
  for (const PipePlaceholder &p : ps)
    if (p.raw->name == raw) out.push_back(b.names[p.consumer]);
  return out;
}

}  // namespace

TEST_CASE("the view recovers origins: handles forward through same-typed token operands and iter_args") {
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index, %it0: !test.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 iter_args(%it = %it0) -> (!test.token) {
    %a = test.acquire %it [[0 0 0]] : !test.token
    %b = test.view %a [[0 1 1]] : tensor<4xf32>
    %it_n = test.inc %it [[0 2 2]] : !test.token
    scf.yield %it_n : !test.token
  } {nv_tile.aws.ii = 4 : i32}
  return
}
)");
  ScheduleView view(b->input());
  const Value *it = b->block.body->arguments[1];
  const Value *a = b->block.ops[b->node("%a")]->results[0];
  const Value *bv = b->block.ops[b->node("%b")]->results[0];
  const Value *itn = b->block.ops[b->node("%it_n")]->results[0];
  // The carried cycle it -> it_n -> it is represented by the iter_arg.
  CHECK(view.origin(it) == it);
  CHECK(view.origin(itn) == it);
  CHECK(view.origin(a) == it);
  CHECK(view.origin(bv) == bv);  // a tensor is its own raw value
  CHECK(view.producersOf(it) == std::vector<int>{b->node("%a"), b->node("%it_n")});
  UseSource src = view.trace(it);
  CHECK(src.producer == b->node("%it_n"));
  CHECK(src.distance == 1);
}

TEST_CASE("ring depth and stages crossed come from the fixed cycles") {
  auto b = pinnedBlock(kLoop);
  ScheduleView view(b->input());
  CHECK(view.stagesCrossed(b->node("%t"), b->node("%v"), 0) == 1);
  CHECK(view.ringDepth(b->node("%t"), b->node("%v"), 0) == 2);      // lifetime 8 = II
  CHECK(view.ringDepth(b->node("%z"), b->node("%v"), 0) == 1);      // lifetime 7
  CHECK(view.ringDepth(b->node("%s"), b->node("%s"), 1) == 2);      // 13 + 8 - 13 = 8
  CHECK(view.stagesCrossed(b->node("%v"), b->node("%z"), 0) == 0);  // never negative
}

TEST_CASE("pipe placeholders: crossing and carried values, and handles nobody here produces") {
  auto b = pinnedBlock(kLoop);
  ScheduleView view(b->input());
  std::vector<PipePlaceholder> ps = seedPipePlaceholders(view);
  CHECK(consumersOf(*b, ps, "%t") == std::vector<std::string>{"%v", "%u"});
  CHECK(consumersOf(*b, ps, "%s") == std::vector<std::string>{"%s"});  // carried through %acc
  CHECK(consumersOf(*b, ps, "%h") == std::vector<std::string>{"%z"});  // live-in handle
  CHECK(consumersOf(*b, ps, "%v").empty());                            // same stage
  CHECK(consumersOf(*b, ps, "%x0").empty());                           // a live-in tensor is not a handle
  CHECK(consumersOf(*b, ps, "%q").empty());
}

TEST_CASE("mutex placeholders: sched.deps without a shared value, not with one") {
  auto b = pinnedBlock(std::string(kLoop).replace(std::string(kLoop).find("%s = test.add %v, %acc [[1 2 13]]"), 34,
                                                  "%s = test.add %v, %acc [[1 2 13 | sched.deps = [[\"%v\", 5, 0]]]]"));
  ScheduleView view(b->input());
  std::vector<MutexPlaceholder> ms = seedMutexPlaceholders(view, b->graph, &b->constraints, b->names);
  REQUIRE(ms.size() == 1);
  CHECK(ms[0].ops == std::vector<int>{b->node("%t"), b->node("@st")});
  CHECK(ms[0].reason == "sched.deps %t -> @st (latency 1, distance 1)");
}

TEST_CASE("mutex placeholders: force_serial_execution on the loop and per constraint group") {
  auto b = pinnedBlock(R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = test.a %d [[0 0 0 | tileas.schedule.constraint.force_serial_execution]] : i32
    %b = test.b %d [[0 1 1 | tileas.schedule.constraint.force_serial_execution, tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32]] : i32
    %c = test.c %d [[0 2 2 | tileas.schedule.constraint.force_serial_execution]] : i32
    %e = test.e %d [[0 3 3]] : i32
    scf.yield
  } {nv_tile.aws.ii = 4 : i32}
  return
}
)");
  ScheduleView view(b->input());
  std::vector<MutexPlaceholder> ms = seedMutexPlaceholders(view, b->graph, &b->constraints, b->names);
  REQUIRE(ms.size() == 2);
  CHECK(ms[0].ops == std::vector<int>{b->node("%a"), b->node("%c")});
  CHECK(ms[0].reason == "force_serial_execution (constraint group 0)");
  CHECK(ms[1].ops == std::vector<int>{b->node("%b")});
  std::vector<MutexValue> mutexes = collapseMutexPlaceholders(view, ms);
  REQUIRE(mutexes.size() == 2);
  CHECK(mutexes[0].owner == b->node("%a"));
  CHECK(mutexes[0].barrier == 1);
  CHECK(mutexes[1].barrier == 2);

  ConstraintState serialLoop = b->constraints;
  serialLoop.regionForceSerial = true;
  ms = seedMutexPlaceholders(view, b->graph, &serialLoop, b->names);
  REQUIRE(ms.size() == 3);
  CHECK(ms[0].ops.size() == 4);
  CHECK(ms[0].reason == "force_serial_execution on the scf.for");
  mutexes = collapseMutexPlaceholders(view, ms);  // the loop-wide one swallows the others
  REQUIRE(mutexes.size() == 1);
  CHECK(mutexes[0].protects.size() == 4);
  CHECK(mutexes[0].reasons.size() == 3);
}

TEST_CASE("collapse merges the skeletons of one producer group, rebuild splices in (stage, order)") {
  auto b = pinnedBlock(kLoop);
  ScheduleView view(b->input());
  std::vector<PipeSkeleton> skeletons;
  for (const PipePlaceholder &p : seedPipePlaceholders(view))
    for (PipeSkeleton &k : solveSchedule(view, &b->constraints, p)) skeletons.push_back(k);
  REQUIRE(skeletons.size() == 4);  // %t twice, %h, %s
  std::vector<PipeValue> pipes = collapsePipeSkeletons(view, skeletons);
  REQUIRE(pipes.size() == 3);
  CHECK(pipes[0].raw->name == "%t");
  CHECK(pipes[0].consumers == std::vector<int>{b->node("%v"), b->node("%u")});
  CHECK(pipes[0].depth == 2);  // %u reads at 12: lifetime 12 -> 2 slots
  CHECK(pipes[0].anchor == b->node("%t"));
  CHECK(!pipes[0].tile);
  CHECK(pipes[1].trivialFallback);
  CHECK(pipes[1].owner == b->node("%z"));
  CHECK(pipes[2].raw->name == "%s");
  CHECK(pipes[2].tile);
  CHECK(pipes[2].stage == 1);
  CHECK(pipes[2].order == 2);

  std::vector<MutexValue> mutexes =
      collapseMutexPlaceholders(view, seedMutexPlaceholders(view, b->graph, &b->constraints, b->names));
  std::vector<RegionItem> seq = rebuildSequence(view, pipes, mutexes);
  std::vector<std::string> text;
  for (const RegionItem &item : seq)
    text.push_back(item.kind == RegionItem::Kind::Op     ? b->names[item.index]
                   : item.kind == RegionItem::Kind::Pipe ? "pipe:" + pipes[item.index].raw->name
                                                         : "mutex");
  CHECK(text == std::vector<std::string>{"mutex", "%t", "pipe:%t", "pipe:%h", "%z", "%y", "%v", "%u", "%s", "pipe:%s",
                                         "%q", "@st"});
}
