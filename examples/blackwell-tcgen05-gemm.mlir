// Blackwell (sm_100) GEMM main loop in custom form: TMA brings A and B tiles into shared
// memory, a copy moves the A tile from SMEM into tensor memory (the tcgen05.cp path,
// tp_tmem_wr), and the MMA accumulates in TMEM. In the Blackwell model, TMA (8) + SMEM->TMEM
// copy (7) + tcgen05.mma (8) needs two stages. The copy spells its footprint out with sched.*
// overrides (cp.async.tcgen05 holds tp_tmem_wr for 7 cycles).
!desc = !nv_tileas.tma_desc<128x64xbf16>
module {
  func.func @blackwell_gemm(%A: !desc, %B: !desc, %K: index, %acc0: !nv_tileas.tmem<128x256xf32>,
                            %bar: !nv_tileas.mbarrier) -> !nv_tileas.tmem<128x256xf32> {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %acc_out = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0) -> (!nv_tileas.tmem<128x256xf32>) {
      %ta = nv_tileas.async.tiled_tma_load %A[%k], %bar : !nv_tileas.AsyncToken
      %tb = nv_tileas.async.tiled_tma_load %B[%k], %bar : !nv_tileas.AsyncToken
      %sa = nv_tileas.async.wait %ta : tensor<128x64xbf16>
      %sb = nv_tileas.async.wait %tb : tensor<64x256xbf16>
      %ta_tmem = nv_tileas.async.copy %sa {sched.latency = 7 : i32, sched.footprint = [["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"]]} : !nv_tileas.tmem<128x64xbf16>
      %acc_n = nv_tileas.async.dot %ta_tmem, %sb, %acc : !nv_tileas.tmem<128x256xf32>
      %mma_done = nv_tileas.async.wait %acc_n : !nv_tileas.tmem<128x256xf32>
      scf.yield %mma_done : !nv_tileas.tmem<128x256xf32>
    }
    return %acc_out : !nv_tileas.tmem<128x256xf32>
  }
}
