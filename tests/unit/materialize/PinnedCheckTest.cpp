// --check of hand-pinned schedules (SPEC §2.1, §5): what is read, what is derived, and planted
// violations reported at the op that carries them.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "MaterializeTestUtil.h"
#include "driver/Driver.h"

using namespace tilesched;
using namespace tilesched::test;
using Json = nlohmann::json;

namespace {

DriverResult run(const std::string &src, EmitKind emit, bool check,
                 ScheduleOptions::Generator gen = ScheduleOptions::Generator::Auto) {
  DriverOptions o;
  o.emit = emit;
  o.check = check;
  o.schedule.generator = gen;
  o.fileName = "t.mlir";
  return runDriver(src, o);
}

Json checkJson(const std::string &src) { return Json::parse(run(src, EmitKind::Json, true).out); }

// 1-based line of the op defining `result` in `text`.
int lineOf(const std::string &text, const std::string &result) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(result + " = ") != std::string::npos) return n;
  FAIL("no op defines " << result);
  return 0;
}

// Rewrites `key = <n> : i32` on the op defining `result`.
std::string setPin(const std::string &text, const std::string &result, const std::string &key, int value) {
  std::istringstream in(text);
  std::string line, out;
  bool done = false;
  while (std::getline(in, line)) {
    if (!done && line.find(result + " = ") != std::string::npos) {
      std::regex pin(std::regex_replace(key, std::regex(R"(\.)"), R"(\.)") + R"( = -?\d+ : i32)");
      REQUIRE(std::regex_search(line, pin));
      line = std::regex_replace(line, pin, key + " = " + std::to_string(value) + " : i32");
      done = true;
    }
    out += line + "\n";
  }
  REQUIRE(done);
  return out;
}

const Json &op(const Json &block, const std::string &label) {
  for (const Json &o : block["ops"])
    if (o["label"] == label) return o;
  FAIL("no op " << label);
  return block;
}

std::string attention() {
  std::ifstream in(std::string(TILESCHED_SOURCE_DIR) + "/examples/attention-forward.mlir");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char *kPinned = R"(
func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = test.load %d {sched.latency = 3 : i32, sched.footprint = [["tma"]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32} : !test.token
    %b = test.load2 %d {sched.footprint = [["tma"]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32} : !test.token
    %c = test.wait %a {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32} : i32
    %e = test.wait2 %b {nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32} : i32
    scf.yield
  } {nv_tile.aws.ii = 4 : i32}
  return
}
)";

}  // namespace

TEST_CASE("only stage and order pinned: cycles are the earliest that keep order, dependences and resources") {
  DriverResult r = run(kPinned, EmitKind::Json, true);
  INFO(r.out);
  CHECK(r.exitCode == 0);
  Json b = Json::parse(r.out)["blocks"][0];
  CHECK(b["status"] == "checked");
  CHECK(b["schedule_source"] == "pinned");
  CHECK(b["ii"] == 4);
  CHECK(op(b, "%a")["cycle"] == 0);
  CHECK(op(b, "%b")["cycle"] == 1);  // tma is taken at row 0
  CHECK(op(b, "%c")["cycle"] == 3);  // %a's latency 3
  CHECK(op(b, "%e")["cycle"] == 4);  // first cycle of stage 1
  CHECK_THAT(r.out, Catch::Contains("derived nv_tile.aws.cycle for 4 op(s)"));
  CHECK(b["pipes"].size() == 1);  // %b crosses into stage 1
}

TEST_CASE("no nv_tile.aws.ii: a single-stage schedule runs iterations back to back") {
  std::string src = std::regex_replace(std::string(kPinned), std::regex(R"( \{nv_tile\.aws\.ii = 4 : i32\})"), "");
  src = std::regex_replace(src, std::regex("nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0"),
                           "nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3");
  Json doc = checkJson(src);
  Json b = doc["blocks"][0];
  CHECK(b["status"] == "checked");
  CHECK(op(b, "%e")["cycle"] == 3);
  CHECK(b["ii"] == 4);  // %c at 3 + latency 1
  CHECK_THAT(doc.dump(), Catch::Contains("every op pins stage 0, so iterations do not overlap and II = 4"));
}

TEST_CASE("no nv_tile.aws.ii with several stages is a violation") {
  std::string src = std::regex_replace(std::string(kPinned), std::regex(R"( \{nv_tile\.aws\.ii = 4 : i32\})"), "");
  DriverResult r = run(src, EmitKind::Table, true);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("t.mlir:5:3: error: pinned schedule violates a bad-ii constraint: the ops pin "
                                    "stages 0..1, but the scf.for carries no nv_tile.aws.ii"));
}

