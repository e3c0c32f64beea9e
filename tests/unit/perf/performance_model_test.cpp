// The performance model (core/perf): the GPU's figures as model data, the bounds and what binds,
// the CTAs per SM (held to the register tensors a schedule keeps), registers against the
// hardware's limits, the seed models' estimate on their family's GPU, and no estimate above the
// tensor cores' peak.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "driver/Driver.h"
#include "target/TargetModel.h"

using namespace tilesched;
using Json = nlohmann::json;

namespace {

std::string readFile(const std::string &rel) {
  std::ifstream in(std::string(TILESCHED_SOURCE_DIR) + "/" + rel);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Json run(const std::string &src, const std::string &model) {
  DriverOptions opts;
  opts.emit = EmitKind::Json;
  opts.modelName = model;
  opts.schedule.generator = ScheduleOptions::Generator::CostBased;
  return Json::parse(runDriver(src, opts).out);
}

// The block holding the most MMA ops.
Json mmaBlock(const Json &doc) {
  Json best;
  int most = -1;
  for (const Json &b : doc["blocks"]) {
    int n = 0;
    for (const Json &op : b["ops"]) n += op["name"] == "ttng.warp_group_dot" || op["name"] == "tt.dot";
    if (n > most) most = n, best = b;
  }
  return best;
}

double mid(const Json &range) { return (range[0].get<double>() + range[1].get<double>()) / 2; }

const Json *bound(const Json &schedule, const std::string &prefix) {
  for (const Json &b : schedule["bounds"])
    if (b["what"].get<std::string>().rfind(prefix, 0) == 0) return &b;
  return nullptr;
}

// Calls f(block) for each block with an estimate, of every file under every model.
template <typename F>
void forEachEstimated(std::initializer_list<const char *> files, const std::vector<std::string> &models, F f) {
  for (const char *file : files)
    for (const std::string &model : models) {
      INFO(file << " on " << model);
      const Json doc = run(readFile(file), model);
      for (const Json &b : doc["blocks"])
        if (b["estimate"].is_object()) f(b);
    }
}

// A Triton loop of one 128x128xK MMA whose accumulator has `n` columns, in `warps` warps.
std::string accumulatorLoop(int n, int warps, const std::string &moduleAttrs = "") {
  const std::string acc = "tensor<128x" + std::to_string(n) + "xf32, #mma>";
  return "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, " +
         std::to_string(n) + ", 16]}>\n#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, " +
         "elementBitWidth = 16}>\n#smem = #ttg.shared_memory\nmodule attributes {\"ttg.num-warps\" = " +
         std::to_string(warps) + " : i32, ttg.target = \"cuda:90\"" + moduleAttrs + "} {\n" +
         "  tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x" + std::to_string(n) +
         "xf16, #shared, #smem>, %init: " + acc + ", %n: i32) {\n" +
         "    %c0 = arith.constant 0 : i32\n    %c1 = arith.constant 1 : i32\n" +
         "    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (" + acc + ") : i32 {\n" +
         "      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x" +
         std::to_string(n) + "xf16, #shared, #smem> -> " + acc + "\n" + "      scf.yield %d : " + acc + "\n    }\n" +
         "    tt.return\n  }\n}\n";
}

// Triton's loop-pipeline-blackwell test matmul_loop_cast_load (fp8 loads converted to f16 before
// the MMA's local_allocs; loop.stage only on the local_allocs).
std::string castLoadIR() {
  return R"IR(
// 4 warps
// matmul: 128x32 @ 32x128 -> 128x128
#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#ALs0 = #ttg.slice<{parent=#AL, dim=0}>
#BLs0 = #ttg.slice<{parent=#BL, dim=0}>
#BLs1 = #ttg.slice<{parent=#BL, dim=1}>
#C = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#A = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#B = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul_loop_cast_load(%lb : index, %ub : index, %step : index,
                    %A : !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32},
                    %B : !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}) -> tensor<128x128xf32, #C> {
    %a_ptr_splat = tt.splat %A : !tt.ptr<f8E4M3FN> -> tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>
    %a_tmp0 = tt.make_range {end = 32: i32, start = 0: i32} : tensor<32xi32, #ALs0>
    %a_tmp1 = tt.expand_dims %a_tmp0 {axis = 0 : i32} : tensor<32xi32, #ALs0> -> tensor<1x32xi32, #AL>
    %a_offs = tt.broadcast %a_tmp1 : tensor<1x32xi32, #AL> -> tensor<128x32xi32, #AL>
    %a_ptr_init = tt.addptr %a_ptr_splat, %a_offs : tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>, tensor<128x32xi32, #AL>
    %b_ptr_splat = tt.splat %B : !tt.ptr<f8E4M3FN> -> tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>
    %b_tmp0 = tt.make_range {end = 32: i32, start = 0: i32} : tensor<32xi32, #BLs0>
    %b_tmp1 = tt.expand_dims %b_tmp0 {axis = 0 : i32} : tensor<32xi32, #BLs0> -> tensor<1x32xi32, #BL>
    %b_offs = tt.broadcast %b_tmp1 : tensor<1x32xi32, #BL> -> tensor<128x32xi32, #BL>
    %b_ptr_init = tt.addptr %b_ptr_splat, %b_offs : tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>, tensor<128x32xi32, #BL>
    %true = arith.constant true
    %b_mask = arith.constant dense<true> : tensor<128x32xi1, #BL>
    %b_other = arith.constant dense<0.00e+00> : tensor<128x32xf8E4M3FN, #BL>
    %c_init = arith.constant dense<0.00e+00> : tensor<128x128xf32, #C>
    %a_off = arith.constant dense<4> : tensor<128x32xi32, #AL>
    %b_off = arith.constant dense<4> : tensor<128x32xi32, #BL>
    %loop:3 = scf.for %iv = %lb to %ub step %step iter_args(%a_ptr = %a_ptr_init, %b_ptr = %b_ptr_init, %prev_c = %c_init) -> (tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>, tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>, tensor<128x128xf32, #C>) {
      %a___ = tt.load %a_ptr : tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>
      %a__ = tt.fp_to_fp %a___ : tensor<128x32xf8E4M3FN, #AL> -> tensor<128x32xf16, #AL>
      %a_ = ttg.convert_layout %a__ : tensor<128x32xf16, #AL> -> tensor<128x32xf16, #A>
      %b___ = tt.load %b_ptr, %b_mask, %b_other : tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>
      %b__ = tt.fp_to_fp %b___ : tensor<128x32xf8E4M3FN, #BL> -> tensor<128x32xf16, #BL>
      %b_ = ttg.convert_layout %b__ : tensor<128x32xf16, #BL> -> tensor<128x32xf16, #B>
      %a = ttg.local_alloc %a_ {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #A>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %b = ttg.local_alloc %b_ {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #B>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %bt = ttg.memdesc_trans %b {loop.cluster = 1 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<128x32xf16, #shared, #smem> -> !ttg.memdesc<32x128xf16, #shared1, #smem>
      %acc_tm, %acc_tok = ttng.tmem_alloc %prev_c : (tensor<128x128xf32, #C>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mma_tok = ttng.tc_gen5_mma %a, %bt, %acc_tm[%acc_tok], %true, %true : !ttg.memdesc<128x32xf16, #shared, #smem>, !ttg.memdesc<32x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %c, %load_tok = ttng.tmem_load %acc_tm[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #C>
      %next_a_ptr = tt.addptr %a_ptr, %a_off : tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>, tensor<128x32xi32, #AL>
      %next_b_ptr = tt.addptr %b_ptr, %b_off : tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>, tensor<128x32xi32, #BL>
      scf.yield %next_a_ptr, %next_b_ptr, %c : tensor<128x32x!tt.ptr<f8E4M3FN>, #AL>, tensor<128x32x!tt.ptr<f8E4M3FN>, #BL>, tensor<128x128xf32, #C>
    }
    tt.return %loop#2: tensor<128x128xf32, #C>
  }
}
)IR";
}

}  // namespace

