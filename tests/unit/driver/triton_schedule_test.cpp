// Triton's own schedule beside ours: loop.stage / loop.cluster / tt.latency on
// ops and tt.num_stages / tt.scheduled_max_stage on the loop are read and reported; a cost-based
// schedule follows Triton's latencies (tt.latency, else the stages Triton's pipeliner gives its
// loads), moving users to later stages by whole multiples of II, then as early in them as edges and
// resources allow; --triton-latency also moves a serial schedule's.
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

TEST_CASE("Triton's annotations are reported per op and per loop, a serial schedule keeps its stages") {
  Json plain = schedule(kLoad, false, false);
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
  CHECK_FALSE(b["triton"].contains("steered_ops"));                              // serial, no option
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

// A cost-based schedule by default, a serial one with --triton-latency.
TEST_CASE("Triton's latencies put the users of an op tt.latency stages after it, at the same II") {
  for (bool costBased : {true, false}) {
    INFO((costBased ? "cost-based" : "serial"));
    Json plain = schedule(kLoad, false, costBased), steered = schedule(kLoad, !costBased, costBased);
    const Json &p = plain["blocks"][0], &s = steered["blocks"][0];
    REQUIRE(s["status"] == "scheduled");  // the independent checker accepted it
    CHECK(s["ii"] == p["ii"]);
    CHECK(s["ops"][1]["stage"].get<int>() - s["ops"][0]["stage"].get<int>() >= 2);
    CHECK(s["ops"][2]["stage"] >= s["ops"][1]["stage"]);
    CHECK(s["triton"]["steered_ops"].get<int>() >= 1);
    if (!costBased) CHECK(s["stage_count"].get<int>() > p["stage_count"].get<int>());
    // The load stays; its user, moved two stages on, starts at the first cycle of the stage the
    // gap asks for (not at its generated row), and the store right after it.
    const int ii = s["ii"];
    CHECK(s["ops"][0]["cycle"] == p["ops"][0]["cycle"]);
    CHECK(s["ops"][1]["cycle"].get<int>() == (s["ops"][0]["stage"].get<int>() + 2) * ii);
    CHECK(s["ops"][2]["cycle"].get<int>() == s["ops"][1]["cycle"].get<int>() + 1);
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
  REQUIRE(m.size() == 3);
  CHECK(m[0].find("target model 'blackwell' has no entry for x.op") == 0);  // the placeholder op
  CHECK(m[1] == "'loop.stage' should be a non-negative integer, e.g. loop.stage = 1 : i32; it is ignored");
  CHECK(m[2].find("'tt.num_stages' should be") == 0);
  CHECK_FALSE(doc["blocks"][0].contains("triton"));
}

namespace {

// Triton's GEMM before pipelining: two pointer loads feed an MMA through local_alloc; `extra` goes
// on the loop (its tt.num_stages), `loads` and `users` on the loads and on the ops that use them
// (Triton's loop.stage, as ScheduleLoops leaves it).
std::string gemm(const std::string &extra, const std::string &loads = "", const std::string &users = "") {
  return R"(module attributes {ttg.target = "cuda:100"} {
  tt.func @g(%pa: tensor<128x64x!tt.ptr<f16>>, %pb: tensor<64x128x!tt.ptr<f16>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) : i32 {
      %a = tt.load %pa )" +
         loads + R"( : tensor<128x64x!tt.ptr<f16>>
      %b = tt.load %pb )" +
         loads + R"( : tensor<64x128x!tt.ptr<f16>>
      %as = ttg.local_alloc %a )" +
         users + R"( : (tensor<128x64xf16>) -> !ttg.memdesc<128x64xf16, #ttg.shared_memory>
      %bs = ttg.local_alloc %b )" +
         users + R"( : (tensor<64x128xf16>) -> !ttg.memdesc<64x128xf16, #ttg.shared_memory>
      %d = ttng.warp_group_dot %as, %bs, %acc )" +
         users +
         R"( : !ttg.memdesc<128x64xf16, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #ttg.shared_memory> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    } )" +
         extra + R"(
    tt.return
  }
})";
}

