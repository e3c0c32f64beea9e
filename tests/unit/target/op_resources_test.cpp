// resolveOpResources (model lookup, sched.latency / sched.footprint overrides) and
// applyModulePools (sched.pools), on parsed snippets.
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "buffers/OpShape.h"
#include "ir/TypeAliases.h"
#include "target/TargetModel.h"

using namespace tilesched;

namespace {

TargetModel blackwell() {
  auto m = builtinTargetModel("blackwell");
  REQUIRE(m);
  return *m;
}

// The scheduled ops of the first block of `src`, which must parse cleanly.
struct Snippet {
  std::unique_ptr<test::Parsed> parsed;
  const Operation &op(size_t i) const { return *parsed->blocks.at(0).ops.at(i); }
};

Snippet snippet(std::string_view src) {
  Snippet s{test::parseBlocks(src)};
  INFO(test::diagText(s.parsed->diags));
  REQUIRE_FALSE(s.parsed->diags.hasErrors());
  REQUIRE_FALSE(s.parsed->blocks.empty());
  return s;
}

std::string located(const Diagnostic &d) {
  return std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.col) + " " + d.message;
}

std::vector<std::string> rowNames(const TargetModel &m, const FootprintRow &row) {
  std::vector<std::string> out;
  for (int r : row) out.push_back(m.resources[size_t(r)].name);
  return out;
}

// `r` has latency `latency` and a footprint of `rows` cycles, the first holding `first`.
void checkCost(const TargetModel &m, const OpResources &r, int latency, size_t rows,
               const std::vector<std::string> &first) {
  CHECK(r.latency == latency);
  REQUIRE(r.footprint.size() == rows);
  CHECK(rowNames(m, r.footprint[0]) == first);
}

// `r` is a model entry's free op: the seeds' default latency, no unit.
void checkFree(const TargetModel &m, const OpResources &r) {
  CHECK(r.source == OpResources::Source::Model);
  CHECK(r.footprint.empty());
  CHECK(r.latency == m.defaultLatency);
}

}  // namespace

TEST_CASE("op resources: model entry, then the documented default") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = nv_tileas.async.tiled_tma_load %d : i32
  %b = nv_tileas.async.pipeline.producer_acquire %a : i32
  %c = my.unlisted %b : i32
  return
})");
  DiagnosticEngine d;
  OpResources tma = resolveOpResources(s.op(0), m, d);
  CHECK(tma.source == OpResources::Source::Model);
  CHECK(tma.latency == 8);
  CHECK(tma.footprint.size() == 8);
  CHECK(tma.traits == TraitTma);
  OpResources acquire = resolveOpResources(s.op(1), m, d);
  CHECK(acquire.traits == TraitAsyncPipeline);
  CHECK(acquire.footprint.empty());
  OpResources unlisted = resolveOpResources(s.op(2), m, d);
  CHECK(unlisted.source == OpResources::Source::Default);
  CHECK(unlisted.latency == 1);
  CHECK(unlisted.footprint.empty());
  CHECK(unlisted.traits == TraitNone);
  CHECK(d.all().empty());
}

TEST_CASE("op resources: sched.latency and sched.footprint replace the model's entry") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = nv_tileas.async.tiled_tma_load %d {sched.latency = 3 : i32, sched.footprint = [["tma", "fma_issue", "fma_issue"], [], ["tp_mma"]]} : i32
  %b = my.op %a {sched.latency = 0} : i32
  return
})");
  DiagnosticEngine d;
  OpResources a = resolveOpResources(s.op(0), m, d);
  CHECK(d.all().empty());
  CHECK(a.source == OpResources::Source::Override);
  CHECK(a.latency == 3);
  REQUIRE(a.footprint.size() == 3);  // duration = number of rows, empty rows included
  CHECK(rowNames(m, a.footprint[0]) == std::vector<std::string>{"tma", "fma_issue", "fma_issue"});
  CHECK(a.footprint[1].empty());
  CHECK(rowNames(m, a.footprint[2]) == std::vector<std::string>{"tp_mma"});
  CHECK(a.traits == TraitTma);  // traits stay with the op name
  OpResources b = resolveOpResources(s.op(1), m, d);
  CHECK(b.source == OpResources::Source::Override);
  CHECK(b.latency == 0);
}