TEST_CASE("perf: a Triton matmul on the H100 is bound by L2 -> SM bandwidth, as the record measured", "[perf]") {
  const Json doc = run(readFile("bench/gpu/results/ir/mm_128x128x64_s3_w4.mlir"), "hopper-measured");
  const Json e = mmaBlock(doc)["estimate"];
  REQUIRE(e.is_object());
  CHECK(e["gpu"] == "NVIDIA H100 80GB HBM3");
  CHECK(e["ii_units"] == "sm-cycles");
  CHECK(e["clock_mhz"] == Json::array({1860.0, 1980.0}));
  const Json &s = e["schedule"];
  CHECK(s["bound"] == "L2 -> SM bandwidth: 32 KiB per iteration");
  // 32 KiB over the measured 29.77-37.9 B/cycle per SM.
  CHECK(s["cycles_per_iteration"][0].get<double>() == Approx(32768 / 37.9).epsilon(1e-4));
  CHECK(s["cycles_per_iteration"][1].get<double>() == Approx(32768 / 29.77).epsilon(1e-4));
  // The record measured 839 cycles (423.9 ns) per iteration: within the range's 25 %.
  CHECK(std::abs(mid(s["ns_per_iteration"]) / 423.9 - 1) < 0.25);
  // The MMA alone: 2*128*128*64 FLOP at the m64n128k16 rate of 4030.7 FLOP/cycle, capped by the
  // datasheet's 989.4 TFLOP/s over 132 SMs at 1980 MHz: 3785.58 FLOP/cycle.
  CHECK(mid(bound(s, "tensor cores")->at("cycles")) ==
        Approx(2.0 * 128 * 128 * 64 / (989.4e12 / 132 / 1980e6)).epsilon(1e-4));
  // No FLOP/s above the datasheet's dense FP16 peak, at either end of the clock span.
  CHECK(e["tflops_per_gpu"][1].get<double>() <= 989.4);
  CHECK(s["ctas_per_sm"] == 2);
  CHECK(e["registers_per_thread"].get<int>() > 150);
  CHECK_FALSE(e["registers_over_limit"].get<bool>());
}

