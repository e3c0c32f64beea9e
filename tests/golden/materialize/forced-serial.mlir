// force_serial_execution on the loop: the serial generator, one Mutex_ over the whole body
// (named barrier 1), spliced in before its earliest op; the carried accumulator gets a Pipe_.
// RUN: %tilesched %root/examples/forced-serial.mlir --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/forced-serial.mlir --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// CHECK-LABEL: %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32>) {
// CHECK-NEXT: %Mutex_0 = "nv_tileas.mutex"() {barrier = 1 : i32, protects = ["%t", "%a", "%acc_n", "%done", "%t2", "%a2", "%acc_2", "%done2"], reasons = ["force_serial_execution on the scf.for"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32} : () -> !nv_tileas.mutex
// CHECK-NEXT: %t = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !nv_tileas.AsyncToken
// CHECK-NEXT: %a = nv_tileas.async.wait %t {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : tensor<128x64xf16>
// CHECK-NEXT: %acc_n = nv_tileas.async.dot %a, %b, %acc {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 9 : i32} : tensor<128x128xf32>
// CHECK-NEXT: %done = nv_tileas.async.wait %acc_n {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : tensor<128x128xf32>
// CHECK-NEXT: %t2 = nv_tileas.async.tiled_tma_load %d[%i], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 18 : i32} : !nv_tileas.AsyncToken
// CHECK-NEXT: %a2 = nv_tileas.async.wait %t2 {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 26 : i32} : tensor<128x64xf16>
// CHECK-NEXT: %acc_2 = nv_tileas.async.dot %a2, %b, %done {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 27 : i32} : tensor<128x128xf32>
// CHECK-NEXT: %done2 = nv_tileas.async.wait %acc_2 {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32, nv_tile.aws.cycle = 35 : i32} : tensor<128x128xf32>
// CHECK-NEXT: %Pipe_0 = "nv_tileas.pipe"(%done2) {depth = 1 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%done2", producers = ["%done2"], consumers = ["%acc_n"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32} : (tensor<128x128xf32>) -> !nv_tileas.pipe<tensor<128x128xf32>>
// CHECK-NEXT: scf.yield %done2 : tensor<128x128xf32>
// CHECK-NEXT: } {tileas.schedule.constraint.force_serial_execution, nv_tile.aws.ii = 36 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
// BACK: checked
