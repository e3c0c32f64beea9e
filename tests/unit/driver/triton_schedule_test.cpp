// Triton's own schedule beside ours: loop.stage / loop.cluster / tt.latency on
// ops and tt.num_stages / tt.scheduled_max_stage on the loop are read and reported; with
// --triton-latency, tt.latency moves users to later stages by whole multiples of II.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "driver/Driver.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

Json schedule(const std::string &src, bool steer, bool costBased = true) {
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  opts.schedule.tritonLatency = steer;
  if (costBased) opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  return Json::parse(runDriver(src, opts).out);
}

std::vector<std::string> messages(const Json &doc) {
  std::vector<std::string> out;
  for (const Json &d : doc["diagnostics"]) out.push_back(d["message"]);
  return out;
}

// A load whose users Triton wants two stages later; nothing else makes them wait that long.
const char *kLoad = R"(func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %d {
    %a = x.load %i {loop.stage = 0 : i32, loop.cluster = 1 : i32, tt.latency = 2 : i32, sched.latency = 1 : i32, sched.footprint = [["tma"]]} : i32
    %b = x.mul %a, %a {loop.stage = 2 : i32, loop.cluster = 0 : i32, sched.latency = 1 : i32} : i32
    x.store %b {sched.latency = 1 : i32} : i32
    scf.yield
  } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
  return
}
)";

// tt.latency on an op of a recurrence: its user feeds it back in the next iteration.
const char *kRecurrence = R"(func.func @f(%d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %d iter_args(%x = %c0) -> (index) {
    %a = x.op %x {tt.latency = 1 : i32, sched.latency = 1 : i32, sched.footprint = [["tma"]]} : index
    %b = x.op2 %a {sched.latency = 1 : i32} : index
    scf.yield %b : index
  }
  return
}
)";

}  // namespace

TEST_CASE("Triton's annotations are reported per op and per loop, without changing the schedule") {
  Json plain = schedule(kLoad, false);
  const Json &b = plain["blocks"][0];
  REQUIRE(b["status"] == "scheduled");
  CHECK(b["ops"][0]["triton_stage"] == 0);
  CHECK(b["ops"][0]["triton_cluster"] == 1);
  CHECK(b["ops"][0]["triton_latency"] == 2);
  CHECK(b["ops"][1]["triton_stage"] == 2);
  CHECK_FALSE(b["ops"][2].contains("triton_stage"));
  CHECK(b["triton"]["stage_count"] == 3);
  CHECK(b["triton"]["num_stages"] == 3);
  CHECK(b["triton"]["scheduled_max_stage"] == 2);
  CHECK_FALSE(b["triton"].contains("steered_ops"));                              // the option is off by default
  CHECK(b["ops"][1]["stage"].get<int>() - b["ops"][0]["stage"].get<int>() < 2);  // so the test can fail

  // A block without Triton's annotations has no `triton` member.
  Json none = schedule(R"(func.func @g(%n: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %n {
    %a = x.op %i : index
    scf.yield
  }
  return
})",
                       false);
  CHECK_FALSE(none["blocks"][0].contains("triton"));
  CHECK_FALSE(none["blocks"][0]["ops"][0].contains("triton_stage"));
}

TEST_CASE("the Triton latencies option puts the users of an op tt.latency stages after it, at the same II") {
  for (bool costBased : {true, false}) {
    INFO((costBased ? "cost-based" : "serial"));
    Json plain = schedule(kLoad, false, costBased), steered = schedule(kLoad, true, costBased);
    const Json &p = plain["blocks"][0], &s = steered["blocks"][0];
    REQUIRE(s["status"] == "scheduled");  // the independent checker accepted it
    CHECK(s["ii"] == p["ii"]);
    CHECK(s["ops"][1]["stage"].get<int>() - s["ops"][0]["stage"].get<int>() >= 2);
    CHECK(s["ops"][2]["stage"] >= s["ops"][1]["stage"]);
    CHECK(s["triton"]["steered_ops"].get<int>() >= 1);
    CHECK(s["stage_count"].get<int>() > p["stage_count"].get<int>());
    // Same modulo rows: every op moved by a multiple of II.
    const int ii = s["ii"];
    for (size_t v = 0; v < 3; ++v) CHECK(s["ops"][v]["cycle"].get<int>() % ii == p["ops"][v]["cycle"].get<int>() % ii);
  }
}

TEST_CASE("the Triton latencies option leaves a recurrence's schedule as generated and says why") {
  Json plain = schedule(kRecurrence, false), steered = schedule(kRecurrence, true);
  const Json &p = plain["blocks"][0], &s = steered["blocks"][0];
  REQUIRE(s["status"] == "scheduled");
  CHECK(s["ops"] == p["ops"]);
  CHECK(s["triton"]["steered_ops"] == 0);
  bool warned = false;
  for (const std::string &m : messages(steered))
    warned = warned || m.find("tt.latency cannot be met") != std::string::npos;
  CHECK(warned);
}

TEST_CASE("a malformed Triton annotation is ignored with a warning, never an error") {
  Json doc = schedule(R"(func.func @g(%n: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %n {
    %a = x.op %i {loop.stage = "two"} : index
    scf.yield
  } {tt.num_stages = -1 : i32}
  return
})",
                      true);
  CHECK(doc["blocks"][0]["status"] == "scheduled");
  std::vector<std::string> m = messages(doc);
  REQUIRE(m.size() == 2);
  CHECK(m[0] == "'loop.stage' should be a non-negative integer, e.g. loop.stage = 1 : i32; it is ignored");
  CHECK(m[1].find("'tt.num_stages' should be") == 0);
  CHECK_FALSE(doc["blocks"][0].contains("triton"));
}