TEST_CASE("op resources: overrides are looked up inherent first, then discardable") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = "my.op"(%d) <{sched.latency = 5 : i32}> {sched.latency = 9 : i32} : (index) -> i32
  %b = "my.op"(%a) {sched.latency = 9 : i32} : (i32) -> i32
  return
})");
  DiagnosticEngine d;
  CHECK(resolveOpResources(s.op(0), m, d).latency == 5);
  CHECK(resolveOpResources(s.op(1), m, d).latency == 9);
}

TEST_CASE("op resources: malformed overrides are errors at the attribute") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = my.op %d {sched.latency = -2 : i32} : i32
  %b = my.op %a {sched.latency = "7"} : i32
  %c = my.op %b {sched.footprint = [["tma"], ["tmaa"]]} : i32
  %e = my.op %c {sched.footprint = [["tma", "tp_mma", "tma"]]} : i32
  %g = my.op %e {sched.footprint = [["named_barriers", "named_barriers", "named_barriers", "named_barriers"]]} : i32
  %h = my.op %g {sched.footprint = ["tma"]} : i32
  %k = my.op %h {sched.footprint = [[12]]} : i32
  %l = my.op %k {sched.footprint = 3} : i32
  return
})");
  std::vector<std::string> got;
  for (size_t i = 0; i < 8; ++i) {
    DiagnosticEngine d;
    OpResources r = resolveOpResources(s.op(i), m, d);
    CHECK(r.source == OpResources::Source::Default);  // a rejected override changes nothing
    REQUIRE(d.all().size() == 1);
    CHECK(d.all()[0].severity == Severity::Error);
    got.push_back(located(d.all()[0]));
  }
  CHECK(got[0] == "2:34 sched.latency must be an integer in [0, 100000]");
  CHECK(got[1] == "3:34 sched.latency must be an integer in [0, 100000]");
  CHECK(got[2] == "4:47 unknown slot or pool 'tmaa' in sched.footprint (target model 'blackwell')");
  CHECK(got[3] == "5:55 sched.footprint: slot 'tma' is listed twice in one row; a slot is a singleton");
  CHECK(got[4] == "6:92 sched.footprint: row requests 4 units of pool 'named_barriers', whose capacity is 3");
  CHECK(got[5].rfind("7:37 sched.footprint must be an array of rows", 0) == 0);
  CHECK(got[6] == "8:38 sched.footprint entries must be slot or pool names in quotes");
  CHECK(got[7].rfind("9:36 sched.footprint must be an array of rows", 0) == 0);
}

TEST_CASE("op resources: an override's unit of another built-in machine is ignored with a warning") {
  auto hopper = builtinTargetModel("hopper");
  REQUIRE(hopper);
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = my.op %d {sched.footprint = [["tma"], ["tp_tmem_wr", "tp_smem_wr"]]} : i32
  return
})");
  DiagnosticEngine d;
  OpResources r = resolveOpResources(s.op(0), *hopper, d);
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].severity == Severity::Warning);
  CHECK(located(d.all()[0]) ==
        "2:47 'tp_tmem_wr' is a unit of Blackwell (sm_100), which target model 'hopper' does "
        "not have; this sched.footprint entry is ignored");
  // The rest of the override stands.
  CHECK(r.source == OpResources::Source::Override);
  REQUIRE(r.footprint.size() == 2);
  CHECK(rowNames(*hopper, r.footprint[0]) == std::vector<std::string>{"tma"});
  CHECK(rowNames(*hopper, r.footprint[1]) == std::vector<std::string>{"tp_smem_wr"});

  // One warning per unit, at its first entry, however many rows name it.
  Snippet rows = snippet(R"(func.func @f(%d: index) {
  %a = my.op %d {sched.footprint = [["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"]]} : i32
  return
})");
  DiagnosticEngine once;
  CHECK(resolveOpResources(rows.op(0), *hopper, once).footprint.size() == 3);
  REQUIRE(once.all().size() == 1);
  CHECK(located(once.all()[0]) ==
        "2:38 'tp_tmem_wr' is a unit of Blackwell (sm_100), which target model 'hopper' "
        "does not have; its 3 entries in this sched.footprint are ignored");
}

