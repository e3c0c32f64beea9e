// seed 000: region summary, the ordered selection predicate, and the serial generator.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "generate/GenerateSchedule.h"

using namespace tilesched;

namespace {

DependenceGraph chain(int n, std::vector<DepEdge> edges) {
  DependenceGraph g;
  g.numNodes = n;
  g.succ.resize(n);
  g.pred.resize(n);
  for (const DepEdge &e : edges) {
    g.succ[e.src].push_back(static_cast<int>(g.edges.size()));
    g.pred[e.dst].push_back(static_cast<int>(g.edges.size()));
    g.edges.push_back(e);
  }
  return g;
}

std::vector<OpResources> plain(int n, int latency = 1) {
  std::vector<OpResources> r(n);
  for (auto &x : r) x.latency = latency;
  return r;
}

// One slot, index 0: the footprints below name it.
TargetModel oneSlot() {
  TargetModel m;
  m.name = "one-slot";
  m.resources.push_back({"unit", 1, true, 1, "coarse"});
  return m;
}
const TargetModel kOneSlot = oneSlot();

ModuloProblem inputFor(const DependenceGraph &g, const std::vector<OpResources> &r) { return {g, r, kOneSlot}; }

}  // namespace

TEST_CASE("selection predicate: first matching rule wins (seed 000)") {
  ScheduleOptions opts;
  RegionSummary s;
  s.opCount = s.opCountLowered = 20;
  s.hasTma = true;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::CostBased);

  s.forceSerial = true;  // rule 1 trumps everything
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::Serial);
  s.forceSerial = false;

  s.opCount = s.opCountLowered = 7;  // rule 2: below serial_threshold (8)
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::Serial);
  s.opCount = s.opCountLowered = 8;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::CostBased);
  opts.serialThreshold = 9;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::Serial);
  opts.serialThreshold = 8;

  s.hasTma = false;  // rule 3: no resource-bearing op
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::Serial);
  s.hasWgmma = true;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::CostBased);
  s.hasWgmma = false;
  s.hasAsyncPipeline = true;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::CostBased);

  // An explicit --generator bypasses the predicate in both directions.
  opts.generator = ScheduleOptions::Generator::Serial;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::Serial);
  s.forceSerial = true;
  opts.generator = ScheduleOptions::Generator::CostBased;
  CHECK(selectGenerator(s, opts).generator == GeneratorKind::CostBased);
}

TEST_CASE("selection names its rule and what would give a modulo schedule") {
  ScheduleOptions opts;
  RegionSummary s;
  s.opCount = s.opCountLowered = 5;
  s.hasWgmma = true;
  GeneratorSelection sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::BelowThreshold);
  CHECK(sel.serialThreshold == 8);
  CHECK(sel.requestCostBased);
  CHECK(sel.thresholdAtMost == 5);  // 5 ops reach rule 4 with a threshold of 5
  CHECK(selectionReason(sel) == "5 ops, under the serial threshold of 8");
  CHECK(selectionRemedy(sel) == "ask for the cost-based generator, or set the serial threshold to 5 or lower");

  s.hasWgmma = false;  // a lower threshold would only reach rule 3
  sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::BelowThreshold);
  CHECK(sel.thresholdAtMost == 0);
  CHECK(selectionRemedy(sel) == "ask for the cost-based generator");

  s.opCount = s.opCountLowered = 1;
  opts.serialThreshold = 0;
  sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::NoAsyncOp);
  CHECK(selectionReason(sel) == "no TMA, WGMMA or async-pipeline op among its 1 op");

  s.hasTma = s.hasAsyncPipeline = true;
  sel = selectGenerator(s, opts);
  CHECK(sel.generator == GeneratorKind::CostBased);
  CHECK(sel.rule == SelectionRule::Eligible);
  CHECK(selectionReason(sel) == "1 op, with TMA and async-pipeline ops");
  CHECK(selectionRemedy(sel).empty());

  s.forceSerial = true;
  sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::ForceSerial);
  CHECK_FALSE(sel.requestCostBased);  // the cost-based generator keeps a forced region serial too
  CHECK(selectionRemedy(sel) == "remove force_serial_execution from the loop");

  opts.generator = ScheduleOptions::Generator::Serial;
  sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::Requested);
  CHECK(selectionReason(sel) == "the serial generator was requested");
  CHECK(std::string(selectionRuleName(sel.rule)) == "requested");
}

