// Agents (docs/decisions.md, "Each agent on its own share of the SM"): which agents the IR runs a
// block's ops in, with their warps, and the share of the SM each is scheduled on.
#include <algorithm>

#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "graph/Agents.h"
#include "target/TargetModel.h"

using namespace tilesched;

namespace {

const ScheduledBlock &onlyLoop(const test::Parsed &p) {
  REQUIRE(p.diags.errorCount() == 0);
  REQUIRE(p.blocks.size() >= 1);
  REQUIRE(p.blocks.front().isLoop);
  return p.blocks.front();
}

// A loop in a module of 8 warps: `body` its ops, `attrs` the loop's attribute dictionary.
std::string loopOf(const std::string &body, const std::string &attrs = "") {
  return "module attributes {\"ttg.num-warps\" = 8 : i32} {\n  func.func @f(%n: i32, %x: f32) {\n"
         "    %c0 = arith.constant 0 : i32\n    %c1 = arith.constant 1 : i32\n"
         "    scf.for %i = %c0 to %n step %c1 : i32 {\n" +
         body + "    } " + attrs + "\n    return\n  }\n}\n";
}

// Partition 0 on a warp group, partition 1 on one warp.
std::vector<BlockAgent> groupAndOneWarp() {
  std::vector<BlockAgent> agents(2);
  agents[0].partition = 0;
  agents[1].partition = 1;
  agents[1].warps = 1;
  return agents;
}

int resource(const TargetModel &m, const std::string &name) {
  const int r = m.resourceIndex(name);
  REQUIRE(r >= 0);
  return r;
}

}  // namespace

TEST_CASE("agents: one per ttg.partition id, warps from the loop's ttg.partition_num_warps", "[agents]") {
  auto p =
      test::parseBlocks(loopOf("      %a = arith.addf %x, %x {ttg.partition = array<i32: 1>} : f32\n"
                               "      %b = arith.mulf %x, %x : f32\n"
                               "      %c = arith.addf %b, %b {ttg.partition = array<i32: 0, 1>} : f32\n"
                               "      %d = arith.mulf %x, %x {ttg.partition = array<i32: 0>} : f32\n",
                               "{ttg.partition_num_warps = array<i32: 4, 1>}"));
  const std::vector<BlockAgent> agents = blockAgents(onlyLoop(*p));
  REQUIRE(agents.size() == 2);
  CHECK(agents[0].name() == "partition 0");
  CHECK(agents[0].warps == 4);
  CHECK(agents[0].warpsGiven);
  CHECK(agents[0].ops == std::vector<int>{1, 2, 3});  // %b runs in every partition
  CHECK(agents[1].name() == "partition 1");
  CHECK(agents[1].warps == 1);
  CHECK(agents[1].ops == std::vector<int>{0, 1, 2});
}

TEST_CASE("agents: partitions without stated warps take the module's ttg.num-warps", "[agents]") {
  auto p =
      test::parseBlocks(loopOf("      %a = arith.addf %x, %x {ttg.partition = 2 : i32} : f32\n"
                               "      %d = arith.mulf %x, %x {ttg.partition = array<i32: 0>} : f32\n"));
  const std::vector<BlockAgent> agents = blockAgents(onlyLoop(*p));
  REQUIRE(agents.size() == 2);
  CHECK(agents[0].partition == 0);
  CHECK(agents[1].partition == 2);
  CHECK(agents[1].warps == 8);
  CHECK_FALSE(agents[1].warpsGiven);
}

TEST_CASE("agents: a loop in a ttg.warp_specialize region is that region's agent", "[agents]") {
  auto p = test::parseBlocks(R"(module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    ttg.warp_specialize(%n, %x)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %a = arith.addf %x, %x : f32
      }
      ttg.warp_yield
    }
    partition0(%m: i32, %y: f32) num_warps(2) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %b = arith.mulf %y, %y : f32
      }
      ttg.warp_return
    } : (i32, f32) -> ()
    tt.return
  }
})");
  REQUIRE(p->diags.errorCount() == 0);
  REQUIRE(p->blocks.size() >= 2);
  std::vector<std::string> seen;
  for (const ScheduledBlock &b : p->blocks) {
    if (!b.isLoop) continue;
    const std::vector<BlockAgent> agents = blockAgents(b);
    REQUIRE(agents.size() == 1);
    seen.push_back(agents[0].name() + " " + std::to_string(agents[0].warps) + (agents[0].warpsGiven ? "" : "?"));
    CHECK(agents[0].ops.size() == b.ops.size());
  }
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::string>{"default 4", "partition 0 2"});
}

