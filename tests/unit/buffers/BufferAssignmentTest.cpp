// Buffer assignment (core/buffers): bytes from types, slots from the materializer's Pipe_ depth
// (a register tensor's from its reads), live ranges and sharing, the budgets, the slot-limit
// edges; and the MMA FLOPs and figures the performance model prints. Schedules are pinned in the
// snippets ([[stage order cycle]]).
#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>

#include "../materialize/MaterializeTestUtil.h"
#include "buffers/BufferAssignment.h"
#include "buffers/Figures.h"
#include "buffers/TileType.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

struct Assigned {
  std::unique_ptr<PinnedBlock> block;
  MaterializedSchedule plan;
  BufferInput input;
  BufferPlan buffers;

  const Buffer &buffer(const std::string &value) const {
    for (const Buffer &b : buffers.buffers)
      if (b.value == value) return b;
    FAIL("no buffer " << value);
    return buffers.buffers.front();
  }
};

std::unique_ptr<Assigned> assign(const std::string &src, const std::function<void(TargetModel &)> &edit = {},
                                 bool unlimitedSmem = false) {
  auto a = std::make_unique<Assigned>();
  a->block = pinnedBlock(src);
  if (edit) edit(a->block->model);
  a->block->resources.clear();
  for (const Operation *op : a->block->block.ops)
    a->block->resources.push_back(resolveOpResources(*op, a->block->model, a->block->diags));
  PipeNamer namer({});
  a->plan = materializeSchedule(a->block->input(), MaterializeOptions{}, namer, a->block->diags);
  INFO(diagText(a->block->diags));
  REQUIRE(a->plan.valid);
  a->input.block = &a->block->block;
  a->input.aliases = &a->block->aliases;
  a->input.model = &a->block->model;
  a->input.resources = &a->block->resources;
  a->input.analysis = &a->block->analysis;
  a->input.materialized = &a->plan;
  a->input.unlimitedSmem = unlimitedSmem;
  a->buffers = assignBuffers(a->input);
  return a;
}

// Two TMA loads of a 128x64 f16 box (16 KiB) and a TMEM accumulator: the load of %ta is read a
// stage later (cycle 20 at II 16: a two-slot ring), %tb within its stage.
const char *kGemm = R"(
!desc = !nv_tileas.tma_desc<128x64xf16>
func.func @f(%A: !desc, %B: !desc, %n: index, %acc0: !nv_tileas.tmem<128x128xf32>, %bar: !nv_tileas.mbarrier) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!nv_tileas.tmem<128x128xf32>) {
    %ta = nv_tileas.async.tiled_tma_load %A[%k], %bar [[0 0 0]] : !nv_tileas.AsyncToken
    %tb = nv_tileas.async.tiled_tma_load %B[%k], %bar [[0 1 8]] : !nv_tileas.AsyncToken
    %sa = nv_tileas.async.wait %ta [[1 0 20]] : tensor<128x64xf16>
    %sb = nv_tileas.async.wait %tb [[0 2 12]] : tensor<64x128xf16>
    %acc_n = nv_tileas.async.dot %sa, %sb, %acc [[1 1 21]] : !nv_tileas.tmem<128x128xf32>
    %done = nv_tileas.async.wait %acc_n [[1 2 29]] : !nv_tileas.tmem<128x128xf32>
    scf.yield %done : !nv_tileas.tmem<128x128xf32>
  } {nv_tile.aws.ii = 16 : i32}
  return
}
)";

}  // namespace

