// Attention forward loop. Default generator (cost-based): the checks below hold whatever stages
// it picks: every carried recurrence (running max, running sum, output) gets a Pipe_, the
// running max is read by itself and by the rescale factor, and the loop describes its peeling.
// With --generator=serial the whole rebuilt loop is checked exactly.
// RUN: %tilesched %root/examples/attention-forward.mlir --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/attention-forward.mlir --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %root/examples/attention-forward.mlir --emit=ir --generator=serial | FileCheck %s --check-prefix=SERIAL
// CHECK-LABEL: scf.for %j
// CHECK-DAG: %Pipe_{{[0-9]+}} = "nv_tileas.pipe"(%m_new) {depth = {{[0-9]+}} : i32, stages_crossed = {{[0-9]+}} : i32, flavour = "tile", raw = "%m_new", producers = ["%m_new"], consumers = ["%m_new", "%alpha"], nv_tile.aws.stage = {{[0-9]+}} : i32, nv_tile.aws.order = {{[0-9]+}} : i32} : (tensor<128xf32>) -> !nv_tileas.pipe<tensor<128xf32>>
// CHECK-DAG: "nv_tileas.pipe"(%l_new) {{.*}} producers = ["%l_new"], consumers = ["%l_scaled"]
// CHECK-DAG: "nv_tileas.pipe"(%o_new) {{.*}} producers = ["%o_new"], consumers = ["%o_scaled"]
// CHECK: scf.yield %m_new, %l_new, %o_new
// CHECK-NEXT: } {nv_tile.aws.ii = {{[0-9]+}} : i32, nv_tile.aws.stage_count = {{[0-9]+}} : i32, nv_tile.aws.pipeline = {prologue_steps = {{[0-9]+}} : i32, kernel_trip_count = "N{{.*}}", epilogue_steps = {{[0-9]+}} : i32}}
// BACK: checked
// SERIAL-LABEL: %m, %l, %o = scf.for %j = %c0 to %n step %c64 iter_args(%m_i = %m0, %l_i = %l0, %o_i = %o0) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
// SERIAL-NEXT: %tk = nv_tileas.async.tiled_tma_load %Kd[%j], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %tv = nv_tileas.async.tiled_tma_load %Vd[%j], %bar {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 8 : i32} : !nv_tileas.AsyncToken
// SERIAL-NEXT: %k = nv_tileas.async.wait %tk {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 16 : i32} : tensor<64x128xbf16>
// SERIAL-NEXT: %s = nv_tileas.async.dot %q, %k {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : tensor<128x64xf32>
// SERIAL-NEXT: %s_done = nv_tileas.async.wait %s {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 25 : i32} : tensor<128x64xf32>
// SERIAL-NEXT: %m_tile = nv_tileas.reduce %s_done {kind = "max", axis = 1 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 26 : i32} : tensor<128xf32>
// SERIAL-NEXT: %m_new = arith.maximumf %m_i, %m_tile {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 30 : i32} : tensor<128xf32>
// SERIAL-NEXT: %Pipe_0 = "nv_tileas.pipe"(%m_new) {depth = 2 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%m_new", producers = ["%m_new"], consumers = ["%m_new", "%alpha"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32} : (tensor<128xf32>) -> !nv_tileas.pipe<tensor<128xf32>>
// SERIAL-NEXT: %alpha = math.exp2 %m_i, %m_new {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32, nv_tile.aws.cycle = 34 : i32} : tensor<128xf32>
// SERIAL-NEXT: %p = math.exp2 %s_done, %m_new {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 8 : i32, nv_tile.aws.cycle = 35 : i32} : tensor<128x64xf32>
// SERIAL-NEXT: %l_tile = nv_tileas.reduce %p {kind = "add", axis = 1 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 9 : i32, nv_tile.aws.cycle = 39 : i32} : tensor<128xf32>
// SERIAL-NEXT: %l_scaled = arith.mulf %l_i, %alpha {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 10 : i32, nv_tile.aws.cycle = 40 : i32} : tensor<128xf32>
// SERIAL-NEXT: %l_new = arith.addf %l_scaled, %l_tile {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 11 : i32, nv_tile.aws.cycle = 44 : i32} : tensor<128xf32>
// SERIAL-NEXT: %Pipe_1 = "nv_tileas.pipe"(%l_new) {depth = 1 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%l_new", producers = ["%l_new"], consumers = ["%l_scaled"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 11 : i32} : (tensor<128xf32>) -> !nv_tileas.pipe<tensor<128xf32>>
// SERIAL-NEXT: %o_scaled = arith.mulf %o_i, %alpha {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 12 : i32, nv_tile.aws.cycle = 45 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %p_bf16 = arith.truncf %p {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 13 : i32, nv_tile.aws.cycle = 46 : i32} : tensor<128x64xbf16>
// SERIAL-NEXT: %v = nv_tileas.async.wait %tv {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 14 : i32, nv_tile.aws.cycle = 47 : i32} : tensor<64x128xbf16>
// SERIAL-NEXT: %o_acc = nv_tileas.async.dot %p_bf16, %v, %o_scaled {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 15 : i32, nv_tile.aws.cycle = 50 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %o_new = nv_tileas.async.wait %o_acc {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 16 : i32, nv_tile.aws.cycle = 58 : i32} : tensor<128x128xf32>
// SERIAL-NEXT: %Pipe_2 = "nv_tileas.pipe"(%o_new) {depth = 1 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%o_new", producers = ["%o_new"], consumers = ["%o_scaled"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 16 : i32} : (tensor<128x128xf32>) -> !nv_tileas.pipe<tensor<128x128xf32>>
// SERIAL-NEXT: scf.yield %m_new, %l_new, %o_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
// SERIAL-NEXT: } {nv_tile.aws.ii = 59 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}}
