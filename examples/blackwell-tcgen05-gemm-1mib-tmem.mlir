// The Blackwell GEMM main loop of blackwell-tcgen05-gemm.mlir with a 512x512 f32 accumulator in
// tensor memory: 1 MiB, four times the 256 KiB of TMEM an SM has (128 lanes x 512 columns of
// 32 bits), beside a 64 KiB copy of the A tile. No schedule fits: buffer assignment stops the loop
// with a located error naming the tensor-memory buffers and their bytes.
// Run: tilesched examples/blackwell-tcgen05-gemm-1mib-tmem.mlir
!a_desc = !nv_tileas.tma_desc<512x64xbf16>
!b_desc = !nv_tileas.tma_desc<64x512xbf16>
module {
  func.func @blackwell_gemm_1mib_tmem(%A: !a_desc, %B: !b_desc, %K: index, %acc0: !nv_tileas.tmem<512x512xf32>,
                            %bar: !nv_tileas.mbarrier) -> !nv_tileas.tmem<512x512xf32> {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %acc_out = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0) -> (!nv_tileas.tmem<512x512xf32>) {
      %ta = nv_tileas.async.tiled_tma_load %A[%k], %bar : !nv_tileas.AsyncToken
      %tb = nv_tileas.async.tiled_tma_load %B[%k], %bar : !nv_tileas.AsyncToken
      %sa = nv_tileas.async.wait %ta : tensor<512x64xbf16>
      %sb = nv_tileas.async.wait %tb : tensor<64x512xbf16>
      %ta_tmem = nv_tileas.async.copy %sa {sched.latency = 7 : i32, sched.footprint = [["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"]]} : !nv_tileas.tmem<512x64xbf16>
      %acc_n = nv_tileas.async.dot %ta_tmem, %sb, %acc : !nv_tileas.tmem<512x512xf32>
      %mma_done = nv_tileas.async.wait %acc_n : !nv_tileas.tmem<512x512xf32>
      scf.yield %mma_done : !nv_tileas.tmem<512x512xf32>
    }
    return %acc_out : !nv_tileas.tmem<512x512xf32>
  }
}
