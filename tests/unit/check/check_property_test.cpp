// Property test of the whole pipeline against the full checker: 10,000 random loops written as
// MLIR text with random seed 004 constraint attributes (gid / leader_gid with and without their
// partner, max_depth including 0, force_serial_execution on ops and on the loop, constraints on
// ops nested in an scf.if), scheduled by every generator. Every schedule must be valid and pass
// core/check with the constraints the parser read — the driver checks each one and fails the
// block with an "internal error" otherwise — and the checker run again here must agree.
#include <catch2/catch.hpp>

#include <cstdio>
#include <map>

#include "RandomModuloLoop.h"
#include "TestScale.h"
#include "check/ScheduleChecker.h"
#include "driver/Driver.h"
#include "driver/InputChunks.h"
#include "ir/Parser.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

std::string i32(int64_t v) { return std::to_string(v) + " : i32"; }

// A random subset of the seven placement keys, so absent == 0 and its quirks come up.
std::string constraintAttrs(SplitMix &rng) {
  std::string out;
  auto add = [&](const std::string &kv) { out += (out.empty() ? "" : ", ") + kv; };
  if (rng.chance(0.35)) add("tileas.schedule.constraint.gid = " + i32(rng.between(0, 3)));
  if (rng.chance(0.35)) add("tileas.schedule.constraint.leader_gid = " + i32(rng.between(0, 3)));
  if (rng.chance(0.25)) add("tileas.schedule.constraint.max_depth = " + i32(rng.between(0, 3)));
  if (rng.chance(0.06)) add("tileas.schedule.constraint.force_serial_execution");
  return out;
}

std::string names(const TargetModel &m, const FootprintRow &row) {
  std::string out;
  for (int r : row) out += (out.empty() ? "\"" : ", \"") + m.resources[r].name + "\"";
  return "[" + out + "]";
}

// The loop as a snippet: distance-0 edges are SSA uses (latency = the producer's sched.latency),
// carried edges `sched.deps`; the model's slots and pools become the snippet's pools.
std::string loopText(const RandomLoop &loop, SplitMix &rng) {
  const int n = loop.graph.numNodes;
  std::string pools;
  for (const Resource &r : loop.model.resources)
    pools += (pools.empty() ? "" : ", ") + r.name + " = " + i32(r.capacity);
  std::string text = "module attributes {sched.pools = {" + pools + "}} {\n" +
                     "func.func @f(%n: index, %c: i1) {\n  scf.for %i = %n to %n step %n {\n";
  for (int v = 0; v < n; ++v) {
    std::string operands = "%i", deps;
    for (int e : loop.graph.pred[v]) {
      const DepEdge &edge = loop.graph.edges[e];
      if (edge.distance == 0) operands += ", %v" + std::to_string(edge.src);
      else
        deps += std::string(deps.empty() ? "" : ", ") + "[\"%v" + std::to_string(edge.src) + "\", " +
                std::to_string(edge.latency) + ", " + std::to_string(edge.distance) + "]";
    }
    std::string footprint;
    for (const FootprintRow &row : loop.resources[v].footprint)
      footprint += (footprint.empty() ? "" : ", ") + names(loop.model, row);
    std::string attrs = "sched.latency = " + i32(loop.resources[v].latency) + ", sched.footprint = [" + footprint + "]";
    if (!deps.empty()) attrs += ", sched.deps = [" + deps + "]";
    const std::string constraints = constraintAttrs(rng);
    if (!constraints.empty()) attrs += ", " + constraints;
    text += "    %v" + std::to_string(v) + " = x.op" + std::to_string(v) + " " + operands + " {" + attrs + "} : i32\n";
    if (rng.chance(0.1)) {
      const std::string nested = constraintAttrs(rng);
      text +=
          "    scf.if %c {\n      x.inner" + (nested.empty() ? "" : " {" + nested + "}") + "\n      scf.yield\n    }\n";
    }
  }
  text += "    scf.yield\n  }";
  if (rng.chance(0.03)) text += " {tileas.schedule.constraint.force_serial_execution}";
  return text + "\n  return\n}\n}\n";
}

RandomLoopSpec specFor(SplitMix &rng) {
  RandomLoopSpec s;
  s.ops = rng.between(2, 8);
  s.slots = rng.between(1, 3);
  s.poolCaps = {rng.between(2, 3)};
  s.maxFootprintRows = rng.between(1, 4);
  s.maxLatency = rng.between(0, 5);
  s.forwardEdge = 0.15 + 0.1 * rng.below(4);
  s.carriedEdge = 0.05 * rng.below(4);
  return s;
}

}  // namespace

TEST_CASE("10,000 random loops with random constraint attributes: every schedule passes the full checker",
          "[check][property]") {
  const int kCases = scaledCases(10000);
  SplitMix rng(20261122);
  const std::shared_ptr<const TargetModel> blackwell = builtinTargetModel("blackwell");
  std::map<std::string, int> violationsByKind;
  int blocks = 0, failed = 0, rejected = 0, serial = 0, withConstraints = 0;
  for (int c = 0; c < kCases; ++c) {
    const RandomLoop loop = makeRandomLoop(specFor(rng), static_cast<uint64_t>(c));
    const std::string text = loopText(loop, rng);
    DriverOptions opts;
    const int pick = rng.below(10);
    opts.schedule.generator = pick < 7   ? ScheduleOptions::Generator::CostBased
                              : pick < 9 ? ScheduleOptions::Generator::Auto
                                         : ScheduleOptions::Generator::Serial;
    DiagnosticEngine diags;
    DriverRun run;
    run.chunks = readChunks(text, blackwell, /*chosen=*/true, diags);
    REQUIRE_FALSE(diags.hasErrors());
    scheduleChunk(0, opts, diags, run);
    const TargetModel &model = *run.chunks[0].model;
    REQUIRE(run.blocks.size() == 1);
    const BlockResult &r = run.blocks[0];
    ++blocks;
    serial += r.analysis.generator == GeneratorKind::Serial;
    withConstraints += text.find("tileas.schedule") != std::string::npos;
    std::vector<CheckedOp> ops;
    for (const OpSchedule &o : r.analysis.ops) ops.push_back({o.stage, o.order, o.cycle});
    const std::vector<Violation> again =
        r.analysis.valid
            ? checkSchedule({r.graph, r.resources, model, &r.constraints, &r.nodeNames}, r.analysis.ii, ops)
            : std::vector<Violation>{};
    for (const Violation &v : again) ++violationsByKind[violationKindName(v.kind)];
    const bool bad = !r.analysis.valid || !r.violations.empty() || !again.empty();
    failed += !r.analysis.valid;
    rejected += !r.violations.empty() || !again.empty();
    if (bad && failed + rejected <= 3) {
      std::string d;
      for (const Diagnostic &x : diags.sorted()) d += formatDiagnostic("t", x) + "\n";
      UNSCOPED_INFO("case " << c << ":\n" << text << d);
    }
  }
  std::printf(
      "checker property: %d loops (%d with constraint attributes, %d serial), %d not scheduled, "
      "%d rejected by the checker\n",
      blocks, withConstraints, serial, failed, rejected);
  for (const auto &[kind, count] : violationsByKind) std::printf("  %s: %d\n", kind.c_str(), count);
  CHECK(failed == 0);
  CHECK(rejected == 0);
  CHECK(withConstraints >= kCases * 9 / 10);
}
