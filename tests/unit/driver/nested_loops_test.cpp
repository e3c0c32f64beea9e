// Nested loops (pipeline/NestedLoops.h, docs/decisions.md "Nested loops"): the inner loop's
// schedule, laid out over its iterations, is the cost of the loop op in the outer body.
#include <catch2/catch.hpp>

#include <algorithm>

#include "driver/Driver.h"
#include "driver/InputChunks.h"
#include "support/Limits.h"

using namespace tilesched;

namespace {

struct Scheduled {
  DiagnosticEngine diags;
  DriverRun run;
  const BlockResult &outer() const { return run.blocks.back(); }
};

// Schedules a one-chunk input on the built-in blackwell model, or `model`.
std::unique_ptr<Scheduled> schedule(const std::string &text,
                                    ScheduleOptions::Generator g = ScheduleOptions::Generator::Auto,
                                    const std::shared_ptr<const TargetModel> &model = builtinTargetModel("blackwell")) {
  auto s = std::make_unique<Scheduled>();
  DriverOptions opts;
  opts.schedule.generator = g;
  s->run.chunks = readChunks(text, model, /*chosen=*/true, s->diags);
  REQUIRE(s->run.chunks.size() == 1);
  REQUIRE(s->run.chunks[0].module);
  scheduleChunk(0, opts, s->diags, s->run);
  return s;
}

// An outer loop around an inner loop of one op costing what `innerAttrs` say, with the inner
// bounds given as text and `loopAttrs` on the inner loop.
std::string nest(const std::string &bounds, const std::string &innerAttrs, const std::string &loopAttrs = "") {
  return "func.func @f(%n: index, %x: f32) {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %c1 = arith.constant 1 : index\n"
         "  %c3 = arith.constant 3 : index\n"
         "  %big = arith.constant 1000000 : index\n"
         "  scf.for %i = %c0 to %n step %c1 {\n"
         "    %a = arith.addf %x, %x : f32\n"
         "    scf.for %j = " +
         bounds + " {\n      %b = x.op %x {" + innerAttrs + "} : f32\n    }" +
         (loopAttrs.empty() ? "" : " {" + loopAttrs + "}") + "\n  }\n  return\n}\n";
}

std::vector<std::vector<std::string>> rowNames(const TargetModel &m, const Footprint &fp) {
  std::vector<std::vector<std::string>> out;
  for (const FootprintRow &row : fp) {
    out.emplace_back();
    for (int r : row) out.back().push_back(m.resources[size_t(r)].name);
  }
  return out;
}

}  // namespace

TEST_CASE("nested loops: the inner schedule laid out over a constant trip count", "[driver][nested]") {
  auto s = schedule(nest("%c0 to %c3 step %c1", "sched.latency = 3 : i32, sched.footprint = [[\"tma\"], []]"));
  CHECK_FALSE(s->diags.hasErrors());
  REQUIRE(s->run.blocks.size() == 2);
  const BlockResult &inner = s->run.blocks[0];
  CHECK(inner.analysis.ii == 3);  // serial: one iteration is the op's latency
  const BlockResult &outer = s->outer();
  REQUIRE(outer.nestedLoops.size() == 1);
  const NestedLoop &n = outer.nestedLoops[0];
  CHECK(n.node == 1);
  CHECK(n.block == 0);
  CHECK(n.scheduled);
  CHECK(n.ii == 3);
  CHECK(n.length == 3);
  CHECK(n.tripCountKnown);
  CHECK(n.tripCount == 3);
  CHECK(n.duration == 9);  // (3 - 1) x 3 + 3
  const OpResources &r = outer.resources[1];
  CHECK(r.source == OpResources::Source::Schedule);
  CHECK(r.latency == 9);
  CHECK(r.oneAtATime);
  const TargetModel &m = *s->run.chunks[0].model;
  using Rows = std::vector<std::vector<std::string>>;
  CHECK(rowNames(m, r.footprint) == Rows{{"tma"}, {}, {}, {"tma"}, {}, {}, {"tma"}, {}});
  // The loop follows itself by its whole latency, so two instances never overlap.
  bool self = false;
  for (const DepEdge &e : outer.graph.edges)
    self = self || (e.src == 1 && e.dst == 1 && e.distance == 1 && e.latency == 9 && e.kind == EdgeKind::Nested);
  CHECK(self);
  CHECK(nestedLoopWords(n) ==
        "3 iterations (constant bounds) at II 3, the first taking 3 cycles: (3 - 1) x 3 + 3 = 9 cycles");
}