TEST_CASE("agents: the loops of an nvws.warp_group are its partitions", "[agents]") {
  auto p = test::parseBlocks(R"(module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%lb: i32, %ub: i32, %step: i32, %x: f32) {
    nvws.warp_group
    partition0 num_warps(4) {
      scf.for %i = %lb to %ub step %step : i32 {
        %a = arith.addf %x, %x : f32
      }
      nvws.warp_group.yield
    }
    partition1 num_warps(1) {
      scf.for %j = %lb to %ub step %step : i32 {
        %b = arith.mulf %x, %x : f32
      }
      nvws.warp_group.return
    }
    tt.return
  }
})");
  REQUIRE(p->diags.errorCount() == 0);
  std::vector<std::string> seen;
  for (const ScheduledBlock &b : p->blocks)
    for (const BlockAgent &a : blockAgents(b))
      seen.push_back(a.name() + " " + std::to_string(a.warps) + (a.warpsGiven ? "" : "?"));
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::string>{"partition 0 4", "partition 1 1"});
}

TEST_CASE("agents: a loop outside any warp specialization has none", "[agents]") {
  auto p = test::parseBlocks(loopOf("      %a = arith.addf %x, %x : f32\n"));
  CHECK(blockAgents(onlyLoop(*p)).empty());
}

TEST_CASE("agents: each agent issues on its own units, the TMA engine and tensor cores stay the SM's", "[agents]") {
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("blackwell");
  REQUIRE(model);
  const std::vector<BlockAgent> agents = groupAndOneWarp();
  const AgentShare share = shareOfSm(*model, agents);
  REQUIRE(share.model);
  const TargetModel &m = *share.model;
  const int fma = resource(*model, "fma_issue"), tma = resource(*model, "tma"), issue = resource(*model, "issue");
  CHECK(issuedPerAgent(model->resources[size_t(fma)]));
  CHECK_FALSE(issuedPerAgent(model->resources[size_t(tma)]));
  const int fma0 = share.remap[0][size_t(fma)], fma1 = share.remap[1][size_t(fma)];
  CHECK(m.resources[size_t(fma0)].name == "fma_issue (partition 0)");
  CHECK(m.resources[size_t(fma0)].capacity == 4);  // one warp group: the model's width
  CHECK(m.resources[size_t(fma1)].capacity == 1);  // one warp: one scheduler of four
  CHECK(share.remap[0][size_t(tma)] == tma);
  CHECK(share.remap[1][size_t(tma)] == tma);
  const int issue1 = share.remap[1][size_t(issue)];
  CHECK_FALSE(m.resources[size_t(issue1)].isSlot);  // a pool of one: any number of agents fit
  CHECK(m.resources[size_t(issue1)].capacity == 1);
  CHECK(share.origin[size_t(fma1)] == fma);

  // An op both agents run holds each one's unit; one agent's op only its own; TMA is shared.
  const Footprint fp{{fma, tma}};
  CHECK(agentFootprint(fp, share, {0, 1}) == Footprint{{fma0, fma1, tma}});
  CHECK(agentFootprint(fp, share, {1}) == Footprint{{fma1, tma}});
  CHECK(share.heldBy(1, fma1));
  CHECK_FALSE(share.heldBy(0, fma1));
  CHECK(share.heldBy(0, tma));

  // An inner loop's copy goes to the outer agent of its partition, else back to the model's unit.
  BlockAgent outerOne;
  outerOne.partition = 1;
  BlockAgent outerTwo;
  outerTwo.partition = 2;
  const std::vector<BlockAgent> &inner = agents, outer{outerOne, outerTwo};
  const AgentShare around = shareOfSm(*model, outer);
  const Footprint fp01{{fma0, fma1, tma}};
  CHECK(outerFootprint(fp01, {share, inner}, {around, outer}) == Footprint{{fma, around.remap[0][size_t(fma)], tma}});
  CHECK(agentFootprint(Footprint{{around.remap[0][size_t(fma)]}}, around, {1}) ==
        Footprint{{around.remap[0][size_t(fma)]}});
}