TEST_CASE("malformed or partial pins are unusable input, located at the attribute or op") {
  SECTION("an i64 pin") {
    std::string src =
        std::regex_replace(std::string(kPinned), std::regex("nv_tile.aws.order = 2 : i32"), "nv_tile.aws.order = 2");
    DriverResult r = run(src, EmitKind::Table, true);
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.err, Catch::Contains("t.mlir:8:") && Catch::Contains("'nv_tile.aws.order' must be an i32 integer"));
  }
  SECTION("an op without pins") {
    std::string src = std::regex_replace(
        std::string(kPinned), std::regex(R"( \{nv_tile\.aws\.stage = 0 : i32, nv_tile\.aws\.order = 2 : i32\})"), "");
    DriverResult r = run(src, EmitKind::Table, true);
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.err, Catch::Contains("t.mlir:8:10: error: this op has no nv_tile.aws.stage and nv_tile.aws.order, but "
                                      "the block pins a schedule (first pin on line 6)"));
  }
  SECTION("the per-region array form") {
    std::string src = std::regex_replace(std::string(kPinned), std::regex(R"(\{nv_tile\.aws\.ii = 4 : i32\})"),
                                         "{nv_tile.aws.ii = 4 : i32, nv_tile.aws.stage = array<i64: 0, 0, 0, 1>}");
    DriverResult r = run(src, EmitKind::Table, true);
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.err, Catch::Contains("(one array for the whole block, facts §4.3) is not read"));
  }
}

TEST_CASE("a pinned stage count below the stages the ops use is a violation") {
  std::string src = std::regex_replace(std::string(kPinned), std::regex(R"(\{nv_tile\.aws\.ii = 4 : i32\})"),
                                       "{nv_tile.aws.ii = 4 : i32, nv_tile.aws.stage_count = 1 : i32}");
  DriverResult r = run(src, EmitKind::Table, true);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("t.mlir:9:10: error: pinned schedule violates a stage-mismatch constraint: this op "
                                    "pins stage 1, but the scf.for pins nv_tile.aws.stage_count = 1"));
}

TEST_CASE("pins are only read with --check, without it they earn a warning") {
  DriverResult r = run(kPinned, EmitKind::Json, false);
  CHECK(r.exitCode == 0);
  Json doc = Json::parse(r.out);
  CHECK(doc["blocks"][0]["status"] == "scheduled");
  CHECK(doc["blocks"][0]["schedule_source"] == "generated");
  CHECK_THAT(r.out, Catch::Contains("pins nv_tile.aws.stage/order; they are ignored"));
  // --check on a block without pins generates its schedule and says so.
  DriverResult plain = run(attention(), EmitKind::Json, true);
  CHECK(plain.exitCode == 0);
  CHECK(Json::parse(plain.out)["blocks"][0]["status"] == "scheduled");
  CHECK_THAT(plain.out, Catch::Contains("--check: no op of block"));
}

TEST_CASE("planted: swapping the orders of two ops of a stage") {
  const auto serial = ScheduleOptions::Generator::Serial;
  std::string ir = run(attention(), EmitKind::IR, false, serial).out;
  Json b = Json::parse(run(attention(), EmitKind::Json, false, serial).out)["blocks"][0];
  const Json &tk = op(b, "%tk"), &tv = op(b, "%tv");
  REQUIRE(tk["stage"] == tv["stage"]);
  REQUIRE(tk["cycle"] < tv["cycle"]);
  std::string planted =
      setPin(setPin(ir, "%tk", "nv_tile.aws.order", tv["order"]), "%tv", "nv_tile.aws.order", tk["order"]);
  DriverResult r = run(planted, EmitKind::Json, true);
  CHECK(r.exitCode == 1);
  Json doc = Json::parse(r.out);
  REQUIRE(doc["blocks"][0]["violations"].size() == 1);
  const Json &v = doc["blocks"][0]["violations"][0];
  CHECK(v["kind"] == "order-mismatch");
  bool located = false;
  for (const Json &d : doc["diagnostics"])
    located = located || (d["severity"] == "error" && d["line"] == lineOf(planted, "%tk") &&
                          d["message"].get<std::string>().find("%tv (order " + std::to_string(tk["order"].get<int>()) +
                                                               ", cycle " + std::to_string(tv["cycle"].get<int>()) +
                                                               ") is ordered before %tk") != std::string::npos);
  CHECK(located);
}

TEST_CASE("planted: a consumer moved ahead of its producer") {
  const auto serial = ScheduleOptions::Generator::Serial;
  std::string ir = run(attention(), EmitKind::IR, false, serial).out;
  Json b = Json::parse(run(attention(), EmitKind::Json, false, serial).out)["blocks"][0];
  const Json &p = op(b, "%s"), &c = op(b, "%s_done");
  REQUIRE(c["order"] == p["order"].get<int>() + 1);
  std::string planted =
      setPin(setPin(setPin(ir, "%s_done", "nv_tile.aws.order", p["order"]), "%s", "nv_tile.aws.order", c["order"]),
             "%s_done", "nv_tile.aws.cycle", p["cycle"]);
  DriverResult r = run(planted, EmitKind::Table, true);
  CHECK(r.exitCode == 1);
  const int latency = c["cycle"].get<int>() - p["cycle"].get<int>();  // serial: the consumer waited exactly the latency
  const std::string pc = std::to_string(p["cycle"].get<int>());
  CHECK_THAT(r.err, Catch::Contains("t.mlir:" + std::to_string(lineOf(planted, "%s_done")) + ":") &&
                        Catch::Contains(
                            "error: pinned schedule violates a dependence constraint: edge %s -> %s_done (latency " +
                            std::to_string(latency) + ", distance 0) needs cycle(%s_done) >= " + pc + " + " +
                            std::to_string(latency) + " - 0*" + std::to_string(b["ii"].get<int>()) + " = " +
                            std::to_string(p["cycle"].get<int>() + latency) + ", but cycle(%s_done) = " + pc));
}