TEST_CASE("buffers: bytes per slot come from the type's shape and element width", "[buffers]") {
  TileType ring = parseTileType("!ttg.memdesc<3x128x64xf16, #ttg.nvmma_shared<{}>, #ttg.shared_memory, mutable>");
  CHECK(ring.kind == TileType::Kind::MemDesc);
  CHECK(ring.shape == std::vector<int64_t>{3, 128, 64});
  CHECK(ring.bytes() == 3 * 128 * 64 * 2);
  CHECK(ring.bytes(1) == 128 * 64 * 2);
  CHECK_FALSE(ring.tensorMemory);
  CHECK(parseTileType("!ttg.memdesc<128x128xf32, #ttng.tensor_memory_encoding<>, #ttng.tensor_memory>").tensorMemory);
  TileType acc = parseTileType("tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 3}>>");
  CHECK(acc.encoded);
  CHECK(acc.bytes() == 65536);
  CHECK_FALSE(parseTileType("tensor<128x128xf32>").encoded);
  CHECK(parseTileType("!nv_tileas.tmem<512x512xf32>").bytes() == 1 << 20);
  CHECK(parseTileType("!nv_tileas.tma_desc<128x64xbf16>").kind == TileType::Kind::Descriptor);
  TileType box = parseTileType("!tt.tensordesc<tensor<64x128xbf16, #shared>>");
  CHECK(box.kind == TileType::Kind::Descriptor);
  CHECK(box.bytes() == 16384);
  CHECK(parseTileType("tile<128x32xf16>").bytes() == 8192);
  CHECK(parseTileType("tensor<256xf4E2M1FN>").bytes() == 128);  // 4-bit elements
  CHECK(parseTileType("tensor<64xf8E4M3FN>").bytes() == 64);    // 8-bit elements
  CHECK(parseTileType("i1").bytes() == 1);                      // a bit rounds up to a byte
  // A tensor of pointers: no bytes as data; in registers one 64-bit address per 8 elements.
  CHECK_FALSE(parseTileType("tensor<128x32x!tt.ptr<f16>, #blocked>").bytes());
  CHECK(parseTileType("tensor<128x32x!tt.ptr<f16>, #blocked>").registerBytes() == 4096);
  CHECK(parseTileType("tensor<128x32xf16>").registerBytes() == 8192);
  CHECK(parseTileType("i32").kind == TileType::Kind::Scalar);
  // Unknown, never guessed: a dynamic extent, an element of no fixed width, an index.
  CHECK_FALSE(parseTileType("tensor<?x64xf16>").bytes());
  CHECK_FALSE(parseTileType("tensor<128x64x!tt.ptr<f16>>").bytes());
  CHECK_FALSE(parseTileType("index").bytes());
  CHECK(parseTileType("!nv_tileas.AsyncToken").kind == TileType::Kind::None);
  CHECK(parseTileType("!nv_tileas.PipelineIterator<tile<128x64xf16>>").kind == TileType::Kind::None);
  CHECK_FALSE(parseTileType("tensor<4294967296x4294967296x4294967296xf32>").bytes());  // beyond 2^62
}

TEST_CASE("buffers: a TMA tile read a stage later takes the Pipe_'s two slots", "[buffers]") {
  auto a = assign(kGemm);
  const Buffer &ta = a->buffer("%ta");
  CHECK(ta.kind == Buffer::Kind::TmaTile);
  CHECK(ta.space == BufferSpace::Smem);
  CHECK(ta.bytesPerSlot == 16384);
  CHECK(ta.slots == 2);  // the materializer's ring depth: floor((20 - 0) / 16) + 1
  CHECK(ta.bytes == 32768);
  CHECK(ta.liveBegin == 0);
  CHECK(ta.liveEnd == 21);  // the dot reads the tile through the wait %sa
  const Buffer &tb = a->buffer("%tb");
  CHECK(tb.slots == 1);
  CHECK(tb.bytes == 16384);
  CHECK(a->buffers.memory.smemBytes == 49152);
  CHECK(a->buffers.memory.smemBudget == 232448);
  CHECK(a->buffers.memory.fits());
}