TEST_CASE("module pools: sched.pools adds and resizes pools") {
  TargetModel m = blackwell();
  auto p = test::parseBlocks(R"(module attributes {sched.pools = {hls_load = 2 : i32, named_barriers = 16 : i32}} {
  func.func @f() {
    return
  }
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  size_t before = m.resources.size();
  DiagnosticEngine d;
  applyModulePools(*p->module, m, d);
  CHECK(d.all().empty());
  REQUIRE(m.resources.size() == before + 1);
  const Resource &added = m.resources.back();
  CHECK(added.name == "hls_load");
  CHECK(added.capacity == 2);
  CHECK_FALSE(added.isSlot);
  CHECK(m.resources[size_t(m.resourceIndex("named_barriers"))].capacity == 16);
}

TEST_CASE("module pools: bad entries are errors at the attribute and change nothing") {
  TargetModel m = blackwell();
  auto p = test::parseBlocks(R"(module attributes {sched.pools = {tma = 2 : i32, a = 0 : i32, b = "3", c = 1.5 : f32}} {
})");
  REQUIRE_FALSE(p->diags.hasErrors());
  size_t before = m.resources.size();
  DiagnosticEngine d;
  applyModulePools(*p->module, m, d);
  CHECK(m.resources.size() == before);
  REQUIRE(d.all().size() == 4);
  CHECK(located(d.all()[0]) ==
        "1:35 sched.pools entry 'tma' clashes with slot 12 of target model 'blackwell'; a "
        "slot is a singleton and cannot be resized");
  CHECK(located(d.all()[1]) == "1:54 capacity of pool 'a' in sched.pools must be an integer in [1, 1048576]");
  CHECK(located(d.all()[2]).rfind("1:67 capacity of pool 'b'", 0) == 0);
  CHECK(located(d.all()[3]).rfind("1:76 capacity of pool 'c'", 0) == 0);

  auto notDict = test::parseBlocks("module attributes {sched.pools = [1]} {\n}");
  DiagnosticEngine d2;
  applyModulePools(*notDict->module, m, d2);
  REQUIRE(d2.all().size() == 1);
  CHECK(located(d2.all()[0]).rfind("1:34 sched.pools must be a dictionary", 0) == 0);
}

TEST_CASE("op resources: an unsupported op is scheduled as unknown, with a warning giving the reason") {
  DiagnosticEngine md;
  auto m = parseTargetModel(R"({"name": "small", "slots": [{"id": 1, "name": "s", "kind": "fine"}], "ops": {
    "x.mma": {"latency": 9, "footprint": [["s"]], "traits": ["wgmma"], "effects": {"tensor": "readwrite"},
              "unsupported": "no tensor memory here"}}})",
                            md);
  REQUIRE(m);
  Snippet s = snippet(R"(func.func @f(%d: index) {
  %a = x.mma %d : i32
  %b = x.mma %a {sched.latency = 3 : i32} : i32
  return
})");
  DiagnosticEngine d;
  OpResources a = resolveOpResources(s.op(0), *m, d);
  CHECK(a.source == OpResources::Source::Default);
  CHECK(a.latency == 1);
  CHECK(a.footprint.empty());
  CHECK(a.traits == TraitNone);
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].severity == Severity::Warning);
  CHECK(located(d.all()[0]) ==
        "2:8 'x.mma' is not supported by target model 'small': no tensor memory here; "
        "it is scheduled as an unknown op (latency 1, no resources)");
  CHECK(resolveOpResources(s.op(1), *m, d).latency == 3);  // an override still applies
}