TEST_CASE("selection compares the ops as TileAS sees them with the threshold, and says both counts") {
  ScheduleOptions opts;
  RegionSummary s;
  s.opCount = 5;         // five Triton ops ...
  s.opCountLowered = 9;  // ... that lower to nine nv_tileas ops
  s.hasWgmma = true;
  GeneratorSelection sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::Eligible);
  CHECK(selectionReason(sel) == "5 ops as written, 9 as TileAS sees them, with WGMMA ops");
  opts.serialThreshold = 10;
  sel = selectGenerator(s, opts);
  CHECK(sel.rule == SelectionRule::BelowThreshold);
  CHECK(sel.thresholdAtMost == 9);  // the count the threshold is compared with
  CHECK(selectionReason(sel) == "5 ops as written, 9 as TileAS sees them, under the serial threshold of 10");
  s.hasWgmma = false;
  opts.serialThreshold = 8;
  CHECK(selectionReason(selectGenerator(s, opts)) ==
        "no TMA, WGMMA or async-pipeline op among its 5 ops as written, 9 as TileAS sees them");
}

TEST_CASE("region summary reads the traits of the resolved ops and the region flag") {
  DependenceGraph g = chain(3, {});
  std::vector<OpResources> r = plain(3);
  r[1].traits = TraitTma;
  r[2].traits = TraitAsyncPipeline;
  ConstraintState cs;
  cs.regionForceSerial = true;
  const ModuloProblem in(g, r, kOneSlot, &cs);
  RegionSummary s = summarizeRegion(in);
  CHECK(s.opCount == 3);
  CHECK(s.opCountLowered == 3);  // no block to lower: the nodes as they are
  CHECK(s.hasTma);
  CHECK_FALSE(s.hasWgmma);
  CHECK(s.hasAsyncPipeline);
  CHECK(s.forceSerial);
}

TEST_CASE("serial walk: program-order ready queue, stage 0, unique orders, deps respected") {
  // 0 -> 2 (latency 5), 1 independent, 3 after 2. Ready set {0, 1}: 0 first (program order).
  DependenceGraph g = chain(4, {{0, 2, 5, 0, EdgeKind::Data}, {2, 3, 1, 0, EdgeKind::Data}});
  std::vector<OpResources> r = plain(4);
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(inputFor(g, r), d);
  REQUIRE(a.valid);
  CHECK(a.generator == GeneratorKind::Serial);
  CHECK(a.orderedNodes == std::vector<int>{0, 1, 2, 3});
  for (int v = 0; v < 4; ++v) {
    CHECK(a.ops[v].stage == 0);
    CHECK(a.ops[v].order == v);
  }
  CHECK(a.ops[0].cycle == 0);
  CHECK(a.ops[1].cycle == 1);
  CHECK(a.ops[2].cycle == 5);  // waits for op 0's latency
  CHECK(a.ops[3].cycle == 6);
  CHECK(a.ii == 7);  // one non-overlapped iteration
  CHECK(a.stageCount == 1);
}

TEST_CASE("serial walk: a later op becomes ready before an earlier blocked one") {
  // 1 depends on 2: order is 0, 2, 1.
  DependenceGraph g = chain(3, {{2, 1, 1, 0, EdgeKind::Explicit}});
  std::vector<OpResources> r = plain(3);
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(inputFor(g, r), d);
  CHECK(a.orderedNodes == std::vector<int>{0, 2, 1});
  CHECK(a.ops[2].order == 1);
  CHECK(a.ops[1].order == 2);
}

