// The seeds' worked example through the serial generator (seed 000): program order, stage 0,
// each op after the previous footprint, II = one non-overlapped iteration.
// RUN: %tilesched %root/examples/seed-worked-example.mlir --generator=serial | FileCheck %s
// CHECK: block @seed_example/scf.for %k (line 15): serial, scheduled, II 30, 1 stage
// CHECK-NEXT: serial: the serial generator was requested; for a modulo schedule: --generator=cost-based
// CHECK-NEXT: memory: SMEM 32 KiB of 227 KiB, TMEM 64 KiB of 256 KiB
// CHECK-NEXT: buffers: %2 tmem 64 KiB, %0 smem 16 KiB, %1 smem 16 KiB
// CHECK-NEXT: estimate (the model's): 30 cycles = 16.129 ns per iteration, MMA shapes unknown; bound: serial execution: each iteration's ops run one after another
// CHECK-NEXT: stage  order  cycle  lat  op                                   line  footprint
// CHECK-NEXT:     0      0      0    8  %0 = nv_tileas.async.tiled_tma_load    16  tma+tp_smem_wr x8
// CHECK-NEXT:     0      1      8    7  %1 = nv_tileas.async.smem_write        17  tp_smem_wr x7
// CHECK-NEXT:     0      2     15    8  %2 = nv_tileas.async.wgmma             18  tc_and_mma+tp_mma+tmem_banks x8
// CHECK-NEXT:     0      3     23    7  %3 = nv_tileas.async.smem_read         19  tp_smem_rd x7