TEST_CASE("nested loops: a modulo-scheduled inner loop overlaps its iterations in the footprint", "[driver][nested]") {
  auto s = schedule(nest("%c0 to %c3 step %c1", "sched.latency = 6 : i32, sched.footprint = [[\"tma\"], [\"tma\"]]"),
                    ScheduleOptions::Generator::CostBased);
  CHECK_FALSE(s->diags.hasErrors());
  const NestedLoop &n = s->outer().nestedLoops.at(0);
  CHECK(n.ii == 2);  // the tma slot, two rows per iteration
  CHECK(n.length == 6);
  CHECK(n.duration == 10);  // (3 - 1) x 2 + 6: the iterations overlap
  const TargetModel &m = *s->run.chunks[0].model;
  using Rows = std::vector<std::vector<std::string>>;
  CHECK(rowNames(m, s->outer().resources[1].footprint) == Rows{{"tma"}, {"tma"}, {"tma"}, {"tma"}, {"tma"}, {"tma"}});
  // The outer loop cannot start the next instance before this one has finished.
  CHECK(s->outer().analysis.ii >= 10);
}

TEST_CASE("nested loops: an unknown trip count is assumed to be the stage count, with a note", "[driver][nested]") {
  auto s = schedule(nest("%c0 to %n step %c1", "sched.latency = 6 : i32, sched.footprint = [[\"tma\"], [\"tma\"]]"),
                    ScheduleOptions::Generator::CostBased);
  const BlockResult &inner = s->run.blocks[0];
  const NestedLoop &n = s->outer().nestedLoops.at(0);
  CHECK_FALSE(n.tripCountKnown);
  CHECK(n.tripCount == inner.analysis.stageCount);
  CHECK(n.duration == (n.tripCount - 1) * n.ii + n.length);
  bool noted = false;
  for (const Diagnostic &d : s->diags.all())
    noted = noted || (d.severity == Severity::Note && d.range.begin.line == 8 &&
                      d.message.rfind("this loop's trip count is not a constant", 0) == 0);
  CHECK(noted);
  CHECK(nestedLoopWords(n).rfind("trip count not a constant, assumed " + std::to_string(n.tripCount) + " iterations",
                                 0) == 0);
}

TEST_CASE("nested loops: a loop that never runs costs nothing", "[driver][nested]") {
  auto s = schedule(nest("%c3 to %c0 step %c1", "sched.latency = 6 : i32"));
  const NestedLoop &n = s->outer().nestedLoops.at(0);
  CHECK(n.tripCount == 0);
  CHECK(n.duration == 0);
  CHECK(s->outer().resources[1].latency == 0);
  CHECK(s->outer().resources[1].footprint.empty());
  CHECK(nestedLoopWords(n) == "0 iterations (constant bounds): 0 cycles");
}

TEST_CASE("nested loops: a long loop's latency and footprint stop at the limits, and say so", "[driver][nested]") {
  auto s = schedule(nest("%c0 to %big step %c1", "sched.latency = 3 : i32, sched.footprint = [[\"tma\"]]"));
  const NestedLoop &n = s->outer().nestedLoops.at(0);
  CHECK(n.duration == 3000000);
  CHECK(s->outer().resources[1].latency == kMaxLatency);
  CHECK(s->outer().resources[1].footprint.size() == size_t(kMaxFootprintRows));
  CHECK(n.footprintCut);
  const std::string words = nestedLoopWords(n);
  CHECK(words.find("its latency is capped at 100000 cycles (the latency limit)") != std::string::npos);
  CHECK(words.find("its footprint spells out its first 1024 cycles (the footprint row limit)") != std::string::npos);
  CHECK(s->outer().status == BlockStatus::Scheduled);
}

