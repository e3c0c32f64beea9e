// The built-in models (core/target/models/*.json, embedded at build time): they load cleanly,
// are in canonical form, and carry the slot table and footprints of the facts sheet.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "target/TargetModel.h"

using namespace tilesched;

namespace {

std::string modelFile(const std::string &name) {
  std::ifstream in(std::string(TILESCHED_SOURCE_DIR) + "/core/target/models/" + name + ".json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> names(const TargetModel &m, const FootprintRow &row) {
  std::vector<std::string> out;
  for (int r : row) out.push_back(m.resources[size_t(r)].name);
  return out;
}

// Checks that `op` holds `row` (by names) in each of `cycles` cycles, and nothing else.
void checkUniformFootprint(const TargetModel &m, const char *op, int latency, int cycles,
                           const std::vector<std::string> &row) {
  INFO(op);
  const OpModel *o = m.lookup(op);
  REQUIRE(o);
  CHECK(o->latency == latency);
  REQUIRE(o->footprint.size() == size_t(cycles));
  for (const FootprintRow &r : o->footprint) CHECK(names(m, r) == row);
}

// `measured` keeps `base`'s costs for `ops` (what no measurement or source priced) and its resources.
void checkKeepsBaseCosts(const TargetModel &measured, const TargetModel &base,
                         std::initializer_list<const char *> ops) {
  for (const char *op : ops) {
    INFO(measured.name << ": " << op);
    CHECK(measured.lookup(op)->latency == base.lookup(op)->latency);
    CHECK(measured.lookup(op)->footprint == base.lookup(op)->footprint);
    CHECK_FALSE(measured.lookup(op)->shapeCost);
  }
  CHECK(measured.resources.size() == base.resources.size());
}

}  // namespace

TEST_CASE("built-in models: in file-name order (EmbedModels.cmake), other names unknown") {
  CHECK(builtinTargetModelNames() ==
        std::vector<std::string>{"blackwell-measured", "blackwell", "hopper-measured", "hopper"});
  CHECK_FALSE(builtinTargetModel("ampere"));
}

TEST_CASE("built-in models: files load without diagnostics and are in canonical form") {
  for (const std::string &name : builtinTargetModelNames()) {
    INFO(name);
    std::string text = modelFile(name);
    REQUIRE_FALSE(text.empty());
    DiagnosticEngine d;
    auto parsed = parseTargetModel(text, d);
    CHECK(d.all().empty());
    REQUIRE(parsed);
    auto builtin = builtinTargetModel(name);
    REQUIRE(builtin);
    CHECK(builtin->name == name);
    // The embedded copy is the file, and printing reproduces it byte for byte.
    CHECK(targetModelToJson(*builtin) == text);
  }
}

TEST_CASE("built-in models: blackwell has the 24 slot ids of the 15-slot page") {
  const std::vector<std::pair<const char *, const char *>> slots = {
      {"issue", "coarse"},      {"xu", "coarse"},
      {"xu64", "coarse"},       {"fp32x2_fp16ultra", "fine"},
      {"alu", "coarse"},        {"alu_or_fmaheavy", "fine"},
      {"dual_alu", "fine"},     {"lsu", "coarse"},
      {"tmem", "coarse"},       {"mma", "coarse"},
      {"tc_and_mma", "fine"},   {"tma", "coarse"},
      {"tp_gnic_rd", "fine"},   {"tp_gnic_wr", "fine"},
      {"tp_smem_rd", "fine"},   {"tp_smem_wr", "fine"},
      {"tp_tmem_rd", "fine"},   {"tp_tmem_wr", "fine"},
      {"tp_mma", "fine"},       {"unknown", "fine"},
      {"omitted_simt", "fine"}, {"test_simt", "fine"},
      {"test_mma", "fine"},     {"test_dma", "test"}};
  auto m = builtinTargetModel("blackwell");
  REQUIRE(m);
  int slotCount = 0;
  for (const Resource &r : m->resources) slotCount += r.isSlot;
  CHECK(slotCount == 24);
  for (int id = 1; id <= 24; ++id) {
    INFO("slot id " << id);
    int index = m->resourceIndex(slots[size_t(id - 1)].first);
    REQUIRE(index >= 0);
    const Resource &r = m->resources[size_t(index)];
    CHECK(r.isSlot);
    CHECK(r.capacity == 1);
    CHECK(r.slotId == id);
    CHECK(r.kind == slots[size_t(id - 1)].second);
  }
}

TEST_CASE("built-in models: blackwell pools are named, with the capacities of docs/decisions.md") {
  auto m = builtinTargetModel("blackwell");
  REQUIRE(m);
  std::vector<std::pair<std::string, int>> pools;
  for (const Resource &r : m->resources)
    if (!r.isSlot) pools.emplace_back(r.name, r.capacity);
  CHECK(pools ==
        std::vector<std::pair<std::string, int>>{
            {"tmem_banks", 4}, {"fma_issue", 4}, {"alu_issue", 3}, {"named_barriers", 3}, {"reg_bank_pairs", 2}});
  CHECK(m->resourceIndex("smem_bytes") == -1);
}

TEST_CASE("built-in models: the seeds' worked-example ops have the RCB footprints") {
  auto m = builtinTargetModel("blackwell");
  REQUIRE(m);
  checkUniformFootprint(*m, "nv_tileas.async.tiled_tma_load", 8, 8, {"tma", "tp_smem_wr"});
  checkUniformFootprint(*m, "nv_tileas.async.smem_write", 7, 7, {"tp_smem_wr"});
  checkUniformFootprint(*m, "nv_tileas.async.wgmma", 8, 8, {"tc_and_mma", "tp_mma", "tmem_banks"});
  checkUniformFootprint(*m, "nv_tileas.async.smem_read", 7, 7, {"tp_smem_rd"});
  checkUniformFootprint(*m, "nv_tileas.async.tcgen05_cp", 7, 7, {"tp_tmem_wr", "tmem_banks"});
  checkUniformFootprint(*m, "nv_tileas.async.tcgen05_ld", 7, 7, {"tp_tmem_rd", "tmem_banks"});
  checkUniformFootprint(*m, "arith.mulf", 4, 1, {"fma_issue"});
}

TEST_CASE("built-in models: traits drive the seed-000 region summary") {
  for (const std::string &name : builtinTargetModelNames()) {
    INFO(name);
    auto m = builtinTargetModel(name);
    REQUIRE(m);
    CHECK(m->lookup("nv_tileas.async.tiled_tma_load")->traits == TraitTma);
    CHECK(m->lookup("nv_tileas.async.gather_tma_load")->traits == TraitTma);
    CHECK(m->lookup("nv_tileas.async.tiled_tma_store")->traits == TraitTma);
    CHECK(m->lookup("nv_tileas.async.dot")->traits == TraitWgmma);
    CHECK(m->lookup("nv_tileas.dot")->traits == TraitWgmma);
    CHECK(m->lookup("nv_tileas.async.wgmma")->traits == TraitWgmma);
    CHECK(m->lookup("nv_tileas.async.pipeline.consumer_wait")->traits == TraitAsyncPipeline);
    CHECK(m->lookup("nv_tileas.async.pipeline.producer_acquire")->traits == TraitAsyncPipeline);
    CHECK(m->lookup("nv_tileas.async.copy")->traits == TraitNone);
    CHECK(m->lookup("nv_tileas.async.smem_write")->traits == TraitNone);
  }
}

TEST_CASE("built-in models: hopper has no tensor memory and wgmma keeps its accumulator in registers") {
  auto m = builtinTargetModel("hopper");
  REQUIRE(m);
  for (const char *tmem : {"tmem", "tp_tmem_rd", "tp_tmem_wr", "tmem_banks"}) CHECK(m->resourceIndex(tmem) == -1);
  for (const char *op : {"nv_tileas.async.tcgen05_mma", "nv_tileas.async.tcgen05_cp", "nv_tileas.async.tcgen05_st",
                         "nv_tileas.async.tcgen05_ld"}) {
    INFO(op);
    REQUIRE(m->lookup(op) != nullptr);  // listed as missing on this target, not silently unknown
    CHECK_FALSE(m->lookup(op)->unsupported.empty());
  }
  checkUniformFootprint(*m, "nv_tileas.async.dot", 8, 8, {"tc_and_mma", "tp_mma"});
  checkUniformFootprint(*m, "nv_tileas.async.tiled_tma_load", 8, 8, {"tma", "tp_smem_wr"});
  CHECK(m->resources[size_t(m->resourceIndex("tma"))].slotId == 12);
}

TEST_CASE("built-in models: hopper-measured has the H100's measured costs in SM cycles") {
  // bench/gpu/calibrate.py from bench/gpu/results/: the costs follow each op's shape; the entries'
  // own costs are the formulas' values for a 128x128x64 f16 matmul's tiles. A tile product runs at
  // the measured 4,031 FLOP/cycle (0.9841 of 4,096) plus the 52 cycles one wgmma's latency exceeds
  // its interval; a TMA tile lands after 332.1 + bytes / 112.4 cycles (the fit of the 4-32 KiB
  // L2-hit latencies) and streams at 37.9 B/cycle per SM, cp.async at 55, when every SM loads a
  // tiled matmul's shared tiles (gemm_load_rate at the reference tiles, 3 stages, 2 CTAs per SM).
  auto m = builtinTargetModel("hopper-measured");
  auto h = builtinTargetModel("hopper");
  REQUIRE(m);
  REQUIRE(h);
  checkUniformFootprint(*m, "nv_tileas.dot", 573, 521, {"tc_and_mma", "tp_mma"});
  checkUniformFootprint(*m, "ttng.warp_group_dot", 573, 521, {"tc_and_mma", "tp_mma"});
  checkUniformFootprint(*m, "tt.descriptor_load", 478, 433, {"tma", "tp_smem_wr"});
  checkUniformFootprint(*m, "ttg.async_copy_global_to_local", 460, 298, {"tp_gnic_rd"});
  checkUniformFootprint(*m, "tt.load", 460, 298, {"tp_gnic_rd"});
  checkUniformFootprint(*m, "ttg.local_alloc", 156, 133, {"tp_smem_wr"});
  checkUniformFootprint(*m, "ttg.local_load", 156, 133, {"tp_smem_rd"});
  CHECK(m->lookup("ttng.warp_group_dot")->shapeCost->rows->text() == "flops / (0.9841 * rate)");
  CHECK(m->lookup("tt.descriptor_load")->shapeCost->latency->text() == "332.1 + bytes / 112.4");
  CHECK(m->lookup("tt.load")->shapeCost->rows->text() == "bytes / 55");
  CHECK(m->lookup("ttg.local_load")->shapeCost->rows->text() == "bytes / 123.44");
  // What was not measured keeps hopper's costs.
  checkKeepsBaseCosts(
      *m, *h, {"arith.mulf", "math.exp2", "tt.reduce", "ttng.wait_barrier", "arith.addi", "ttg.convert_layout"});
}

TEST_CASE("built-in models: blackwell-measured has public B200 costs in SM cycles") {
  // Meta's Triton fork's modulo-scheduler latency model (docs/target-model.md, "blackwell-measured"):
  // a 16 KiB TMA load 460 + 6 per KiB, its engine held 6 cycles per KiB (at least 30); a 128x128x64
  // f16 tcgen05.mma 559 cycles, the tensor cores held flops / 8192; a 128x128 f32 tmem_load 532
  // cycles (256 held), a tmem_store 96 (48 held).
  auto m = builtinTargetModel("blackwell-measured");
  auto b = builtinTargetModel("blackwell");
  REQUIRE(m);
  REQUIRE(b);
  checkUniformFootprint(*m, "tt.descriptor_load", 556, 96, {"tma", "tp_smem_wr"});
  checkUniformFootprint(*m, "tt.descriptor_store", 962, 832, {"tma", "tp_smem_rd"});
  checkUniformFootprint(*m, "ttng.tc_gen5_mma", 559, 256, {"tc_and_mma", "tp_mma", "tmem_banks"});
  checkUniformFootprint(*m, "ttng.tmem_load", 532, 256, {"tp_tmem_rd", "tmem_banks"});
  checkUniformFootprint(*m, "ttng.tmem_store", 96, 48, {"tp_tmem_wr", "tmem_banks"});
  checkUniformFootprint(*m, "ttg.local_load", 128, 128, {"tp_smem_rd"});
  CHECK(m->lookup("ttng.tc_gen5_mma")->shapeCost->latency->text() == "max(30, flops / rate) + 303");
  CHECK(m->lookup("tt.load")->shapeCost->rows->text() == "max(30, 6 * bytes / 1024)");
  checkKeepsBaseCosts(
      *m, *b, {"arith.mulf", "math.exp2", "tt.reduce", "ttng.wait_barrier", "arith.addi", "ttg.convert_layout"});
  CHECK(m->machine.mmaRate("f16") == 8192);
}

namespace {

// `op` has `counterpart`'s latency, footprint and traits (docs/target-model.md, dialect op tables).
void checkCostsLike(const TargetModel &m, const char *op, const char *counterpart) {
  INFO(m.name << ": " << op << " like " << counterpart);
  const OpModel *o = m.lookup(op), *c = m.lookup(counterpart);
  REQUIRE(o);
  REQUIRE(c);
  CHECK(o->pattern == op);  // an entry of its own, not a prefix pattern
  CHECK(o->unsupported.empty());
  CHECK(o->latency == c->latency);
  CHECK(o->footprint == c->footprint);
  CHECK(o->traits == c->traits);
}

}  // namespace

TEST_CASE("built-in models: Triton and CUDA Tile ops cost what their nv_tileas counterparts cost") {
  const std::vector<std::pair<const char *, const char *>> both = {
      {"tt.descriptor_load", "nv_tileas.async.tiled_tma_load"},
      {"ttng.async_tma_copy_global_to_local", "nv_tileas.async.tiled_tma_load"},
      {"tt.descriptor_gather", "nv_tileas.async.gather_tma_load"},
      {"tt.descriptor_store", "nv_tileas.async.tiled_tma_store"},
      {"ttng.async_tma_copy_local_to_global", "nv_tileas.async.tiled_tma_store"},
      {"tt.descriptor_scatter", "nv_tileas.async.scatter_tma_store"},
      {"tt.dot", "nv_tileas.dot"},
      {"tt.dot_scaled", "nv_tileas.dot"},
      {"ttng.warp_group_dot", "nv_tileas.async.wgmma"},
      {"ttg.local_alloc", "nv_tileas.async.smem_write"},
      {"ttg.local_store", "nv_tileas.async.smem_write"},
      {"ttg.local_load", "nv_tileas.async.smem_read"},
      {"ttg.async_copy_global_to_local", "nv_tileas.async.copy"},
      {"ttg.async_wait", "nv_tileas.async.pipeline.consumer_wait"},
      {"ttng.wait_barrier", "nv_tileas.async.pipeline.consumer_wait"},
      {"ttng.arrive_barrier", "nv_tileas.async.pipeline.consumer_release"},
      {"tt.reduce", "nv_tileas.reduce"},
      {"tt.load", "nv_tileas.load"},
      {"tt.store", "nv_tileas.store"},
      {"tt.addptr", "arith.addi"},
      {"cuda_tile.load_view_tko", "nv_tileas.async.tiled_tma_load"},
      {"cuda_tile.store_view_tko", "nv_tileas.async.tiled_tma_store"},
      {"cuda_tile.load_ptr_tko", "nv_tileas.load"},
      {"cuda_tile.mmaf", "nv_tileas.dot"},
      {"cuda_tile.reduce", "nv_tileas.reduce"},
      {"cuda_tile.addf", "arith.addf"},
      {"cuda_tile.addi", "arith.addi"},
      {"cuda_tile.exp2", "math.exp2"}};
  for (const std::string &name : builtinTargetModelNames()) {
    auto m = builtinTargetModel(name);
    REQUIRE(m);
    for (const auto &[op, counterpart] : both) checkCostsLike(*m, op, counterpart);
  }
  auto b = builtinTargetModel("blackwell");
  REQUIRE(b);
  checkCostsLike(*b, "ttng.tc_gen5_mma", "nv_tileas.async.tcgen05_mma");
  checkCostsLike(*b, "ttng.tc_gen5_mma_scaled", "nv_tileas.async.tcgen05_mma");
  checkCostsLike(*b, "ttng.tmem_load", "nv_tileas.async.tcgen05_ld");
  checkCostsLike(*b, "ttng.tmem_store", "nv_tileas.async.tcgen05_st");
  checkCostsLike(*b, "ttng.tmem_copy", "nv_tileas.async.tcgen05_cp");
  checkUniformFootprint(*b, "ttng.wait_barrier_named", 1, 1, {"named_barriers"});
}

TEST_CASE("built-in models: Triton's memory effects and views, tcgen05 unsupported on hopper") {
  auto b = builtinTargetModel("blackwell"), h = builtinTargetModel("hopper");
  REQUIRE(b);
  REQUIRE(h);
  for (const TargetModel *m : {&*b, &*h}) {
    INFO(m->name);
    const OpEffects &copy = m->lookup("ttng.async_tma_copy_global_to_local")->effects;
    CHECK(copy.of(MemSpace::Global) == MemAccess::Read);
    CHECK(copy.of(MemSpace::Shared) == MemAccess::Write);
    CHECK(copy.of(MemSpace::Barrier) == MemAccess::Write);
    CHECK(m->lookup("ttng.wait_barrier")->effects.of(MemSpace::Barrier) == MemAccess::Wait);
    CHECK(m->lookup("ttng.arrive_barrier")->effects.of(MemSpace::Barrier) == MemAccess::Arrive);
    CHECK(m->lookup("ttng.fence_async_shared")->effects.of(MemSpace::Shared) == MemAccess::All);
    CHECK(m->lookup("ttg.async_wait")->effects.of(MemSpace::Shared) == MemAccess::All);
    CHECK(m->lookup("ttg.local_alloc")->effects.of(MemSpace::Shared) == MemAccess::Alloc);
    CHECK(m->lookup("ttg.memdesc_index")->view == ViewKind::Index);
    CHECK(m->lookup("ttg.memdesc_trans")->view == ViewKind::Alias);
    CHECK_FALSE(m->lookup("cuda_tile.load_view_tko")->effects.any());  // token-ordered
    // Register layout bookkeeping: an entry of its own, latency 1, no unit, no effect.
    for (const char *op : {"tt.splat", "tt.broadcast", "tt.expand_dims", "cuda_tile.reshape", "cuda_tile.int_to_ptr"}) {
      INFO(op);
      const OpModel *reg = m->lookup(op);
      REQUIRE(reg != nullptr);
      CHECK(reg->latency == 1);
      CHECK(reg->footprint.empty());
      CHECK_FALSE(reg->effects.any());
    }
    CHECK(m->lookup("math.ctlz") == nullptr);
  }
  for (const char *op : {"ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled", "ttng.tmem_alloc", "ttng.tmem_load",
                         "ttng.tmem_store", "ttng.tmem_copy", "ttng.tc_gen5_commit"}) {
    INFO(op);
    CHECK(b->lookup(op)->unsupported.empty());
    CHECK_FALSE(h->lookup(op)->unsupported.empty());
    CHECK(h->lookup(op)->effects.any());  // unsupported ops are still ordered by their effects
  }
}
