// Persistent Hopper (sm_90) GEMM in TritonGPU IR: each program walks output tiles with a stride
// of the SM count (the outer loop); per tile, the K loop fills a three-slot shared-memory ring by
// TMA and runs asynchronous WGMMA into the register accumulator (the inner loop, its ring slot
// and barrier phase carried across tiles), then the epilogue converts the accumulator and stores
// the tile by TMA. The inner loop is scheduled first and appears in the outer loop as one op
// costed by its own schedule; its trip count is not a constant, so the cost assumes as many
// iterations as it has stages, and the outer loop overlaps a tile's epilogue with the next
// tile's K loop where the units allow.
// Run: tilesched examples/triton-persistent-gemm.mlir --generator=cost-based
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @persistent_gemm(%a_desc: !tt.tensordesc<128x64xf16, #nvmma>,
                                  %b_desc: !tt.tensordesc<64x128xf16, #nvmma>,
                                  %c_desc: !tt.tensordesc<128x128xf16, #nvmma>,
                                  %num_tiles: i32, %tiles_n: i32, %k_tiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c132 = arith.constant 132 : i32
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pid = tt.get_program_id x : i32
    %a_ring = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable>
    %b_ring = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #bar, #smem, mutable>
    %fin:2 = scf.for %tile = %pid to %num_tiles step %c132
        iter_args(%slot0 = %c0, %phase0 = %c0) -> (i32, i32) : i32 {
      %tm = arith.divsi %tile, %tiles_n : i32
      %tn = arith.remsi %tile, %tiles_n : i32
      %m = arith.muli %tm, %c128 : i32
      %n = arith.muli %tn, %c128 : i32
      %res:3 = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%acc = %zero, %slot = %slot0, %phase = %phase0)
          -> (tensor<128x128xf32, #mma>, i32, i32) : i32 {
        %off = arith.muli %k, %c64 : i32
        %bar_k = ttg.memdesc_index %bars[%slot] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %a_buf = ttg.memdesc_index %a_ring[%slot] : !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
        %b_buf = ttg.memdesc_index %b_ring[%slot] : !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
        ttng.barrier_expect %bar_k, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        ttng.async_tma_copy_global_to_local %a_desc[%m, %off] %a_buf, %bar_k, %true
            : !tt.tensordesc<128x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
            -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
        ttng.async_tma_copy_global_to_local %b_desc[%off, %n] %b_buf, %bar_k, %true
            : !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
            -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
        ttng.wait_barrier %bar_k, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %d = ttng.warp_group_dot %a_buf, %b_buf, %acc {inputPrecision = 0 : i32, isAsync = true}
            : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable> * !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
            -> tensor<128x128xf32, #mma>
        %done = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
        %next = arith.addi %slot, %c1 : i32
        %wrap = arith.cmpi eq, %next, %c3 : i32
        %slot_n = arith.select %wrap, %c0, %next : i32
        %flip = arith.xori %phase, %c1 : i32
        %phase_n = arith.select %wrap, %flip, %phase : i32
        scf.yield %done, %slot_n, %phase_n : tensor<128x128xf32, #mma>, i32, i32
      }
      %c16 = arith.truncf %res#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      tt.descriptor_store %c_desc[%m, %n], %c16 : !tt.tensordesc<128x128xf16, #nvmma>, tensor<128x128xf16, #mma>
      scf.yield %res#1, %res#2 : i32, i32
    }
    tt.return
  }
}