TEST_CASE("perf: Triton's schedule is estimated with the SMEM Triton allocates for its stages", "[perf]") {
  // Attention with a 128x128 f16 Q and K/V rings of num_stages slots: 32 + 2 * 3 * 16 KiB = 128 KiB
  // (Triton allocated 131,128 B), one CTA per SM; the record measured 1190.1 ns per iteration.
  std::string ir = readFile("bench/gpu/results/ir/attn_d128_128x64_s3_w4.mlir");
  const Json e = mmaBlock(run(ir, "hopper-measured"))["estimate"];
  REQUIRE(e["triton"].is_object());
  CHECK(e["triton"]["smem_per_cta"] == 131072);
  CHECK(e["triton"]["ctas_per_sm"] == 1);
  CHECK(e["triton"]["bound"].get<std::string>().rfind("one CTA's MMA waits and elementwise work", 0) == 0);
  CHECK(std::abs(mid(e["triton"]["ns_per_iteration"]) / 1190.1 - 1) < 0.25);
  CHECK(bound(e["triton"], "elementwise work, most in math.exp2"));
}

TEST_CASE("perf: Triton's SMEM holds a ring for a load that reaches the MMA through a conversion", "[perf]") {
  // Triton's loop-pipeline-blackwell test matmul_loop_cast_load: loop.stage only on the local_allocs,
  // the fp8 loads converted to f16 before them. Triton's assign-latencies still pipelines both loads
  // (its output copies them with async_copy_global_to_local): 3 slots of 128x32 fp8 = 24 KiB, and
  // one 8 KiB tile for each local_alloc the converted value is stored into, 40 KiB in all.
  const std::string ir = castLoadIR();
  const Json e = run(ir, "blackwell-measured")["blocks"][0]["estimate"];
  REQUIRE(e["triton"].is_object());
  CHECK(e["triton"]["smem_per_cta"] == 3 * 4096 * 2 + 2 * 8192);
  CHECK(e["triton"]["bound"].get<std::string>().find("its own iteration") == std::string::npos);
}

