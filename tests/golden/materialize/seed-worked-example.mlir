// The seeds' four-op example: serial, one stage, no value crosses a stage or an iteration, so
// the block is rebuilt in (stage, order) with no Pipe_ or Mutex_.
// RUN: %tilesched %root/examples/seed-worked-example.mlir --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/seed-worked-example.mlir --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// CHECK-LABEL: scf.for %k = %c0 to %n step %c1 {
// CHECK-NEXT: %0 = nv_tileas.async.tiled_tma_load %desc, %coord {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !smem_ref
// CHECK-NEXT: %1 = nv_tileas.async.smem_write %src {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : !smem_ref
// CHECK-NEXT: %2 = nv_tileas.async.wgmma %a, %b, %c {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 15 : i32} : !tmem_ref
// CHECK-NEXT: %3 = nv_tileas.async.smem_read %0 {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 23 : i32} : tensor<128x64xf16>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {nv_tile.aws.ii = 30 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
// BACK: checked