const Json &opNamed(const Json &block, const std::string &result) {
  for (const Json &op : block["ops"])
    if (op["label"] == result) return op;
  static const Json none;
  return none;
}

}  // namespace

TEST_CASE("a cost-based schedule puts the loads Triton pipelines num_stages - 1 stages ahead of their users") {
  for (auto [extra, ahead] : {std::pair<std::string, int>{"", 2},
                              {"{tt.num_stages = 4 : i32}", 3},
                              {"{tt.num_stages = 2 : i32}", 1},
                              {"{tt.num_stages = 1 : i32}", 0}}) {
    INFO(extra);
    const Json b = schedule(gemm(extra), false)["blocks"][0];
    REQUIRE(b["status"] == "scheduled");
    CHECK(opNamed(b, "%as")["stage"].get<int>() - opNamed(b, "%a")["stage"].get<int>() >= ahead);
    CHECK(opNamed(b, "%bs")["stage"].get<int>() - opNamed(b, "%b")["stage"].get<int>() >= ahead);
    if (ahead > 0) CHECK(b["triton"]["steered_ops"].get<int>() >= 1);
    if (ahead == 0) CHECK_FALSE((b.contains("triton") && b["triton"].contains("steered_ops")));
  }
}

TEST_CASE("a schedule Triton's pipelining lengthened keeps its stage bound but no longer claims the fewest stages") {
  for (const std::string extra : {"", "{tt.num_stages = 1 : i32}"}) {
    INFO(extra);
    const Json b = schedule(gemm(extra), false)["blocks"][0];
    REQUIRE(b["status"] == "scheduled");
    const Json &o = b["optimality"];
    const bool steered = b.contains("triton") && b["triton"].contains("steered_ops");
    CHECK(steered == extra.empty());
    CHECK(o["stage_bound"].get<int>() <= b["stage_count"].get<int>());
    CHECK(o["stages_proven"].get<bool>() == (b["stage_count"] == o["stage_bound"]));
    if (steered) CHECK_FALSE(o["stages_proven"].get<bool>());
  }
}

TEST_CASE("a pipelined load is charged as its async copy, and its allocation and conversion as no second write") {
  const Json b = schedule(gemm(""), false)["blocks"][0];
  REQUIRE(b["status"] == "scheduled");
  // The async copy into shared memory: the SMEM write transport, not the global-read one.
  CHECK(opNamed(b, "%a")["footprint"][0] == Json::array({"tp_smem_wr"}));
  // The copy put the tile in shared memory: the allocation writes nothing.
  CHECK(opNamed(b, "%as")["footprint"].empty());
  CHECK(opNamed(b, "%as")["latency"] == 1);

  // A load that feeds only arithmetic stays a load into registers (Triton does not pipeline it
  // without tt.num_stages on the loop), and an allocation of a register value writes it.
  const Json plain = schedule(R"(tt.func @h(%p: tensor<128x64x!tt.ptr<f16>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 : i32 {
    %a = tt.load %p : tensor<128x64x!tt.ptr<f16>>
    %s = ttg.local_alloc %a : (tensor<128x64xf16>) -> !ttg.memdesc<128x64xf16, #ttg.shared_memory>
    %e = arith.addf %a, %a : tensor<128x64xf16>
    tt.store %p, %e : tensor<128x64x!tt.ptr<f16>>
  }
  tt.return
})",
                              false)["blocks"][0];
  CHECK(opNamed(plain, "%a")["footprint"][0] == Json::array({"tp_gnic_rd"}));
  CHECK(opNamed(plain, "%s")["footprint"][0] == Json::array({"tp_smem_wr"}));
  CHECK_FALSE(plain.contains("triton"));
}