TEST_CASE("perf: a tensor of pointers has a size in the buffers and the registers", "[perf]") {
  // 128x32 pointers: one 64-bit address per 8 elements, 4 KiB; %next_a_ptr keeps 2 copies.
  const Json b = run(castLoadIR(), "blackwell-measured")["blocks"][0];
  CHECK(b["memory"]["unknown_buffers"] == 0);
  for (const Json &buf : b["buffers"])
    if (buf["value"] == "%next_a_ptr") CHECK(buf["bytes"] == 2 * 4096);
  CHECK(b["memory"]["register_bytes"] == 12288 + 8192 + 8192 + 4096);
}

TEST_CASE("perf: a seed model's II is in its cost units, the estimate is the family's GPU", "[perf]") {
  const std::string ir = readFile("bench/gpu/results/ir/mm_128x128x64_s3_w4.mlir");
  const Json seed = mmaBlock(run(ir, "hopper"))["estimate"],
             measured = mmaBlock(run(ir, "hopper-measured"))["estimate"];
  CHECK(seed["ii_units"] == "seed");
  // The block states the unit too, where no estimate is (a loop with no priced work).
  CHECK(mmaBlock(run(ir, "hopper"))["ii_units"] == "seed");
  CHECK(mmaBlock(run(ir, "hopper-measured"))["ii_units"] == "sm-cycles");
  const Json scalar =
      run("func.func @f(%n: index, %x: i32) {\n  %c0 = arith.constant 0 : index\n"
          "  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n"
          "    %y = arith.addi %x, %x : i32\n  }\n  return\n}\n",
          "hopper-measured")["blocks"][0];
  CHECK(scalar["estimate"].is_null());
  CHECK(scalar["ii_units"] == "sm-cycles");
  CHECK(seed["data"] == "hopper-measured");
  CHECK(seed["gpu"] == measured["gpu"]);
  const Json blackwell = mmaBlock(run(ir, "blackwell"))["estimate"];
  CHECK(blackwell["gpu"] == "NVIDIA B200");
  CHECK(blackwell["data"] == "blackwell-measured");
}

TEST_CASE("perf: no estimate is above the tensor cores' peak, under every built-in model", "[perf]") {
  forEachEstimated({"examples/triton-blackwell-tcgen05-gemm.mlir", "examples/triton36-hopper-matmul.mlir",
                    "examples/triton36-hopper-attention-forward.mlir", "examples/hopper-tma-wgmma-gemm.mlir"},
                   builtinTargetModelNames(), [](const Json &b) {
                     const Json &s = b["estimate"]["schedule"];
                     CHECK_FALSE(s["bound"].get<std::string>().empty());
                     if (const Json *tensor = bound(s, "tensor cores")) {
                       CHECK(s["cycles_per_iteration"][0].get<double>() >= tensor->at("cycles")[0].get<double>());
                       CHECK(s["cycles_per_iteration"][1].get<double>() >= tensor->at("cycles")[1].get<double>());
                     }
                   });
}

TEST_CASE("perf: a TFLOP/s rate only where every MMA's FLOPs per iteration are known", "[perf]") {
  // A loop with no MMA (the tile loop before triton36's persistent matmul) and loops with an MMA
  // of unknown shape (attention-forward.mlir, seed-worked-example.mlir) give no rate, not
  // 0 TFLOP/s or the rate of the MMAs whose shapes are known.
  int unrated = 0;
  forEachEstimated({"examples/triton36-hopper-persistent-tma-matmul.mlir", "examples/attention-forward.mlir",
                    "examples/seed-worked-example.mlir"},
                   builtinTargetModelNames(), [&](const Json &b) {
                     const Json &e = b["estimate"];
                     const bool known = e["flops_per_iteration"].is_number() && e["flops_per_iteration"] != 0;
                     CHECK(e["tflops_per_gpu"].is_array() == known);
                     unrated += !known;
                   });
  CHECK(unrated >= 12);
  const Json e = mmaBlock(run(readFile("examples/triton36-hopper-matmul.mlir"), "hopper-measured"))["estimate"];
  CHECK(e["flops_per_iteration"] == 2097152);
  CHECK(e["tflops_per_gpu"].is_array());
}

