// Seven ops, below the serial threshold: one stage; the TMEM accumulator carried by the loop is
// the only value that needs a Pipe_ (tile flavour: its payload is shaped).
// RUN: %tilesched %root/examples/blackwell-tcgen05-gemm.mlir --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/blackwell-tcgen05-gemm.mlir --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// CHECK-LABEL: %acc_out = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0) -> (!nv_tileas.tmem<128x256xf32>) {
// CHECK-NEXT: %ta = nv_tileas.async.tiled_tma_load %A[%k], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !nv_tileas.AsyncToken
// CHECK-NEXT: %tb = nv_tileas.async.tiled_tma_load %B[%k], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : !nv_tileas.AsyncToken
// CHECK-NEXT: %sa = nv_tileas.async.wait %ta {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 16 : i32} : tensor<128x64xbf16>
// CHECK-NEXT: %sb = nv_tileas.async.wait %tb {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : tensor<64x256xbf16>
// CHECK-NEXT: %ta_tmem = nv_tileas.async.copy %sa {sched.latency = 7 : i32, sched.footprint = {{\[\[}}"tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"], ["tp_tmem_wr"]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 18 : i32} : !nv_tileas.tmem<128x64xbf16>
// CHECK-NEXT: %acc_n = nv_tileas.async.dot %ta_tmem, %sb, %acc {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 25 : i32} : !nv_tileas.tmem<128x256xf32>
// CHECK-NEXT: %mma_done = nv_tileas.async.wait %acc_n {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 33 : i32} : !nv_tileas.tmem<128x256xf32>
// CHECK-NEXT: %Pipe_0 = "nv_tileas.pipe"(%mma_done) {depth = 1 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%mma_done", producers = ["%mma_done"], consumers = ["%acc_n"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32} : (!nv_tileas.tmem<128x256xf32>) -> !nv_tileas.pipe<!nv_tileas.tmem<128x256xf32>>
// CHECK-NEXT: scf.yield %mma_done : !nv_tileas.tmem<128x256xf32>
// CHECK-NEXT: } {nv_tile.aws.ii = 34 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
// BACK: checked
