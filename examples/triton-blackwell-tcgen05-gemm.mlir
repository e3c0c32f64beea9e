// Blackwell (sm_100) GEMM main loop in TritonGPU IR: the accumulator lives in tensor memory
// (ttng.tmem_alloc before the loop, read back with ttng.tmem_load after it). Each iteration
// loads the A and B tiles with TMA into a two-slot shared-memory ring, waits for them, and issues
// a tcgen05 MMA that accumulates in place and signals its own mbarrier when done; the next load
// into that slot waits for the MMA that read it.
// Run: tilesched examples/triton-blackwell-tcgen05-gemm.mlir
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @blackwell_gemm(%a_desc: !tt.tensordesc<128x64xf16, #nvmma>,
                                 %b_desc: !tt.tensordesc<64x128xf16, #nvmma>,
                                 %k_tiles: i32, %m: i32, %n: i32) -> tensor<128x128xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %false = arith.constant false
    %acc_tm, %acc_tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %a_ring = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #nvmma, #smem, mutable>
    %b_ring = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #nvmma, #smem, mutable>
    %load_bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    %mma_bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    %res:4 = scf.for %k = %c0 to %k_tiles step %c1
        iter_args(%use_acc = %false, %tok = %acc_tok, %slot = %c0, %phase = %c0)
        -> (i1, !ttg.async.token, i32, i32) : i32 {
      %off = arith.muli %k, %c64 : i32
      %load_bar = ttg.memdesc_index %load_bars[%slot] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %mma_bar = ttg.memdesc_index %mma_bars[%slot] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %a_buf = ttg.memdesc_index %a_ring[%slot] : !ttg.memdesc<2x128x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
      %b_buf = ttg.memdesc_index %b_ring[%slot] : !ttg.memdesc<2x64x128xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
      ttng.wait_barrier %mma_bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.barrier_expect %load_bar, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.async_tma_copy_global_to_local %a_desc[%m, %off] %a_buf, %load_bar, %true
          : !tt.tensordesc<128x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
      ttng.async_tma_copy_global_to_local %b_desc[%off, %n] %b_buf, %load_bar, %true
          : !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
      ttng.wait_barrier %load_bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %mma_tok = ttng.tc_gen5_mma %a_buf, %b_buf, %acc_tm[%tok], %use_acc, %true, %mma_bar[%true] {is_async} :
          !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>,
          !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>,
          !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
          !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %next = arith.addi %slot, %c1 : i32
      %wrap = arith.cmpi eq, %next, %c2 : i32
      %slot_n = arith.select %wrap, %c0, %next : i32
      %flip = arith.xori %phase, %c1 : i32
      %phase_n = arith.select %wrap, %flip, %phase : i32
      scf.yield %true, %mma_tok, %slot_n, %phase_n : i1, !ttg.async.token, i32, i32
    }
    %out, %out_tok = ttng.tmem_load %acc_tm[%res#1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return %out : tensor<128x128xf32, #blocked>
  }
}
