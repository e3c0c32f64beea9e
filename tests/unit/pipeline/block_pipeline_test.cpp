// The block pipeline (pipeline/BlockPipeline.h): named passes in a fixed order over one block
// state, usable without the driver, each pass publishing its part of the state.
#include <catch2/catch.hpp>

#include <string>

#include "ir/Parser.h"
#include "pipeline/BlockPipeline.h"

using namespace tilesched;

namespace {

struct Run {
  DiagnosticEngine diags;
  std::unique_ptr<Module> module;
  BlockRun blocks;
};

std::unique_ptr<Run> schedule(const std::string &text, PipelineOptions opts = {}) {
  auto r = std::make_unique<Run>();
  r->module = parseSource(text, r->diags);
  REQUIRE(r->module);
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("blackwell");
  scheduleBlocks({*r->module, *model, "model 'blackwell'", {}, 0}, opts, r->diags, r->blocks);
  return r;
}

const char *kLoop = R"(
func.func @f(%lb: index, %ub: index, %st: index, %x: f32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %a = arith.mulf %acc, %x : f32
    %b = arith.addf %a, %x : f32
    scf.yield %b : f32
  }
  func.return
}
)";

}  // namespace

TEST_CASE("block pipeline: the passes, in pipeline order", "[pipeline]") {
  std::string names;
  for (const NamedPass &p : kBlockPasses) names += std::string(names.empty() ? "" : " ") + p.name;
  CHECK(names ==
        "strip-materialized read-triton-schedule hoist-tmem-alloc tileas-view agents resources dependence-graph "
        "constraints check-problem read-pins generate steer verify refinement estimate");
}

TEST_CASE("block pipeline: a scheduled loop carries every part its passes publish", "[pipeline]") {
  auto r = schedule(kLoop);
  REQUIRE_FALSE(r->diags.hasErrors());
  REQUIRE(r->blocks.blocks.size() == 1);
  const BlockResult &s = r->blocks.blocks.front();
  CHECK(s.status == BlockStatus::Scheduled);
  CHECK(s.triton.ops.size() == 2);           // read-triton-schedule
  CHECK(s.decided.outsideLoop.size() == 2);  // hoist-tmem-alloc
  CHECK(s.lowered.opCount == 2);             // tileas-view
  CHECK(s.opAgents.size() == 2);             // agents (none: not warp-specialized)
  CHECK(s.resources.size() == 2);            // resources
  CHECK(s.nodeNames.size() == 2);
  CHECK(s.graph.numNodes == 2);            // dependence-graph
  CHECK(s.constraints.slots.size() == 2);  // constraints
  CHECK(s.analysis.valid);                 // generate
  CHECK(s.violations.empty());             // verify
  CHECK(s.materialized.valid);             // refinement
  CHECK(r->blocks.traceEntries == s.analysis.trace.size());
}

TEST_CASE("block pipeline: a pass that stops a block leaves the later parts unpublished", "[pipeline]") {
  // sched.ii_cap = 0 is malformed: the constraints pass reports it and check-problem stops the block.
  std::string text = kLoop;
  text.replace(text.find("scf.yield %b : f32\n  }"), std::string("scf.yield %b : f32\n  }").size(),
               "scf.yield %b : f32\n  } {sched.ii_cap = 0 : i32}");
  auto r = schedule(text);
  REQUIRE(r->blocks.blocks.size() == 1);
  const BlockResult &s = r->blocks.blocks.front();
  CHECK(r->diags.hasErrors());
  CHECK(r->blocks.unusable);
  CHECK(s.status == BlockStatus::Failed);
  CHECK(s.graph.numNodes == 2);       // published before the stop
  CHECK_FALSE(s.analysis.valid);      // generate never ran
  CHECK_FALSE(s.materialized.valid);  // nor the refinement
}