// One cost per data movement (docs/target-model.md, "One cost per op"): the entries whose cost
// depends on their operands.
TEST_CASE("op resources: an allocation writes nothing without a value, or with a TMA-loaded one") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(tt.func @f(%d: !tt.tensordesc<tensor<64x64xf16>>, %p: tensor<64x64x!tt.ptr<f16>>, %i: i32) {
  %empty = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #ttg.shared_memory, mutable>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %ts = ttg.local_alloc %t : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>
  %g = tt.load %p : tensor<64x64x!tt.ptr<f16>>
  %gs = ttg.local_alloc %g : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>
  %acc = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
})");
  DiagnosticEngine d;
  for (size_t free : {0, 2, 5}) {
    INFO("op " << free);
    checkFree(m, resolveOpResources(s.op(free), m, d));
  }
  // The TMA copy holds the SMEM write; a register value written to SMEM costs the write.
  CHECK(rowNames(m, resolveOpResources(s.op(1), m, d).footprint[0]) == std::vector<std::string>{"tma", "tp_smem_wr"});
  checkCost(m, resolveOpResources(s.op(4), m, d), 7, 7, {"tp_smem_wr"});
  CHECK(d.all().empty());
}

TEST_CASE("op resources: a layout conversion is free in registers, an SMEM round trip otherwise") {
  TargetModel m = blackwell();
  auto parsed = test::parseBlocks(
      R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked, kWidth = 2}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @f(%x: tensor<64x64xf16, #mma>, %y: tensor<64x64xf16, #blocked>, %z: tensor<64x64xf16>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  %same = ttg.convert_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
  %acc = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #a>
  %shared = ttg.convert_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #a>
  %parent = ttg.convert_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #b>
  %unknown = ttg.convert_layout %z : tensor<64x64xf16> -> tensor<64x64xf16>
  %t = tlx.require_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  %rb = tlx.require_layout %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
  %r = tlx.release_layout %t : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked>
  %s = tlx.release_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked>
  tt.return
})");
  INFO(test::diagText(parsed->diags));
  REQUIRE_FALSE(parsed->diags.hasErrors());
  const TypeAliases aliases(*parsed->module);
  const auto &ops = parsed->blocks.at(0).ops;
  DiagnosticEngine d;
  auto cost = [&](size_t i) { return resolveOpResources(*ops.at(i), m, d, {"", nullptr, &aliases}); };
  CHECK(cost(0).footprint.empty());  // the same layout, once the alias is spelled out
  CHECK(cost(1).footprint.empty());  // an MMA accumulator to its own dot operand: shuffles
  CHECK(cost(3).footprint.empty());  // a dot operand of the source's own (blocked) layout
  // TLX's layout ops on tensors become convert_layout (TLX's fixup pass): a round trip to another
  // register layout (5, 7), free to the same one (8); on a buffer the allocation is retagged (6).
  checkFree(m, cost(6));
  checkFree(m, cost(8));
  CHECK(m.lookup("tlx.require_layout")->view == ViewKind::Alias);  // accesses through it reach the buffer
  for (size_t smem : {2, 4, 5, 7}) {  // blocked -> another parent's operand; layouts not given; TLX
    INFO("op " << smem);
    OpResources r = cost(smem);
    checkCost(m, r, 14, 14, {"tp_smem_wr"});
    CHECK(rowNames(m, r.footprint[13]) == std::vector<std::string>{"tp_smem_rd"});
  }
  // Without the module's aliases #a is not known to be #mma's operand: the conservative round trip.
  CHECK(resolveOpResources(*ops.at(1), m, d).footprint.size() == 14);
  CHECK(d.all().empty());
}

