// The MoE gather loop: the scatter's sched.deps on its previous iteration is an ordering with no
// value between the ops, so it becomes a Mutex_ (named barrier 1) spliced in before the scatter.
// RUN: %tilesched %root/examples/moe-gather.mlir --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/moe-gather.mlir --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %root/examples/moe-gather.mlir --emit=ir --generator=serial | FileCheck %s --check-prefix=SERIAL
// CHECK-LABEL: scf.for %e
// CHECK: %Mutex_0 = "nv_tileas.mutex"() {barrier = 1 : i32, protects = ["%ts"], reasons = ["sched.deps %ts -> %ts (latency 1, distance 1)"], nv_tile.aws.stage = [[S:[0-9]+]] : i32, nv_tile.aws.order = [[O:[0-9]+]] : i32} : () -> !nv_tileas.mutex
// CHECK-NEXT: %ts = nv_tileas.async.scatter_tma_store %y_desc[%ids], %y {sched.label = "scatter", sched.deps = {{\[\[}}"@scatter", 1, 1]], nv_tile.aws.stage = [[S]] : i32, nv_tile.aws.order = [[O]] : i32
// BACK: checked
// SERIAL-LABEL: scf.for %e = %c0 to %experts step %c1 {
// SERIAL-NEXT: %tidx = nv_tileas.async.tiled_tma_load %idx_desc[%e], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %ids = nv_tileas.async.wait %tidx {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : tensor<128xi32>
// SERIAL-NEXT: %tx = nv_tileas.async.gather_tma_load %x_desc[%ids], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 9 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %tw = nv_tileas.async.tiled_tma_load %w_desc[%e], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %x = nv_tileas.async.wait %tx {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 25 : i32} : tensor<128x256xbf16>
// SERIAL-NEXT: %w = nv_tileas.async.wait %tw {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 26 : i32} : tensor<256x128xbf16>
// SERIAL-NEXT: %y_acc = nv_tileas.async.dot %x, %w, %acc0 {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 27 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %y_done = nv_tileas.async.wait %y_acc {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32, nv_tile.aws.cycle = 35 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %y = arith.truncf %y_done {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 8 : i32, nv_tile.aws.cycle = 36 : i32} : tensor<128x128xbf16>
// SERIAL-NEXT: %Mutex_0 = "nv_tileas.mutex"() {barrier = 1 : i32, protects = ["%ts"], reasons = ["sched.deps %ts -> %ts (latency 1, distance 1)"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 9 : i32} : () -> !nv_tileas.mutex
// SERIAL-NEXT: %ts = nv_tileas.async.scatter_tma_store %y_desc[%ids], %y {sched.label = "scatter", sched.deps = {{\[\[}}"@scatter", 1, 1]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 9 : i32, nv_tile.aws.cycle = 40 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: scf.yield
// SERIAL-NEXT: } {nv_tile.aws.ii = 48 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