TEST_CASE("perf: registers over the per-thread limit are flagged, SMEM the IR states limits the CTAs", "[perf]") {
  // A 128x256 f32 accumulator over 128 threads is 256 registers a thread: more than 255.
  Json e = mmaBlock(run(accumulatorLoop(256, 4), "hopper-measured"))["estimate"];
  CHECK(e["registers_per_thread"].get<int>() >= 256);
  CHECK(e["registers_over_limit"].get<bool>());
  // Over 8 warps it is 128 a thread.
  e = mmaBlock(run(accumulatorLoop(256, 8), "hopper-measured"))["estimate"];
  CHECK_FALSE(e["registers_over_limit"].get<bool>());
  CHECK(e["warps"] == 8);
  e = mmaBlock(run(accumulatorLoop(128, 4, ", ttg.shared = 200000 : i32"), "hopper-measured"))["estimate"];
  CHECK(e["smem_from_ir"].get<bool>());
  CHECK(e["schedule"]["smem_per_cta"] == 200000);
  CHECK(e["schedule"]["ctas_per_sm"] == 1);
  CHECK(e["schedule"]["cta_limit"] == "shared memory (200000 B per CTA)");
}

TEST_CASE("perf: the CTAs per SM hold the register tensors each CTA's schedule keeps", "[perf]") {
  // A 128x192 f32 accumulator over 8 warps is about 116 registers a thread: two CTAs by the
  // per-thread count. Its reader runs as the next MMA starts, so the schedule keeps two copies,
  // 192 KiB a CTA: one CTA's fill most of the SM's 256 KiB register file, two would not fit.
  std::string src = accumulatorLoop(192, 8);
  const std::string yield = "      scf.yield %d";
  const size_t at = src.find(yield);
  REQUIRE(at != std::string::npos);
  src.insert(at, "      \"use\"(%d) : (tensor<128x192xf32, #mma>) -> ()\n");
  const Json block = mmaBlock(run(src, "hopper-measured"));
  CHECK(block["memory"]["register_bytes"] == 196608);
  const Json &e = block["estimate"];
  REQUIRE(e.is_object());
  CHECK(e["registers_per_thread"].get<int>() < 128);
  CHECK(e["schedule"]["ctas_per_sm"] == 1);
  CHECK(e["schedule"]["cta_limit"] == "register tensors the schedule keeps (192 KiB per CTA)");
  // One copy (no reader beside the MMA's own, in place): 96 KiB, and the per-thread count binds.
  const Json one = mmaBlock(run(accumulatorLoop(192, 8), "hopper-measured"));
  CHECK(one["memory"]["register_bytes"] == 98304);
  CHECK(one["estimate"]["schedule"]["ctas_per_sm"] == 2);
  CHECK(one["estimate"]["schedule"]["cta_limit"].get<std::string>().rfind("registers (", 0) == 0);
}

TEST_CASE("perf: the CTAs per SM share the SM's tensor memory, allocated in powers of two of columns", "[perf]") {
  // examples/blackwell-tcgen05-gemm.mlir holds 144 KiB of TMEM a CTA (a 128x256 f32 accumulator
  // and a 16 KiB A tile): 288 of the 512 columns, allocated as 512, so one CTA per SM, not the
  // six its 32 KiB of SMEM would allow.
  const Json one = run(readFile("examples/blackwell-tcgen05-gemm.mlir"), "blackwell");
  const Json &s = one["blocks"][0]["estimate"]["schedule"];
  CHECK(one["blocks"][0]["memory"]["tmem_bytes"] == 147456);
  CHECK(s["ctas_per_sm"] == 1);
  CHECK(s["cta_limit"] == "tensor memory (144 KiB per CTA, 256 KiB allocated)");
  // No example's CTAs together hold more tensor memory than the SM has.
  forEachEstimated(
      {"examples/blackwell-tcgen05-gemm.mlir", "examples/seed-worked-example.mlir", "examples/constraint-quirks.mlir",
       "examples/forced-serial.mlir", "examples/attention-forward.mlir", "examples/triton-blackwell-tcgen05-gemm.mlir"},
      {"blackwell", "blackwell-measured"}, [](const Json &b) {
        const int64_t tmem = b["memory"]["tmem_bytes"].get<int64_t>();
        CHECK(b["estimate"]["schedule"]["ctas_per_sm"].get<int64_t>() * tmem <= 262144);
      });
}