TEST_CASE("op resources: integer division is a multi-instruction sequence, a constant is free") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%a: i32, %b: i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remui %a, %b : i32
  %c = arith.constant 3 : i32
  return
})");
  DiagnosticEngine d;
  for (size_t division : {0, 1}) {
    INFO("op " << division);
    OpResources r = resolveOpResources(s.op(division), m, d);
    CHECK(r.source == OpResources::Source::Model);
    checkCost(m, r, 20, 6, {"xu"});
    CHECK(rowNames(m, r.footprint[1]) == std::vector<std::string>{"fma_issue"});
    CHECK(rowNames(m, r.footprint[5]) == std::vector<std::string>{"alu_issue"});
  }
  checkFree(m, resolveOpResources(s.op(2), m, d));  // arith.constant
  CHECK(d.all().empty());
}

TEST_CASE("op resources: scf.if and cuda_tile.if cost their costliest region") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(func.func @f(%c: i1, %a: f32, %p: tensor<64x!tt.ptr<f32>>) {
  %r = scf.if %c -> (f32) {
    %x = arith.mulf %a, %a : f32
    %y = arith.addf %x, %a : f32
    scf.yield %y : f32
  } else {
    %l = tt.load %p : tensor<64x!tt.ptr<f32>>
    %e = math.exp %a : f32
    scf.yield %e : f32
  }
  scf.if %c {
    %z = arith.addi %c, %c {sched.latency = 30 : i32} : i1
  }
  return
})");
  DiagnosticEngine d;
  OpResources r = resolveOpResources(s.op(0), m, d);
  CHECK(r.source == OpResources::Source::Model);
  // then: mulf, addf (4 + 4, one fma_issue row each); else: load (7 gnic rows), exp (1 xu row).
  checkCost(m, r, 11, 8, {"fma_issue", "tp_gnic_rd"});
  CHECK(rowNames(m, r.footprint[1]) == std::vector<std::string>{"fma_issue", "tp_gnic_rd"});
  CHECK(rowNames(m, r.footprint[6]) == std::vector<std::string>{"tp_gnic_rd"});
  CHECK(rowNames(m, r.footprint[7]) == std::vector<std::string>{"xu"});
  // One region; an override inside it counts.
  checkCost(m, resolveOpResources(s.op(1), m, d), 30, 1, {"alu_issue"});
  CHECK(d.all().empty());
}

TEST_CASE("op resources: a region op's traits are its regions' traits") {
  TargetModel m = blackwell();
  Snippet s = snippet(R"(cuda_tile.module @m {
  entry @k(%n: tile<i32>, %v: tile<f32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %b = cmpi greater_than %i, %c0, signed : tile<i32> -> tile<i1>
      %r = if %b -> (tile<f32>) {
        %m = mmaf %v, %v, %v : tile<f32>, tile<f32>, tile<f32>
        yield %m : tile<f32>
      } else {
        yield %v : tile<f32>
      }
      continue
    }
    return
  }
})");
  DiagnosticEngine d;
  OpResources r = resolveOpResources(s.op(1), m, d);
  CHECK(s.op(1).name == "cuda_tile.if");
  CHECK(r.traits == TraitWgmma);
  CHECK(r.latency == 8);
  CHECK(d.all().empty());
}

