// An accumulator carried in registers through TMEM (docs/decisions.md, "Accumulators in tensor
// memory"). Triton's Blackwell pipeline hoists the `ttng.tmem_alloc` of the carried value out of
// the loop and sinks the `ttng.tmem_load` that feeds `scf.yield` after it, so the MMA accumulates
// in place: both ops cost nothing per iteration, the recurrence is the MMA's own latency, and the
// loads run two stages ahead of the MMA (Triton's pipelining). When the loaded accumulator has another use in the loop
// (@acc_read_in_loop) or the allocation has no token (@no_token), the pass leaves them in the loop.
// RUN: %tilesched %s --emit=table 2>&1 | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  // CHECK-LABEL: block @kept_in_tmem
  // CHECK-SAME: II 16, 4 stages
  // CHECK-NEXT: MII 16 = max(resource 16 [tma], recurrence 8,
  // CHECK: buffers: {{.*}}%c_tmem tmem 64 KiB,
  // CHECK: 0 {{.*}} %a = tt.descriptor_load
  // CHECK: 0 {{.*}} %b = tt.descriptor_load
  // CHECK: {{ 0 +}}%c_tmem = ttng.tmem_alloc {{.*}} -
  // CHECK: 3 {{.*}} %mma_tok = ttng.tc_gen5_mma
  // CHECK: {{ 0 +}}%c = ttng.tmem_load {{.*}} -
  tt.func @kept_in_tmem(%a_desc: !tt.tensordesc<128x64xf16>, %b_desc: !tt.tensordesc<64x128xf16>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %n = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
    scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
      %a = tt.descriptor_load %a_desc[%c0_i32, %k] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
      %b = tt.descriptor_load %b_desc[%k, %c0_i32] : !tt.tensordesc<64x128xf16> -> tensor<64x128xf16, #blocked>
      %a_shared = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b_shared = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %c_tmem, %c_tok = ttng.tmem_alloc %acc : (tensor<128x128xf32, #acc>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mma_tok = ttng.tc_gen5_mma %a_shared, %b_shared, %c_tmem[%c_tok], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %c, %load_tok = ttng.tmem_load %c_tmem[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #acc>
      scf.yield %c : tensor<128x128xf32, #acc>
    }
    tt.return
  }

  // CHECK-LABEL: block @acc_read_in_loop
  // CHECK-NEXT: MII 22 = max(resource 16 [tma], recurrence 22,
  // CHECK: %c_tmem = ttng.tmem_alloc {{.*}} tp_tmem_wr
  // CHECK: %c = ttng.tmem_load {{.*}} tp_tmem_rd
  tt.func @acc_read_in_loop(%a_desc: !tt.tensordesc<128x64xf16>, %b_desc: !tt.tensordesc<64x128xf16>, %out: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %n = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
    scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
      %a = tt.descriptor_load %a_desc[%c0_i32, %k] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
      %b = tt.descriptor_load %b_desc[%k, %c0_i32] : !tt.tensordesc<64x128xf16> -> tensor<64x128xf16, #blocked>
      %a_shared = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b_shared = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %c_tmem, %c_tok = ttng.tmem_alloc %acc : (tensor<128x128xf32, #acc>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mma_tok = ttng.tc_gen5_mma %a_shared, %b_shared, %c_tmem[%c_tok], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %c, %load_tok = ttng.tmem_load %c_tmem[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #acc>
      %s = "tt.reduce"(%c) ({
      ^bb0(%x: f32, %y: f32):
        %m = arith.maxnumf %x, %y : f32
        tt.reduce.return %m : f32
      }) {axis = 1 : i32} : (tensor<128x128xf32, #acc>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #acc}>>
      scf.yield %c : tensor<128x128xf32, #acc>
    }
    tt.return
  }

  // CHECK-LABEL: block @no_token
  // CHECK-NEXT: MII 22 = max(resource 16 [tma], recurrence 22,
  // CHECK: %c_tmem = ttng.tmem_alloc {{.*}} tp_tmem_wr
  // The notes (after the tables) name the two ops of @kept_in_tmem only.
  // CHECK: tmem-accumulator.mlir:34:{{[0-9]+}}: note: the accumulator stays in tensor memory across iterations
  // CHECK-NEXT: tmem-accumulator.mlir:36:{{[0-9]+}}: note: the accumulator stays in tensor memory across iterations
  // CHECK-NOT: note: the accumulator stays
  tt.func @no_token(%a_desc: !tt.tensordesc<128x64xf16>, %b_desc: !tt.tensordesc<64x128xf16>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %n = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
    scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
      %a = tt.descriptor_load %a_desc[%c0_i32, %k] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
      %b = tt.descriptor_load %b_desc[%k, %c0_i32] : !tt.tensordesc<64x128xf16> -> tensor<64x128xf16, #blocked>
      %a_shared = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b_shared = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %c_tmem = ttng.tmem_alloc %acc : (tensor<128x128xf32, #acc>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      ttng.tc_gen5_mma %a_shared, %b_shared, %c_tmem, %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %c = ttng.tmem_load %c_tmem : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #acc>
      scf.yield %c : tensor<128x128xf32, #acc>
    }
    tt.return
  }
}