TEST_CASE("Triton's pipelining leaves a small load alone") {
  // A scalar pointer's load is too small for cp.async (isSmallLoad): it feeds the MMA unpipelined.
  const std::string scalar =
      R"(tt.func @s(%p: !tt.ptr<f16>, %n: i32, %b: !ttg.memdesc<64x128xf16, #ttg.shared_memory>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x128xf32>) : i32 {
    %x = tt.load %p : !tt.ptr<f16>
    %t = tt.splat %x : f16 -> tensor<128x64xf16>
    %as = ttg.local_alloc %t : (tensor<128x64xf16>) -> !ttg.memdesc<128x64xf16, #ttg.shared_memory>
    %d = ttng.warp_group_dot %as, %b, %acc : !ttg.memdesc<128x64xf16, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #ttg.shared_memory> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tt.return
})";
  const Json s = schedule(scalar, false)["blocks"][0];
  REQUIRE(s["status"] == "scheduled");
  CHECK_FALSE(s.contains("triton"));
}

TEST_CASE("a loop Triton has scheduled is pipelined by its stages: a load its users share a stage with stays a load") {
  for (int userStage : {0, 1, 3}) {
    INFO("users at stage " << userStage);
    const Json b =
        schedule(gemm("", "{loop.stage = 0 : i32}", "{loop.stage = " + std::to_string(userStage) + " : i32}"),
                 false)["blocks"][0];
    REQUIRE(b["status"] == "scheduled");
    CHECK(opNamed(b, "%as")["stage"].get<int>() - opNamed(b, "%a")["stage"].get<int>() >= userStage);
    // An async copy writes shared memory; a load left synchronous reads global memory into registers.
    CHECK(opNamed(b, "%a")["footprint"][0] == Json::array({userStage > 0 ? "tp_smem_wr" : "tp_gnic_rd"}));
    const bool steered = b["triton"].contains("steered_ops") && b["triton"]["steered_ops"].get<int>() > 0;
    if (userStage == 0) CHECK_FALSE(steered);
    if (userStage == 3) CHECK(steered);  // nothing else keeps a load three stages ahead
  }
}

TEST_CASE("under tt.num_stages a loop without an MMA pipelines its loads, and TileAS counts their async copies") {
  const auto loop = [](const std::string &extra) {
    return R"(tt.func @h(%p: tensor<128x64x!tt.ptr<f16>>, %q: tensor<128x64x!tt.ptr<f16>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 : i32 {
    %a = tt.load %p : tensor<128x64x!tt.ptr<f16>>
    %b = tt.load %q : tensor<128x64x!tt.ptr<f16>>
    %e = arith.addf %a, %b : tensor<128x64xf16>
    %f = arith.mulf %e, %e : tensor<128x64xf16>
    tt.store %p, %f : tensor<128x64x!tt.ptr<f16>>
  } )" + extra +
           R"(
  tt.return
})";
  };
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  const Json plain = Json::parse(runDriver(loop(""), opts).out)["blocks"][0];
  const Json staged = Json::parse(runDriver(loop("{tt.num_stages = 3 : i32}"), opts).out)["blocks"][0];
  // Without tt.num_stages Triton pipelines only an MMA's loads: 5 ops, no async op, serial.
  CHECK(plain["selection"]["rule"] == "below_threshold");
  CHECK(opNamed(plain, "%a")["footprint"][0] == Json::array({"tp_gnic_rd"}));
  // With it both loads are async copies (copy, commit, wait each): 3 + 3 + 3 ops, cost-based.
  CHECK(staged["generator"] == "cost-based");
  CHECK(staged["selection"]["rule"] == "eligible");
  CHECK(opNamed(staged, "%a")["footprint"][0] == Json::array({"tp_smem_wr"}));
  CHECK(opNamed(staged, "%f")["stage"].get<int>() - opNamed(staged, "%a")["stage"].get<int>() >= 2);
}