TEST_CASE("planted: a pool overloaded in one modulo row") {
  DriverResult r = run(R"(module attributes {sched.pools = {dma = 2 : i32}} {
  func.func @f(%d: index, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = test.a %d {sched.footprint = [["dma"]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %b = test.b %d {sched.footprint = [["dma"]], nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      %e = test.e %d {sched.footprint = [["dma"]], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 4 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 2 : i32}
    return
  }
}
)",
                       EmitKind::Json, true);
  CHECK(r.exitCode == 1);
  Json doc = Json::parse(r.out);
  REQUIRE(doc["blocks"][0]["violations"].size() == 1);
  const Json &v = doc["blocks"][0]["violations"][0];
  CHECK(v["kind"] == "resource");
  CHECK(v["resource"] == "dma");
  CHECK(v["row"] == 0);
  // The table shows that cell over capacity: the violation's row and resource name a cell of
  // `rrt` (whose resource indices are into its own `resources`, not the model's).
  const Json &rrt = doc["blocks"][0]["rrt"];
  size_t held = 0;
  for (const Json &row : rrt["occupied"])
    for (const Json &cell : row["cells"])
      if (row["row"] == v["row"] && rrt["resources"][cell["resource"].get<int>()]["name"] == v["resource"])
        held = cell["ops"].size();
  CHECK(held == 3);
  bool located = false;
  for (const Json &d : doc["diagnostics"])
    located = located || (d["line"] == 8 && d["message"].get<std::string>().find(
                                                "pool dma holds 3 units, capacity 2") != std::string::npos);
  CHECK(located);
}

TEST_CASE("the scheduled IR of the acyclic function body checks back too") {
  const char *src = R"(
func.func @f(%d: !nv_tileas.tma_desc<64xf16>, %bar: !nv_tileas.mbarrier) -> tensor<64xf16> {
  %t = nv_tileas.async.tiled_tma_load %d, %bar : !nv_tileas.AsyncToken
  %v = nv_tileas.async.wait %t : tensor<64xf16>
  return %v : tensor<64xf16>
}
)";
  DriverResult ir = run(src, EmitKind::IR, false);
  REQUIRE(ir.exitCode == 0);
  CHECK_THAT(ir.out, Catch::Contains("attributes {nv_tile.aws.ii = "));
  DriverResult checked = run(ir.out, EmitKind::IR, true);
  CHECK(checked.exitCode == 0);
  CHECK(checked.out == ir.out);
}

TEST_CASE("an earlier run's Pipe_/Mutex_ ops are replaced, and their results cannot be used") {
  std::string ir = run(attention(), EmitKind::IR, false).out;
  DriverResult again = run(ir, EmitKind::IR, false);  // rescheduled from scratch
  CHECK(again.exitCode == 0);
  CHECK(std::regex_search(again.out, std::regex("%Pipe_0 = ")));
  CHECK(!std::regex_search(again.out, std::regex("%Pipe_0 = [^\\n]*\\n[^]*%Pipe_0 = ")));  // one definition

  std::string used =
      std::regex_replace(ir, std::regex(R"(%p_bf16 = arith\.truncf %p )"), "%p_bf16 = arith.truncf %p, %Pipe_0 ");
  DriverResult bad = run(used, EmitKind::Table, false);
  CHECK(bad.exitCode == 2);
  CHECK_THAT(bad.err, Catch::Contains("'%Pipe_0' is the result of a materialized nv_tileas.pipe"));
}

TEST_CASE("Pipe_ names skip values the function already defines") {
  std::string src = std::regex_replace(attention(), std::regex(R"(%m_tile = )"), "%Pipe_0 = ");
  src = std::regex_replace(src, std::regex(R"(%m_i, %m_tile )"), "%m_i, %Pipe_0 ");
  DriverResult ir = run(src, EmitKind::IR, false);
  REQUIRE(ir.exitCode == 0);
  CHECK_THAT(ir.out, Catch::Contains("%Pipe_1 = \"nv_tileas.pipe\""));
  DriverResult checked = run(ir.out, EmitKind::IR, true);
  CHECK(checked.exitCode == 0);
  CHECK(checked.out == ir.out);
}