TEST_CASE("agents: one narrow agent keeps the model's units at its warps' width", "[agents]") {
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("hopper");
  REQUIRE(model);
  BlockAgent two;
  two.partition = 0;
  two.warps = 2;
  const AgentShare narrow = shareOfSm(*model, {two});
  REQUIRE(narrow.model);
  CHECK(narrow.model->resources.size() == model->resources.size());
  CHECK(narrow.model->resources[size_t(resource(*model, "fma_issue"))].capacity == 2);
  CHECK(narrow.model->resources[size_t(resource(*model, "alu_issue"))].capacity == 2);  // 3 x 2/4, rounded up
  BlockAgent group;
  CHECK_FALSE(shareOfSm(*model, {group}).model);  // a whole warp group: the model as it is
  CHECK_FALSE(shareOfSm(*model, {}).model);
  // More agents than a CTA has warps: left on the whole SM.
  CHECK(shareOfSm(*model, std::vector<BlockAgent>(kMaxAgents, group)).model);
  CHECK_FALSE(shareOfSm(*model, std::vector<BlockAgent>(kMaxAgents + 1, group)).model);
}

TEST_CASE("agents: a negative ttg.partition id names no partition", "[agents]") {
  auto p = test::parseBlocks(loopOf("      %a = arith.addf %x, %x {ttg.partition = array<i32: -1>} : f32\n"));
  CHECK(blockAgents(onlyLoop(*p)).empty());
}

TEST_CASE("agents: a share widens to the largest demand one op makes of it in a cycle", "[agents]") {
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("blackwell");
  REQUIRE(model);
  AgentShare share = shareOfSm(*model, groupAndOneWarp());
  REQUIRE(share.model);
  const int fma = resource(*model, "fma_issue"), tma = resource(*model, "tma");
  const int fma0 = share.remap[0][size_t(fma)], fma1 = share.remap[1][size_t(fma)];
  // Within its share: nothing widens.
  const Footprint fits{{fma1}, {fma0, fma0, fma0, fma0}};
  CHECK(widenToDemand(share, *model, {&fits}).empty());
  CHECK(share.model->resources[size_t(fma1)].capacity == 1);
  // An inner loop's two agents both fell to partition 1: three of its units in one cycle.
  const Footprint inner{{tma}, {fma1, fma1, fma1, tma}};
  CHECK(widenToDemand(share, *model, {&fits, &inner}) == std::vector<std::string>{"fma_issue (partition 1)"});
  CHECK(share.model->resources[size_t(fma1)].capacity == 3);
  CHECK(share.model->resources[size_t(fma0)].capacity == 4);
  // A unit the share does not narrow keeps the model's width.
  const Footprint tmaTwice{{tma, tma}};
  CHECK(widenToDemand(share, *model, {&tmaTwice}).empty());
}

TEST_CASE("agents: inner agents' copies of a slot fall back to the SM's slot once per cycle", "[agents]") {
  const std::shared_ptr<const TargetModel> model = builtinTargetModel("hopper");
  REQUIRE(model);
  BlockAgent one, two;
  one.partition = 1;
  two.partition = 2;
  const std::vector<BlockAgent> inner{one, two}, outer{};
  const AgentShare share = shareOfSm(*model, inner), around = shareOfSm(*model, outer);
  REQUIRE(share.model);
  REQUIRE_FALSE(around.model);
  const int xu = resource(*model, "xu"), fma = resource(*model, "fma_issue");
  REQUIRE(model->resources[size_t(xu)].isSlot);
  const int xu1 = share.remap[0][size_t(xu)], xu2 = share.remap[1][size_t(xu)];
  const int fma1 = share.remap[0][size_t(fma)], fma2 = share.remap[1][size_t(fma)];
  const int fmaWidth = model->resources[size_t(fma)].capacity;
  // An op of no partition ran in both inner agents: each held its own xu and fma_issue copies.
  const Footprint both{{xu1, xu2, fma1, fma2}};
  FootprintRow want{xu};
  for (int k = 0; k < std::min(2, fmaWidth); ++k) want.push_back(fma);
  CHECK(outerFootprint(both, {share, inner}, {around, outer}) == Footprint{want});
}