TEST_CASE("perf: a CUDA Tile loop's tiles are registers per thread, as its buffers are", "[perf]") {
  // examples/cuda-tile-gemm.mlir keeps a 128x128 f32 accumulator (64 KiB, 128 registers a thread
  // over 4 warps) and 128x32 / 32x128 f16 operand tiles (16 registers each) in registers; the
  // zero the accumulator starts from is one register, not a second accumulator.
  for (const std::string &model : builtinTargetModelNames()) {
    INFO(model);
    const Json doc = run(readFile("examples/cuda-tile-gemm.mlir"), model);
    const Json &b = doc["blocks"][0];
    const Json &e = b["estimate"];
    REQUIRE(e.is_object());
    int64_t largest = 0;
    for (const Json &buf : b["buffers"])
      if (buf["space"] == "registers" && buf["bytes_per_slot"].is_number())
        largest = std::max(largest, buf["bytes_per_slot"].get<int64_t>());
    CHECK(largest == 65536);
    const int perThread = e["registers_per_thread"].get<int>();
    CHECK(perThread * 4 * 32 * e["warps"].get<int>() >= largest + 2 * 8192);
    CHECK(perThread < 200);
  }
  // An accumulator carried by an outer CUDA Tile loop's inner one: about as many as the inner loop's.
  const Json nested = run(readFile("tests/golden/cli/nested-loops.mlir"), "blackwell");
  int inner = 0, outer = 0;
  for (const Json &b : nested["blocks"]) {
    if (b["name"] == "@matmul/cuda_tile.for %k") inner = b["estimate"]["registers_per_thread"].get<int>();
    if (b["name"] == "@matmul/cuda_tile.for %t") outer = b["estimate"]["registers_per_thread"].get<int>();
  }
  CHECK(inner >= 128 + 16 + 16);
  CHECK(outer >= 128);
  CHECK(outer <= inner);
}

TEST_CASE("perf: a warp-specialized loop's registers are its agents' own, its CTA all their warps", "[perf]") {
  // The accumulator loop of 4 module warps, its MMA in partition 0 on 8 warps beside a 1-warp
  // partition 1: 128 registers a thread for the MMA's 128x256 f32 (not 256), and 9 warps a CTA.
  std::string src = accumulatorLoop(256, 4);
  auto replace = [&](const std::string &from, const std::string &to) {
    const size_t at = src.find(from);
    REQUIRE(at != std::string::npos);
    src.replace(at, from.size(), to);
  };
  replace("%d = ttng.warp_group_dot %a, %b, %acc :",
          "%j = arith.addi %i, %c1 {ttg.partition = array<i32: 1>} : i32\n"
          "      %d = ttng.warp_group_dot %a, %b, %acc {ttg.partition = array<i32: 0>} :");
  replace("    }\n    tt.return", "    } {ttg.partition_num_warps = array<i32: 8, 1>}\n    tt.return");
  const Json e = mmaBlock(run(src, "hopper-measured"))["estimate"];
  CHECK(e["warps"] == 9);
  CHECK_FALSE(e["warps_assumed"].get<bool>());
  CHECK(e["registers_per_thread"].get<int>() < 200);
  CHECK_FALSE(e["registers_over_limit"].get<bool>());
}

