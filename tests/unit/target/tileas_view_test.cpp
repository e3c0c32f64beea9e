// A block as TileAS would see it (target/TileASView): each Triton or CUDA Tile op counts as the
// nv_tileas ops its model entry says it lowers to, a global load that feeds an MMA as the async
// pipeline Triton's pipeliner (or tileiras) makes of it, and nv_tileas ops one for one. A copy in a
// produce / consume pipeline is seven ops: the copy, acquire, commit, wait, read, release and the
// iterator advance (facts §6.1, §6.3).
#include <catch2/catch.hpp>

#include "TestSupport.h"
#include "target/TileASView.h"

using namespace tilesched;

namespace {

TileASView viewOf(std::string_view src, const char *model = "blackwell") {
  auto parsed = test::parseBlocks(src);
  INFO(test::diagText(parsed->diags));
  REQUIRE_FALSE(parsed->diags.hasErrors());
  REQUIRE_FALSE(parsed->blocks.empty());
  auto m = builtinTargetModel(model);
  REQUIRE(m);
  return tileASView(parsed->blocks[0].ops, *m);
}

}  // namespace

TEST_CASE("TileAS view: a TMA load is a copy in a produce / consume pipeline, an MMA its commit and wait") {
  const char *gemm = R"(tt.func @f(%d: !tt.tensordesc<tensor<64x64xf16>>, %lb: i32, %ub: i32, %acc: tensor<64x64xf32>) {
  scf.for %k = %lb to %ub step %lb : i32 {
    %a = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    %s = ttg.local_alloc %a : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>
    %c = tt.dot %a, %a, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  }
  tt.return
})";
  TileASView b = viewOf(gemm, "blackwell");
  CHECK(b.opCount == 7 + 1 + 3);  // tcgen05 MMA, commit, wait
  CHECK(b.traits == (TraitTma | TraitWgmma | TraitAsyncPipeline));
  TileASView h = viewOf(gemm, "hopper");
  CHECK(h.opCount == 7 + 1 + 2);  // wgmma and its wait
  CHECK(h.traits == (TraitTma | TraitWgmma | TraitAsyncPipeline));
}

TEST_CASE("TileAS view: a global load feeding an MMA is an async pipeline, others a load") {
  const char *loop = R"(tt.func @f(%p: tensor<64x64x!tt.ptr<f16>>, %lb: i32, %ub: i32, %acc: tensor<64x64xf32>) {
  scf.for %k = %lb to %ub step %lb : i32 {
    %a = tt.load %p : tensor<64x64x!tt.ptr<f16>>
    %ac = ttg.convert_layout %a : tensor<64x64xf16> -> tensor<64x64xf16>
    %b = tt.load %p : tensor<64x64x!tt.ptr<f16>>
    %bs = ttg.local_alloc %b : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>
    %bt = ttg.memdesc_trans %bs {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory> -> !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>
    %c = ttng.warp_group_dot %ac, %bt, %acc : tensor<64x64xf16> * !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory> -> tensor<64x64xf32>
    %e = tt.load %p : tensor<64x64x!tt.ptr<f16>>
    %f = arith.addf %e, %e : tensor<64x64xf16>
  }
  tt.return
})";
  TileASView v = viewOf(loop);
  // %a and %b: the async copy's pipeline (copy, acquire, commit, wait, read, release, inc_iter:
  // 7 each); %e feeds no MMA: one load; the rest one each.
  CHECK(v.opCount == 7 + 1 + 7 + 1 + 1 + 1 + 1 + 1);
  CHECK(v.traits == (TraitWgmma | TraitAsyncPipeline));

  const char *noMma = R"(tt.func @f(%p: tensor<64x!tt.ptr<f16>>, %lb: i32, %ub: i32) {
  scf.for %k = %lb to %ub step %lb : i32 {
    %e = tt.load %p : tensor<64x!tt.ptr<f16>>
    %c = ttg.convert_layout %e : tensor<64xf16> -> tensor<64xf16>
    %f = arith.addf %c, %c : tensor<64xf16>
  }
  tt.return
})";
  TileASView plain = viewOf(noMma);
  CHECK(plain.opCount == 3);
  CHECK(plain.traits == TraitNone);
}

TEST_CASE("TileAS view: nv_tileas, unknown and unsupported ops count one for one") {
  TileASView v = viewOf(R"(func.func @f(%d: index, %n: index) {
  scf.for %i = %d to %n step %d {
    %a = nv_tileas.async.tiled_tma_load %d : i32
    %b = nv_tileas.dot %a, %a : i32
    %c = my.op %b : i32
  }
  return
})");
  CHECK(v.opCount == 3);
  CHECK(v.traits == (TraitTma | TraitWgmma));
  TileASView h = viewOf(
      R"(tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %acc: !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>, %t: i1, %lb: i32) {
  scf.for %k = %lb to %lb step %lb : i32 {
    ttng.tc_gen5_mma %a, %a, %acc, %t, %t : !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
  }
  tt.return
})",
      "hopper");
  CHECK(h.opCount == 1);
  CHECK(h.traits == TraitNone);  // unsupported on sm_90: no trait, as its resources have none
}

TEST_CASE("TileAS view: a region op adds the lowered traits of its regions") {
  TileASView v = viewOf(R"(tt.func @f(%d: !tt.tensordesc<tensor<64x64xf16>>, %lb: i32, %c: i1) {
  scf.for %k = %lb to %lb step %lb : i32 {
    %r = scf.if %c -> (tensor<64x64xf16>) {
      %a = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      scf.yield %a : tensor<64x64xf16>
    } else {
      %a = tt.descriptor_load %d[%k, %lb] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      scf.yield %a : tensor<64x64xf16>
    }
  }
  tt.return
})");
  CHECK(v.opCount == 1);
  CHECK(v.traits == (TraitTma | TraitAsyncPipeline));
}

TEST_CASE("TileAS view: the front end's decisions come first: Triton's pipelining, ops moved out of the loop") {
  const char *loop = R"(tt.func @f(%p: tensor<64x64x!tt.ptr<f16>>, %lb: i32, %ub: i32, %acc: tensor<64x64xf32>) {
  scf.for %k = %lb to %ub step %lb : i32 {
    %a = tt.load %p : tensor<64x64x!tt.ptr<f16>>
    %e = tt.load %p : tensor<64x64x!tt.ptr<f16>>
    %c = ttng.warp_group_dot %a, %a, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  }
  tt.return
})";
  auto parsed = test::parseBlocks(loop);
  REQUIRE_FALSE(parsed->diags.hasErrors());
  auto m = builtinTargetModel("hopper");
  const auto &ops = parsed->blocks[0].ops;
  const TileASView own = tileASView(ops, *m);
  CHECK(own.pipelined == std::vector<bool>{true, false, false});  // %a feeds the MMA
  // Triton keeps %a synchronous (its users share its stage) and pipelines %e; the MMA was moved out.
  const TileASView decided = tileASView(ops, *m, {{false, false, true}, {0, 2, -1}});
  CHECK(decided.pipelined == std::vector<bool>{false, true, false});
  CHECK(decided.opCount == 1 + 7);
  CHECK(decided.traits == TraitAsyncPipeline);
}
