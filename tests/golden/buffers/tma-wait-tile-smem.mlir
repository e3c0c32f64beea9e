// The tile a TMA copy writes is in SMEM until its last reader: the wait on the copy's token gives
// that tile (nv_tileas.async.wait), not a new value for TMEM. Two 128x128 f32 tiles feeding an
// MMA: 128 KiB of SMEM, TMEM only for the accumulator, and no memory round changes the schedule.
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: block @f/scf.for %k (line {{[0-9]+}}): cost-based, scheduled, II 16, 2 stages
// CHECK: memory: SMEM 128 KiB of 227 KiB, TMEM 64 KiB of 256 KiB
// CHECK-NEXT: buffers: %ta smem 64 KiB, %tb smem 64 KiB, %w tmem 64 KiB
// CHECK-NOT: memory round
func.func @f(%A: !nv_tileas.tma_desc<128x128xf32>, %B: !nv_tileas.tma_desc<128x128xf32>, %n: index, %acc0: tensor<128x128xf32>, %bar: !nv_tileas.mbarrier) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32>) {
    %ta = nv_tileas.async.tiled_tma_load %A[%k], %bar : !nv_tileas.AsyncToken
    %tb = nv_tileas.async.tiled_tma_load %B[%k], %bar : !nv_tileas.AsyncToken
    %sa = nv_tileas.async.wait %ta : tensor<128x128xf32>
    %sb = nv_tileas.async.wait %tb : tensor<128x128xf32>
    %d = nv_tileas.async.dot %sa, %sb, %acc : tensor<128x128xf32>
    %w = nv_tileas.async.wait %d : tensor<128x128xf32>
    scf.yield %w : tensor<128x128xf32>
  }
  return %r : tensor<128x128xf32>
}