TEST_CASE("perf: each agent is allocated its own registers", "[perf]") {
  // The MMA's partition needs about 90 registers a thread, three 4-warp partitions beside it a
  // few: at the most any needs, 16 warps would take 45 056 of the SM's 65 536 registers (one
  // CTA); at their own counts (setmaxnreg) two CTAs or more fit.
  std::string src = accumulatorLoop(64, 4);
  std::string light;
  for (int p = 1; p <= 3; ++p)
    light += "      %j" + std::to_string(p) + " = arith.addi %i, %c1 {ttg.partition = array<i32: " + std::to_string(p) +
             ">} : i32\n";
  const size_t dot = src.find("      %d = ttng.warp_group_dot %a, %b, %acc :");
  REQUIRE(dot != std::string::npos);
  src.insert(dot, light);
  const size_t end = src.find("    }\n    tt.return");
  REQUIRE(end != std::string::npos);
  src.replace(end, 5, "    } {ttg.partition_num_warps = array<i32: 4, 4, 4, 4>}");
  const size_t attr = src.find("%acc :");
  src.replace(attr, 6, "%acc {ttg.partition = array<i32: 0>} :");
  const Json e = mmaBlock(run(src, "hopper-measured"))["estimate"];
  REQUIRE(e.is_object());
  CHECK(e["warps"] == 16);
  CHECK(e["registers_per_thread"].get<int>() > 64);
  CHECK(e["schedule"]["ctas_per_sm"].get<int>() >= 2);
  // More than the SM's registers in one CTA: the compiler spills, and one CTA still launches.
  const Json over = mmaBlock(run(accumulatorLoop(512, 16), "hopper-measured"))["estimate"];
  REQUIRE(over.is_object());
  CHECK(over["registers_per_thread"].get<int>() * 32 * 16 > 65536);
  CHECK(over["schedule"]["ctas_per_sm"] == 1);
}

TEST_CASE("perf: the GPU's figures are model data, read and written back, each error located", "[perf]") {
  const std::shared_ptr<const TargetModel> measured = builtinTargetModel("hopper-measured");
  REQUIRE(measured->performance);
  const GpuPerformance &p = *measured->performance;
  CHECK(p.l2BytesPerCycle.low == 29770);
  CHECK(p.l2BytesPerCycle.high == 37900);
  // Every measured wgmma rate times 132 SMs at 1980 MHz is above the datasheet's 989.4 TFLOP/s:
  // the peak caps them all.
  CHECK(p.mmaPeakTflops.low == 989400);
  CHECK(p.mmaRate(128) == 3785583);
  GpuPerformance uncapped = p;
  uncapped.mmaPeakTflops = {};
  CHECK(uncapped.mmaRate(128) == 4030700);
  CHECK(uncapped.mmaRate(96) == 3837200);       // the widest measured shape that fits
  CHECK(uncapped.mmaRate(32) == 3837200);       // none fits: the narrowest
  uncapped.mmaPeakTflops = {1019304, 1019304};  // 3900 FLOP per SM-cycle: caps N = 128, not N = 64
  CHECK(uncapped.mmaRate(128) == 3900000);
  CHECK(uncapped.mmaRate(64) == 3837200);
  CHECK(p.mmaScale("f8E4M3FN") == 2000);
  CHECK(p.elementwiseRate("math.exp2") == 15630);
  CHECK(p.elementwiseRate("arith.divf") == 0);
  DiagnosticEngine diags;
  std::optional<TargetModel> again = parseTargetModel(targetModelToJson(*measured), diags);
  REQUIRE(again);
  CHECK(gpuPerformanceJson(*again->performance) == gpuPerformanceJson(p));

  std::string text = targetModelToJson(*measured);
  const size_t at = text.find("\"l2_bytes_per_cycle\": [29.77, 37.9]");
  REQUIRE(at != std::string::npos);
  for (const auto &[bad, message] : std::vector<std::pair<std::string, std::string>>{
           {"\"l2_bytes_per_cycle\": [37.9, 29.77]", "'l2_bytes_per_cycle': low 37.9 is above high 29.77"},
           {"\"l2_bytes_per_cycle\": 29.7712", "at most three decimals"},
           {"\"l2_bandwidth\": 30", "unknown key 'l2_bandwidth' in 'performance'"}}) {
    std::string edited = text;
    edited.replace(at, std::string("\"l2_bytes_per_cycle\": [29.77, 37.9]").size(), bad);
    DiagnosticEngine d;
    CHECK_FALSE(parseTargetModel(edited, d));
    REQUIRE(d.errorCount() >= 1);
    CHECK(d.all().front().message.find(message) != std::string::npos);
    CHECK(d.all().front().range.begin.line == 6);
  }
}