TEST_CASE("buffers: one-slot buffers of one type whose live ranges never meet share their bytes", "[buffers]") {
  auto a = assign(kGemm);
  // %acc_n lives [21, 29), %done [29, 21 + 16): disjoint once iterations repeat every 16 cycles.
  const Buffer &accN = a->buffer("%acc_n"), &done = a->buffer("%done");
  CHECK(accN.space == BufferSpace::Tmem);
  CHECK(accN.liveEnd == 29);
  CHECK(done.liveBegin == 29);
  CHECK(done.liveEnd == 37);
  CHECK(accN.region == done.region);
  CHECK(a->buffers.memory.tmemBytes == 65536);  // one region, not two
  // %ta is a two-slot ring (live in every cycle) and %tb's range meets %ta's: no sharing in SMEM.
  CHECK(a->buffer("%ta").region != a->buffer("%tb").region);

  // A later reader of %acc_n (cycle 33) stretches its range over %done's: two regions.
  std::string overlapping = kGemm;
  const std::string wait = "    %done = nv_tileas.async.wait %acc_n [[1 2 29]] : !nv_tileas.tmem<128x128xf32>\n";
  overlapping.replace(overlapping.find(wait), wait.size(), wait + "    %peek = test.use %acc_n [[2 0 33]] : i32\n");
  auto b = assign(overlapping);
  CHECK(b->buffer("%acc_n").liveEnd == 33);
  CHECK(b->buffer("%done").slots == 1);
  CHECK(b->buffer("%acc_n").region != b->buffer("%done").region);
  CHECK(b->buffers.memory.tmemBytes == 131072);
}

TEST_CASE("buffers: the SMEM budget is the model's, lifted to INT_MAX by --unlimited-smem", "[buffers]") {
  auto tight = assign(kGemm, [](TargetModel &m) { m.machine.smemBytes = 40000; });
  CHECK(tight->buffers.memory.smemBytes == 49152);
  CHECK_FALSE(tight->buffers.memory.smemFits());
  CHECK_FALSE(tight->buffers.memory.fits());
  CHECK(tight->buffers.memory.tmemFits());
  // The allocations before the loop plus the largest one slot: 16 KiB, so a schedule could fit.
  CHECK(leastBytes(tight->buffers, BufferSpace::Smem) == 16384);
  auto lifted = assign(
      kGemm, [](TargetModel &m) { m.machine.smemBytes = 40000; }, true);
  CHECK(lifted->buffers.memory.smemBudget == INT_MAX);
  CHECK(lifted->buffers.memory.fits());
  auto none = assign(kGemm, [](TargetModel &m) { m.machine = MachineModel{}; });
  CHECK_FALSE(none->buffers.memory.checked());
  CHECK(none->buffers.memory.fits());
}

TEST_CASE("buffers: a ring's slot limit is a lifetime edge from each consumer back to its producer", "[buffers]") {
  auto a = assign(kGemm);
  const Buffer &ta = a->buffer("%ta");
  std::vector<DepEdge> one = slotLimitEdges(a->input, ta, 1);
  REQUIRE(one.size() == 1);
  CHECK(one[0].src == a->block->node("%sa"));
  CHECK(one[0].dst == a->block->node("%ta"));
  CHECK(one[0].latency == 1);
  CHECK(one[0].distance == 1);  // cycle(%ta) >= cycle(%sa) + 1 - II: the read within II cycles
  CHECK(one[0].kind == EdgeKind::Lifetime);
  // The pinned schedule breaks the edge: 0 < 20 + 1 - 16.
  CHECK(a->block->analysis.ops[one[0].dst].cycle < a->block->analysis.ops[one[0].src].cycle + 1 - 16);
  // %tb's tile is read through the wait %sb, whose value the dot reads from a Pipe_: its edges run
  // from the dot back to the wait.
  std::vector<DepEdge> tb = slotLimitEdges(a->input, a->buffer("%tb"), 1);
  REQUIRE(tb.size() == 1);
  CHECK(tb[0].src == a->block->node("%acc_n"));
  CHECK(tb[0].dst == a->block->node("%sb"));
  CHECK(tb[0].distance == 1);
}