TEST_CASE("op resources: a shape_cost entry follows the op's shape, its own cost where the shape is unknown") {
  auto m = builtinTargetModel("hopper-measured");
  REQUIRE(m);
  Snippet s = snippet(
      R"(func.func @f(%d: !tt.tensordesc<tensor<64x64xf16>>, %e: !tt.tensordesc<tensor<128x64xf16>>, %u: !tt.tensordesc<tensor<?x64xf16>>, %x: !ttg.memdesc<128x64xf16>, %y: !ttg.memdesc<64x256xf16>, %acc: tensor<128x256xf32>, %h: !tt.tensordesc<tensor<512x512xf32>>, %i: i32) {
  %a = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %b = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  %c = tt.descriptor_load %u[%i] : !tt.tensordesc<tensor<?x64xf16>> -> tensor<?x64xf16>
  %g = ttng.warp_group_dot %x, %y, %acc : !ttg.memdesc<128x64xf16> * !ttg.memdesc<64x256xf16> -> tensor<128x256xf32>
  %k = tt.descriptor_load %h[%i] : !tt.tensordesc<tensor<512x512xf32>> -> tensor<512x512xf32>
  return
})");
  const TypeAliases aliases;
  const OpCostContext shaped{"", nullptr, &aliases, false, &opShape};
  DiagnosticEngine d;
  // bench/gpu/calibrate.py's TMA fit: 332.1 + bytes / 112.4 cycles, bytes / 37.9 rows.
  checkCost(*m, resolveOpResources(s.op(0), *m, d, shaped), 405, 217, {"tma", "tp_smem_wr"});
  checkCost(*m, resolveOpResources(s.op(1), *m, d, shaped), 478, 433, {"tma", "tp_smem_wr"});
  // A dynamic extent gives no bytes: the entry's own cost, the 128x64 f16 reference tile's.
  const OpModel *entry = m->lookup("tt.descriptor_load");
  checkCost(*m, resolveOpResources(s.op(2), *m, d, shaped), entry->latency, entry->footprint.size(),
            {"tma", "tp_smem_wr"});
  // Without the driver's shapes every op costs its entry.
  checkCost(*m, resolveOpResources(s.op(0), *m, d), entry->latency, entry->footprint.size(), {"tma", "tp_smem_wr"});
  CHECK(d.all().empty());
  // 128x256x64 f16: 4,194,304 FLOP at 0.9841 x 4096 per cycle is 1,041 rows, cut to the 1,024-row
  // limit with a warning; the latency adds the 52-cycle drain.
  checkCost(*m, resolveOpResources(s.op(3), *m, d, shaped), 1093, 1024, {"tc_and_mma", "tp_mma"});
  REQUIRE(d.all().size() == 1);
  CHECK(located(d.all()[0]) ==
        "5:8 'ttng.warp_group_dot' costs 1041 footprint rows for its shape in model 'hopper-measured', more than "
        "the model limits (100000 cycles, 1024 rows); it is cut to them");
  // A 1 MiB f32 tile: 9,662 cycles and 27,667 rows, the rows cut.
  OpResources big = resolveOpResources(s.op(4), *m, d, shaped);
  CHECK(big.latency == 9662);
  CHECK(big.footprint.size() == 1024);
}

TEST_CASE("op resources: a shape_cost value past 2^63 is clamped before it becomes an integer") {
  DiagnosticEngine md;
  auto m = parseTargetModel(R"({"name": "huge", "slots": [{"id": 1, "name": "s", "kind": "fine"}], "ops": {
    "t.load": {"latency": 5, "footprint": [["s"]],
               "shape_cost": {"latency": "bytes * 1000000000000000000", "rows": "bytes * 1000000000000000000"}}}})",
                            md);
  REQUIRE(m);
  Snippet s = snippet(R"(func.func @f(%d: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
  %a = t.load %d[%i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  return
})");
  const TypeAliases aliases;
  const OpCostContext shaped{"", nullptr, &aliases, false, &opShape};
  DiagnosticEngine d;
  // 8 192 bytes x 10^18: about 8.2 x 10^21, which int64_t(double) cannot hold.
  const OpResources r = resolveOpResources(s.op(0), *m, d, shaped);
  CHECK(r.latency == kMaxLatency);
  CHECK(r.footprint.size() == size_t(kMaxFootprintRows));
  REQUIRE(d.all().size() == 1);
  CHECK(located(d.all()[0]) ==
        "2:8 't.load' costs more than 1000000000000000 cycles of latency and more than 1000000000000000 footprint "
        "rows for its shape in model 'huge', more than the model limits (100000 cycles, 1024 rows); it is cut to them");
}