TEST_CASE("serial walk: footprints never overlap, II covers carried edge latencies") {
  DependenceGraph g = chain(2, {{1, 0, 20, 1, EdgeKind::Explicit}});
  std::vector<OpResources> r = plain(2);
  r[0].footprint = Footprint(6, FootprintRow{0});
  r[1].footprint = Footprint(3, FootprintRow{0});
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(inputFor(g, r), d);
  REQUIRE(a.valid);
  CHECK(a.ops[0].cycle == 0);
  CHECK(a.ops[1].cycle == 6);  // after op 0's 6 footprint rows
  CHECK(a.ii == 26);           // carried edge: 6 + 20 - 0 <= II * 1
}

TEST_CASE("serial walk: a force_serial_execution op waits for earlier ops to complete, later ops wait for it") {
  // seed 000: "the serial path consumes only the force-serial-execution constraint". Latency 5,
  // one footprint row each: without the mark the ops issue at 0, 1, 2.
  DependenceGraph g = chain(3, {});
  std::vector<OpResources> r = plain(3);
  for (OpResources &x : r) {
    x.latency = 5;
    x.footprint = Footprint(1, FootprintRow{0});
  }
  ConstraintState cs;
  cs.slots.resize(3);
  cs.slots[1].flags = FlagForceSerial;
  const ModuloProblem in(g, r, kOneSlot, &cs);
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(in, d);
  REQUIRE(a.valid);
  CHECK(a.ops[0].cycle == 0);
  CHECK(a.ops[1].cycle == 5);
  CHECK(a.ops[2].cycle == 10);
  CHECK(a.ii == 15);
  CHECK(generateSerialSchedule(inputFor(g, r), d).ops[2].cycle == 2);
}

TEST_CASE("serial walk: a distance-0 cycle leaves ops unordered and fails cleanly") {
  DependenceGraph g = chain(2, {{0, 1, 1, 0, EdgeKind::Explicit}, {1, 0, 1, 0, EdgeKind::Explicit}});
  std::vector<OpResources> r = plain(2);
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(inputFor(g, r), d);
  CHECK_FALSE(a.valid);
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0].text.find("dependence cycle") != std::string::npos);
}

TEST_CASE("serial path warns about every constraint it drops (seed 000 QUIRK)") {
  auto p = test::parseBlocks(R"(
%z = x.const : i32
scf.for %i = %z to %z step %z {
  %a = x.op %z {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : i32
  %b = x.op %a {tileas.schedule.constraint.max_depth = 2 : i32} : i32
  scf.yield
})");
  REQUIRE(p->blocks.size() == 1);
  const ScheduledBlock &sb = p->blocks[0];
  std::vector<OpResources> r = plain(2);
  DiagnosticEngine d;
  DependenceGraph g = buildDependenceGraph(sb, r, d);
  const ModuloProblem in(g, r, kOneSlot, nullptr, nullptr, &sb);
  ScheduleAnalysis a = generateSerialSchedule(in, d);
  CHECK(a.valid);
  std::string text = test::diagText(d);
  INFO(text);
  CHECK(d.all().size() == 3);
  CHECK(text.find("t:4:") != std::string::npos);
  CHECK(text.find("ignores 'tileas.schedule.constraint.gid'") != std::string::npos);
  CHECK(text.find("ignores 'tileas.schedule.constraint.leader_gid'") != std::string::npos);
  CHECK(text.find("t:5:") != std::string::npos);
  CHECK(text.find("ignores 'tileas.schedule.constraint.max_depth'") != std::string::npos);
}

TEST_CASE("serial walk: a zero-latency op last in the block still sits in stage 0") {
  DependenceGraph g = chain(2, {{0, 1, 3, 0, EdgeKind::Explicit}});
  std::vector<OpResources> r = plain(2, 0);
  DiagnosticEngine d;
  ScheduleAnalysis a = generateSerialSchedule(inputFor(g, r), d);
  REQUIRE(a.valid);
  CHECK(a.ops[1].cycle == 3);
  CHECK(a.ii == 4);  // cycle 3 must stay below II
  CHECK(a.ops[1].cycle / a.ii == 0);
}
