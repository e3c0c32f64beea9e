// Triton's warp-specialization ops are modelled (docs/target-model.md, the op table): an aref's
// enter is its mbarrier wait, its exit the arrive, nvws.descriptor_load the TMA copy into the
// aref's buffer, ttng.two_cta_peer_gather a shared-memory write then read. A tt.call of a
// function this module only declares (no body to cost) and an scf.while nested in the loop (its
// trip count is unknown) are scheduled on a guess that a warning states, never silently.
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @aref_loop(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32, %lim: i32,
                     %t: tensor<128x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b, %tok = nvws.aref.put.enter %aref[%c0, %c0] : <[!ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.async.token
      nvws.descriptor_load %desc[%i, %c0] 16384 %b : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      nvws.aref.put.exit %aref[%c0], %tok [#nvws.async_op<tma_load>] : <[!ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>]>, !ttg.async.token
      %g, %gtok = nvws.aref.get.enter %aref[%c0, %c0] : <[!ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.async.token
      %v = ttg.local_load %g : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
      nvws.aref.get.exit %aref[%c0], %gtok [#nvws.async_op<none>] : <[!ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>]>, !ttg.async.token
      %p = ttng.two_cta_peer_gather %v split_dim = 0 num_ctas = 2 : tensor<128x64xf16, #blocked>
      %w = scf.while (%k = %i) : (i32) -> i32 {
        %more = arith.cmpi slt, %k, %lim : i32
        scf.condition(%more) %k : i32
      } do {
      ^bb0(%m: i32):
        %m1 = arith.addi %m, %c1 : i32
        scf.yield %m1 : i32
      }
      tt.call @consume(%p, %w) : (tensor<128x64xf16, #blocked>, i32) -> ()
    }
    tt.return
  }
  tt.func private @consume(%x: tensor<128x64xf16, #blocked>, %k: i32)
}
// CHECK: block @aref_loop/scf.for %i (line 18)
// CHECK-DAG: %b = nvws.aref.put.enter {{.*}} -
// CHECK-DAG: nvws.descriptor_load@20 {{.*}} tma+tp_smem_wr x8
// CHECK-DAG: nvws.aref.put.exit@21 {{.*}} -
// CHECK-DAG: %v = ttg.local_load {{.*}} tp_smem_rd x7
// CHECK-DAG: %p = ttng.two_cta_peer_gather {{.*}} tp_smem_wr x7, tp_smem_rd x7
// CHECK-DAG: %w = scf.while {{.*}} alu_issue x2
// CHECK-DAG: nvws-ops.mlir:26:12: warning: 'scf.while' repeats its regions an unknown number of times; it is costed as one pass through them (latency 4), a guess
// CHECK-DAG: nvws-ops.mlir:34:7: warning: 'tt.call' calls @consume, which this module only declares (no body to cost); it is scheduled as an unknown op (latency 1, no resources), a guess

// HOPPER: nvws.descriptor_load@20 {{.*}} tma+tp_smem_wr x8
