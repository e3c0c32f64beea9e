// The seeds' worked example through the serial generator (seed 000): program order, stage 0,
// each op after the previous footprint, II = one non-overlapped iteration.
// RUN: %tilesched %root/examples/seed-worked-example.mlir --generator=serial | FileCheck %s
// CHECK: block @seed_example/scf.for %k (line 15): serial, scheduled, II 30, 1 stage
// CHECK-NEXT: serial: the serial generator was requested; for a modulo schedule: --generator=cost-based
// The wgmma's operands %a, %b and accumulator %c are memory the caller allocated: counted, named.
// CHECK-NEXT: memory: SMEM 64 KiB of 227 KiB, TMEM 128 KiB of 256 KiB, registers about 20 per thread
// CHECK-NEXT: buffers: %c tmem 64 KiB, %2 tmem 64 KiB, %a smem 16 KiB, %b smem 16 KiB, %0 smem 16 KiB, %1 smem 16 KiB
// CHECK-NEXT: estimate on NVIDIA B200 (blackwell-measured data, 1860 MHz): {{.*}} ns per iteration ({{.*}} SM cycles); bound: latency: a load waited for in its own iteration; 2 CTA(s) per SM (limit: tensor memory (128 KiB per CTA, 128 KiB allocated))
// CHECK-NEXT: the II above is in the seed's cost units, not time
// CHECK-NEXT: 4 warps, about 20 registers per thread
// CHECK-NEXT: assumed: 4 warps per CTA (the IR states no ttg.num-warps)
// CHECK-NEXT: stage  order  cycle  lat  op                                   line  footprint
// CHECK-NEXT:     0      0      0    8  %0 = nv_tileas.async.tiled_tma_load    16  tma+tp_smem_wr x8
// CHECK-NEXT:     0      1      8    7  %1 = nv_tileas.async.smem_write        17  tp_smem_wr x7
// CHECK-NEXT:     0      2     15    8  %2 = nv_tileas.async.wgmma             18  tc_and_mma+tp_mma+tmem_banks x8
// CHECK-NEXT:     0      3     23    7  %3 = nv_tileas.async.smem_read         19  tp_smem_rd x7