// A Triton loop's register tensors: %s is updated in place by its own op (read again one
// iteration later) and read by %u, pinned at `reader` (cycle); %v reads %s's value of the
// iteration before at cycle 8. II 16.
std::string registerLoop(const std::string &reader, bool earlierRead = false) {
  return R"(
tt.func @f(%x: tensor<128x128xf32>, %init: tensor<128x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x128xf32>) {
    %s = arith.addf %acc, %x [[0 0 0]] : tensor<128x128xf32>
    %u = arith.mulf %s, %x )" +
         reader + R"( : tensor<128x128xf32>
)" + (earlierRead ? "    %v = arith.mulf %acc, %x [[0 2 8]] : tensor<128x128xf32>\n" : "") +
         R"(    scf.yield %s : tensor<128x128xf32>
  } {nv_tile.aws.ii = 16 : i32}
  tt.return
}
)";
}

TEST_CASE("buffers: a register tensor keeps the copies its reads need, its own op's read in place", "[buffers]") {
  // Read within II cycles of its definition and by its own op an iteration later: one copy,
  // though its Pipe_ is two deep (the materializer's ring for the carried read).
  auto within = assign(registerLoop("[[0 1 4]]"));
  const Buffer &s = within->buffer("%s");
  CHECK(s.space == BufferSpace::Registers);
  REQUIRE(s.pipe >= 0);
  CHECK(within->plan.pipes[size_t(s.pipe)].depth == 2);
  CHECK(s.slots == 1);
  CHECK(s.bytes == 65536);
  CHECK(within->buffers.memory.registerBytes == 65536);
  CHECK(slotLimitEdges(within->input, s, 1).size() == 1);  // %u's read, not the in-place one
  // Read 20 cycles on (floor(20 / 16) + 1): two copies. Limiting it to one is an edge from the
  // reader back to the definition, cycle(%s) + II >= cycle(%u) + 1; none for %s's own read.
  auto later = assign(registerLoop("[[1 0 20]]"));
  const Buffer &s2 = later->buffer("%s");
  CHECK(s2.slots == 2);
  CHECK(later->buffers.memory.registerBytes == 131072);
  std::vector<DepEdge> one = slotLimitEdges(later->input, s2, 1);
  REQUIRE(one.size() == 1);
  CHECK(one[0].src == later->block->node("%u"));
  CHECK(one[0].dst == later->block->node("%s"));
  CHECK(one[0].latency == 1);
  CHECK(one[0].distance == 1);
  CHECK(one[0].kind == EdgeKind::Lifetime);
  // A read of the value of the iteration before, after the next definition: two copies whatever
  // the schedule, so no edge keeps it to one.
  auto earlier = assign(registerLoop("[[0 1 4]]", true));
  const Buffer &s3 = earlier->buffer("%s");
  CHECK(s3.slots == 2);  // floor((8 + 16 - 0) / 16) + 1
  CHECK(slotLimitEdges(earlier->input, s3, 1).empty());
  CHECK(slotLimitEdges(earlier->input, s3, 2).size() == 2);
}

TEST_CASE("buffers: holding register tensors bounds each value's copies, a Pipe_ carrying it or not", "[buffers]") {
  // %u is read by %w in its own stage: no Pipe_ carries it, so it is no buffer of the plan, yet a
  // schedule that moved %w a stage later would make it keep a copy; %s is read 20 cycles on (two
  // copies). II 16.
  auto a = assign(R"(
tt.func @f(%x: tensor<128x128xf32>, %init: tensor<128x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x128xf32>) {
    %s = arith.addf %acc, %x [[0 0 0]] : tensor<128x128xf32>
    %u = arith.mulf %x, %x [[0 1 4]] : tensor<128x128xf32>
    %w = arith.mulf %u, %x [[0 2 9]] : tensor<128x128xf32>
    %v = arith.mulf %s, %x [[1 0 20]] : tensor<128x128xf32>
    scf.yield %s : tensor<128x128xf32>
  } {nv_tile.aws.ii = 16 : i32}
  tt.return
}
)");
  for (const Buffer &b : a->buffers.buffers) CHECK(b.value != "%u");
  const std::vector<DepEdge> held = registerHoldEdges(a->input);
  auto edge = [&](const std::string &src, const std::string &dst) {
    return std::find_if(held.begin(), held.end(),
                        [&](const DepEdge &e) { return e.src == a->block->node(src) && e.dst == a->block->node(dst); });
  };
  REQUIRE(edge("%w", "%u") != held.end());
  CHECK(edge("%w", "%u")->distance == 1);  // one copy: cycle(%u) + II >= cycle(%w) + 1
  REQUIRE(edge("%v", "%s") != held.end());
  CHECK(edge("%v", "%s")->distance == 2);  // its two copies
  // The schedule they were read from meets every one of them.
  for (const DepEdge &e : held) {
    CHECK(e.kind == EdgeKind::Lifetime);
    CHECK(a->block->analysis.ops[e.dst].cycle + 16 * e.distance >= a->block->analysis.ops[e.src].cycle + e.latency);
  }
}