TEST_CASE("nested loops: an inner loop with no schedule is costed one op after another", "[driver][nested]") {
  // II cap 1 is below the inner loop's resource bound (2 rows of tma): the inner block fails.
  auto f = schedule(nest("%c0 to %c3 step %c1", "sched.latency = 2 : i32, sched.footprint = [[\"tma\"], [\"tma\"]]",
                         "sched.ii_cap = 1 : i32"),
                    ScheduleOptions::Generator::CostBased);
  REQUIRE(f->run.blocks.size() == 2);
  CHECK(f->run.blocks[0].status == BlockStatus::Failed);
  const NestedLoop &n = f->outer().nestedLoops.at(0);
  CHECK_FALSE(n.scheduled);
  CHECK(n.length == 2);
  CHECK(n.ii == 2);
  CHECK(n.duration == 6);
  CHECK(nestedLoopWords(n).rfind("no schedule of its own, so its ops are costed one after another; 3 iterations", 0) ==
        0);
}

TEST_CASE("nested loops: the laid-out footprint stops at the unit limit it is given, building nothing past it",
          "[driver][nested]") {
  auto s = schedule(nest("%c0 to %c3 step %c1", "sched.latency = 3 : i32, sched.footprint = [[\"tma\"], []]"));
  const BlockResult &inner = s->run.blocks.at(0);
  const NestedLoop whole = nestedLoopCost(inner, 0, kMaxFootprintUnits);
  CHECK(whole.units == 3);  // three iterations, one unit each
  CHECK_FALSE(whole.overLimit);
  CHECK(whole.cost.footprint.size() > 0);
  const NestedLoop cut = nestedLoopCost(inner, 0, 2);
  CHECK(cut.overLimit);
  CHECK(cut.cost.footprint.empty());
}

// A model whose op.fat holds both pools (capacity 2^20) for 1 024 cycles.
std::shared_ptr<const TargetModel> fatModel() {
  DiagnosticEngine diags;
  std::optional<TargetModel> m = parseTargetModel(
      R"({"name": "fat", "pools": [{"name": "p0", "capacity": 1048576}, {"name": "p1", "capacity": 1048576}],
          "ops": {"op.fat": {"latency": 1, "footprint": [{"row": ["p0", "p1"], "repeat": 1024}], "traits": ["tma"]}}})",
      diags);
  REQUIRE(m);
  return std::make_shared<const TargetModel>(std::move(*m));
}

TEST_CASE("nested loops: only a loop in a loop is laid out, and past the footprint limit it is a located error",
          "[driver][nested]") {
  // Eight independent op.fat in 1 024 iterations at II 1: laid out, about 1 024^2 / 2 x 8 x 2
  // units, past the limit of 2^22.
  std::string body;
  for (int k = 0; k < 8; ++k) body += "      %v" + std::to_string(k) + " = op.fat %x : f32\n";
  const std::string inner = "    scf.for %i = %c0 to %c1024 step %c1 {\n" + body + "    }\n";
  const std::string head =
      "func.func @f(%n: index, %x: f32) {\n  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n  %c1024 = arith.constant 1024 : index\n";
  const std::shared_ptr<const TargetModel> model = fatModel();
  auto alone = schedule(head + inner + "  return\n}\n", ScheduleOptions::Generator::Auto, model);
  CHECK_FALSE(alone->diags.hasErrors());
  REQUIRE(alone->run.blocks.size() == 1);
  CHECK(alone->run.blocks[0].status == BlockStatus::Scheduled);
  CHECK(alone->run.blocks[0].analysis.ii == 1);

  auto nested = schedule(head + "  scf.for %j = %c0 to %n step %c1 {\n" + inner + "  }\n  return\n}\n",
                         ScheduleOptions::Generator::Auto, model);
  REQUIRE(nested->run.blocks.size() == 2);
  CHECK(nested->run.blocks[0].status == BlockStatus::Scheduled);
  CHECK(nested->run.blocks[1].status == BlockStatus::Failed);
  CHECK(nested->run.unusable);
  REQUIRE(nested->diags.hasErrors());
  const auto &all = nested->diags.all();
  const Diagnostic &d =
      *std::find_if(all.begin(), all.end(), [](const Diagnostic &x) { return x.severity == Severity::Error; });
  CHECK(d.range.begin.line == 6);
  CHECK(d.message.find("laid out over its iterations") != std::string::npos);
  CHECK(d.message.find("the footprint limit") != std::string::npos);
}
