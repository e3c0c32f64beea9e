// The target from the IR (target/IRTarget.h): Triton's ttg.target read from the module, the
// built-in model of each compute capability, and ops of another machine named as such.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "target/IRTarget.h"
#include "target/TargetModel.h"

using namespace tilesched;

namespace {

std::optional<IRTarget> targetOf(std::string_view src, DiagnosticEngine &d) {
  auto p = test::parseBlocks(src);
  INFO(test::diagText(p->diags));
  REQUIRE_FALSE(p->diags.hasErrors());
  return readIRTarget(*p->module, d);
}

IRTarget target(const std::string &text) {
  DiagnosticEngine d;
  std::optional<IRTarget> t = targetOf("module attributes {ttg.target = \"" + text + "\"} {\n}\n", d);
  REQUIRE(t);
  CHECK(d.all().empty());
  return *t;
}

}  // namespace

TEST_CASE("IR target: ttg.target on the module, located at its value") {
  DiagnosticEngine d;
  std::optional<IRTarget> t =
      targetOf("module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\"} {\n}\n", d);
  REQUIRE(t);
  CHECK(t->text == "cuda:90");
  CHECK(t->computeCapability == 90);
  CHECK(t->range.begin.line == 1);
  CHECK(t->range.begin.col == 60);
  CHECK(d.all().empty());
  CHECK_FALSE(targetOf("module {\n}\n", d));
  CHECK_FALSE(targetOf("func.func @f() {\n  return\n}\n", d));  // no module: no target
  CHECK_FALSE(targetOf("cuda_tile.module @m {\n}\n", d));       // CUDA Tile IR without hints names none
  CHECK(d.all().empty());
}

TEST_CASE("IR target: CUDA Tile IR's optimization_hints name the architecture, at the entry") {
  DiagnosticEngine d;
  auto hinted = [&](const std::string &hints) {
    return targetOf("module {\n  cuda_tile.module @m {\n    entry @k(%x: tile<i32>) optimization_hints=<" + hints +
                        "> {\n      return\n    }\n  }\n}\n",
                    d);
  };
  std::optional<IRTarget> t = hinted("sm_90 = {num_cta_in_cga = 1}");
  REQUIRE(t);
  CHECK(t->text == "sm_90");
  CHECK(t->computeCapability == 90);
  CHECK(builtinModelForTarget(*t) == "hopper");
  CHECK(t->range.begin.line == 3);
  CHECK(t->range.begin.col == 5);
  t = hinted("sm_100a={occupancy=2}");
  REQUIRE(t);
  CHECK(builtinModelForTarget(*t) == "blackwell");
  for (const char *unknown : {"sm_89 = {}", "sm_75 = {}"}) {
    t = hinted(unknown);
    REQUIRE(t);
    CHECK(builtinModelForTarget(*t).empty());  // the driver warns, naming it
  }
  CHECK(d.all().empty());
  // Hints for two architectures: the first is the target, the other a warning naming both.
  t = hinted("sm_90 = {}, sm_100 = {num_cta_in_cga = 2}");
  REQUIRE(t);
  CHECK(t->text == "sm_90");
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].message.find("target sm_100 and an earlier one sm_90") != std::string::npos);
}

TEST_CASE("IR target: Triton 2024's triton_gpu.target, quoted or not") {
  DiagnosticEngine d;
  for (const char *name : {"triton_gpu.target", "\"triton_gpu.target\""}) {
    INFO(name);
    std::optional<IRTarget> t = targetOf(
        std::string("module attributes {\"triton_gpu.num-warps\" = 4 : i32, ") + name + " = \"cuda:90\"} {\n}\n", d);
    REQUIRE(t);
    CHECK(t->computeCapability == 90);
    CHECK(builtinModelForTarget(*t) == "hopper");
  }
  CHECK(d.all().empty());
}

TEST_CASE("IR target: a target that is not a string, or a second one, is a warning") {
  DiagnosticEngine d;
  CHECK_FALSE(targetOf("module attributes {ttg.target = 90 : i32} {\n}\n", d));
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].severity == Severity::Warning);
  CHECK(d.all()[0].message == "ttg.target must be a string such as \"cuda:90\"; it is ignored");

  DiagnosticEngine two;
  std::optional<IRTarget> t = targetOf(
      "module attributes {ttg.target = \"cuda:90\"} {\n}\nmodule attributes {ttg.target = \"cuda:100\"} {\n}\n", two);
  REQUIRE(t);
  CHECK(t->text == "cuda:90");
  REQUIRE(two.all().size() == 1);
  CHECK(two.all()[0].range.begin.line == 3);
  CHECK(two.all()[0].message.rfind("this module targets cuda:100 and an earlier one cuda:90; the input is scheduled "
                                   "for cuda:90",
                                   0) == 0);
}

