// The constraint-quirks loop: the accumulator carried through %acc is read by the first dot and by
// the add, so one Pipe_ lists both consumers (the two skeletons collapse). Exact with the serial
// generator.
// RUN: %tilesched %root/examples/constraint-quirks.mlir --emit=ir 2>/dev/null | FileCheck %s
// RUN: %tilesched %root/examples/constraint-quirks.mlir --emit=ir 2>/dev/null | %tilesched - --check | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %root/examples/constraint-quirks.mlir --emit=ir --generator=serial 2>/dev/null | FileCheck %s --check-prefix=SERIAL
// CHECK-LABEL: scf.for %i
// CHECK: %Pipe_{{[0-9]+}} = "nv_tileas.pipe"(%w) {depth = {{[0-9]+}} : i32, stages_crossed = {{[0-9]+}} : i32, flavour = "tile", raw = "%w", producers = ["%w"], consumers = ["%x", "%w"]
// CHECK: scf.yield %w
// BACK: checked
// SERIAL-LABEL: %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32>) {
// SERIAL-NEXT: %entry = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 0 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %t = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 7 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %a = "nv_tileas.async.wait"(%t) <{tileas.schedule.constraint.max_depth = 2 : i32}> {tileas.schedule.constraint.max_depth = 5 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 16 : i32} : (!nv_tileas.AsyncToken) -> tensor<128x64xf16>
// SERIAL-NEXT: %e = nv_tileas.async.wait %entry {tileas.recomputable = 1 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : tensor<128x64xf16>
// SERIAL-NEXT: %x = nv_tileas.async.dot %a, %b, %acc {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 5 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 18 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %y = nv_tileas.async.dot %e, %b, %x {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 26 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %z = nv_tileas.async.wait %y {tileas.schedule.constraint.max_depth = 0 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 34 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %w = arith.addf %z, %acc {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32, nv_tile.aws.cycle = 35 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %Pipe_0 = "nv_tileas.pipe"(%w) {depth = 2 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%w", producers = ["%w"], consumers = ["%x", "%w"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32} : (tensor<128x128xf32>) -> !nv_tileas.pipe<tensor<128x128xf32>>
// SERIAL-NEXT: scf.yield %w : tensor<128x128xf32>
// SERIAL-NEXT: } {nv_tile.aws.ii = 39 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