TEST_CASE("buffers: allocations before the loop are live throughout, an indexed one is a ring", "[buffers]") {
  auto a = assign(R"(
#smem = #ttg.shared_memory
func.func @f(%n: index, %desc: !tt.tensordesc<tensor<128x64xf16>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ring = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #smem, mutable>
  %one = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #smem, mutable>
  %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #ttng.tensor_memory, mutable>
  scf.for %k = %c0 to %n step %c1 {
    %buf = ttg.memdesc_index %ring[%k] [[0 0 0]] : !ttg.memdesc<3x128x64xf16, #smem, mutable> -> !ttg.memdesc<128x64xf16, #smem, mutable>
    %x = ttg.local_load %buf [[0 1 1]] : !ttg.memdesc<128x64xf16, #smem, mutable> -> tensor<128x64xf16>
    %y = ttg.local_load %one [[0 2 8]] : !ttg.memdesc<64x64xf32, #smem, mutable> -> tensor<64x64xf32>
    %z = ttng.tmem_load %t [[0 3 15]] : !ttg.memdesc<128x128xf32, #ttng.tensor_memory, mutable> -> tensor<128x128xf32>
    scf.yield
  } {nv_tile.aws.ii = 22 : i32}
  return
}
)");
  REQUIRE(a->buffers.buffers.size() == 3);
  const Buffer &ring = a->buffer("%ring");
  CHECK(ring.kind == Buffer::Kind::Allocation);
  CHECK(ring.wholeLoop);
  CHECK(ring.slots == 3);
  CHECK(ring.bytesPerSlot == 16384);
  CHECK(a->buffer("%one").slots == 1);
  CHECK(a->buffer("%one").bytes == 16384);
  CHECK(a->buffer("%t").space == BufferSpace::Tmem);
  CHECK(a->buffer("%t").bytes == 65536);
  CHECK(a->buffers.memory.smemBytes == 65536);
  // Fixed allocations never shrink: the least bytes any schedule needs is all of them.
  CHECK(leastBytes(a->buffers, BufferSpace::Smem) == 65536);
}

TEST_CASE("estimate: MMA FLOPs are 2*M*N*K from the operand types, unknown when K differs", "[buffers]") {
  auto parsed = parseBlocks(R"(
func.func @f(%a: tensor<2x128x64xbf16>, %b: tensor<2x64x256xbf16>, %c: tensor<128x32xf16>, %d: tensor<64x128xf16>) {
  %x = nv_tileas.dot %a, %b : tensor<2x128x256xf32>
  %y = nv_tileas.dot %c, %d : tensor<128x128xf32>
  return
}
)");
  REQUIRE(parsed->blocks.size() == 1);
  const TypeAliases aliases(*parsed->module);
  std::string element;
  CHECK(mmaFlops(*parsed->blocks[0].ops[0], aliases, &element) == int64_t{2} * 2 * 128 * 256 * 64);
  CHECK(element == "bf16");
  CHECK_FALSE(mmaFlops(*parsed->blocks[0].ops[1], aliases));  // K 32 against 64
  CHECK(bytesText(16384) == "16 KiB");
  CHECK(bytesText(1 << 20) == "1 MiB");
  CHECK(bytesText(232448) == "227 KiB");
  CHECK(bytesText(1000) == "1000 B");
  CHECK(thousandthsText(5) == "0.005");
  CHECK(thousandthsText(-1500) == "-1.500");
}