TEST_CASE("IR target: compute capabilities map to the built-in models") {
  CHECK(builtinModelForTarget(target("cuda:90")) == "hopper");
  CHECK(builtinModelForTarget(target("cuda:90a")) == "hopper");
  for (const char *blackwell : {"cuda:100", "cuda:101", "cuda:103", "cuda:110", "cuda:100a"}) {
    INFO(blackwell);
    CHECK(builtinModelForTarget(target(blackwell)) == "blackwell");
  }
  for (const char *none :
       {"cuda:80", "cuda:89", "cuda:120", "cuda:121", "hip:gfx942", "cuda:", "cuda:9x0", "cuda:90ab"}) {
    INFO(none);
    CHECK(builtinModelForTarget(target(none)).empty());
  }
  CHECK(target("hip:gfx942").computeCapability == 0);
}

TEST_CASE("IR target: every built-in model has words, other names none") {
  for (const std::string &name : builtinTargetModelNames()) {
    INFO(name);
    CHECK_FALSE(builtinModelWords(name).empty());
  }
  CHECK(builtinModelWords("hopper") == "Hopper (sm_90)");
  CHECK(builtinModelWords("blackwell") == "Blackwell (sm_100)");
  CHECK(builtinModelWords("mine").empty());
}

TEST_CASE("IR target: an op only some built-in models have belongs to the first that has it") {
  CHECK(targetOnlyOpModelWords("ttng.tc_gen5_mma") == "Blackwell (sm_100)");             // unsupported on hopper
  CHECK(targetOnlyOpModelWords("nv_tileas.async.tcgen05_mma") == "Blackwell (sm_100)");  // absent from hopper
  CHECK(targetOnlyOpModelWords("arith.addf").empty());                                   // both have it
  CHECK(targetOnlyOpModelWords("my.unknown").empty());                                   // neither
}

TEST_CASE("op resources: an op of another machine is a warning naming both, with the model's reason") {
  auto hopper = builtinTargetModel("hopper");
  REQUIRE(hopper);
  auto p = test::parseBlocks(R"(func.func @f(%a: i32) {
  %t = ttng.tc_gen5_mma %a : i32
  %u = nv_tileas.async.tcgen05_mma %a : i32
  %v = arith.addf %a, %a : i32
  return
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  const std::vector<Operation *> &ops = p->blocks.at(0).ops;
  DiagnosticEngine d;
  OpResources t = resolveOpResources(*ops[0], *hopper, d, {"cuda:90"});
  CHECK(t.source == OpResources::Source::Default);
  OpResources u = resolveOpResources(*ops[1], *hopper, d);  // no target in words: the model is named
  CHECK(u.source == OpResources::Source::Default);
  resolveOpResources(*ops[2], *hopper, d, {"cuda:90"});
  REQUIRE(d.all().size() == 2);
  CHECK(d.all()[0].severity == Severity::Warning);
  CHECK(d.all()[0].range.begin.line == 2);
  CHECK(d.all()[0].message ==
        "'ttng.tc_gen5_mma' is a Blackwell (sm_100) op; this loop targets cuda:90 (tcgen05 needs Blackwell's tensor "
        "memory (sm_100); Hopper has none), so it is scheduled as an unknown op (latency 1, no resources)");
  CHECK(d.all()[1].message ==
        "'nv_tileas.async.tcgen05_mma' is a Blackwell (sm_100) op; this loop targets model 'hopper' (tcgen05 needs "
        "Blackwell's tensor memory (sm_100); Hopper has none), so it is "
        "scheduled as an unknown op (latency 1, no resources)");

  // A model file without the op says nothing about machines unless the op is machine-specific.
  DiagnosticEngine md;
  auto tiny = parseTargetModel(R"({"name": "tiny"})", md);
  REQUIRE(tiny);
  DiagnosticEngine quiet;
  resolveOpResources(*ops[2], *tiny, quiet);
  CHECK(quiet.all().empty());
}

TEST_CASE("op resources: a measured cost replaces the model entry, overrides still apply") {
  auto blackwell = builtinTargetModel("blackwell");
  REQUIRE(blackwell);
  auto p = test::parseBlocks(R"(func.func @f(%a: i32) {
  %x = arith.addf %a, %a : i32
  %y = arith.addf %x, %x {sched.latency = 7 : i32} : i32
  return
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  OpResources measured;
  measured.latency = 40;
  measured.footprint = {{blackwell->resourceIndex("tma")}, {}};
  measured.traits = TraitTma;
  measured.source = OpResources::Source::Schedule;
  measured.oneAtATime = true;
  DiagnosticEngine d;
  OpResources x = resolveOpResources(*p->blocks.at(0).ops[0], *blackwell, d, {"", &measured});
  CHECK(x.source == OpResources::Source::Schedule);
  CHECK(x.latency == 40);
  CHECK(x.footprint.size() == 2);
  CHECK(x.traits == TraitTma);
  CHECK(x.oneAtATime);
  OpResources y = resolveOpResources(*p->blocks.at(0).ops[1], *blackwell, d, {"", &measured});
  CHECK(y.source == OpResources::Source::Override);
  CHECK(y.latency == 7);
  CHECK(y.footprint.size() == 2);
  CHECK(d.all().empty());
}
