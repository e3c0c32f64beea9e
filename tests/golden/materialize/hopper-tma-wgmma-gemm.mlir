// The Hopper GEMM main loop (generic form, type aliases). The producer and consumer pipeline
// tokens come in as function arguments: no op of the loop produces them, so the acquire and the
// consumer wait each get a consumer-only Pipe_ (seed 002 trivial fallback, reported as a note).
// The pipeline iterator and the accumulator are carried, so they get Pipe_ values too.
// RUN: %tilesched %root/examples/hopper-tma-wgmma-gemm.mlir --model=hopper --emit=ir | FileCheck %s
// RUN: %tilesched %root/examples/hopper-tma-wgmma-gemm.mlir --model=hopper --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %tilesched %root/examples/hopper-tma-wgmma-gemm.mlir --model=hopper --emit=ir | %tilesched - --model=hopper --check | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %root/examples/hopper-tma-wgmma-gemm.mlir --model=hopper --emit=ir --generator=serial | FileCheck %s --check-prefix=SERIAL
// CHECK-LABEL: scf.for
// CHECK-DAG: "nv_tileas.pipe"(%ptok) {depth = 2 : i32, stages_crossed = 0 : i32, flavour = "scalar", raw = "%ptok", producers = [], consumers = ["%stage"], trivial_fallback, {{.*}}} : (!prod) -> !nv_tileas.pipe<!prod>
// CHECK-DAG: "nv_tileas.pipe"(%ctok) {depth = 2 : i32, stages_crossed = 0 : i32, flavour = "scalar", raw = "%ctok", producers = [], consumers = ["%ready"], trivial_fallback, {{.*}}} : (!cons) -> !nv_tileas.pipe<!cons>
// CHECK-DAG: "nv_tileas.pipe"(%it_n) {{.*}} raw = "%it_n", producers = ["%it_n"], consumers = ["%stage", "%ready", "%it_n"]
// CHECK-DAG: "nv_tileas.pipe"(%done) {{.*}} flavour = "tile", raw = "%done", producers = ["%done"], consumers = ["%acc_n"]
// CHECK: "scf.yield"(%done, %it_n)
// NOTE: note: Pipe_{{[0-9]+}}: no op of this block produces the async handle %ptok before it is read here, so it gets a consumer-only Pipe_ (seed 002 trivial fallback)
// NOTE: note: Pipe_{{[0-9]+}}: no op of this block produces the async handle %ctok before it is read here
// BACK: checked
// SERIAL-LABEL: %res:2 = "scf.for"(%c0, %K, %c64, %acc0, %it0) ({
// SERIAL-NEXT: ^bb0(%k: index, %acc: !acc, %it: !iter):
// SERIAL-NEXT: %Pipe_0 = "nv_tileas.pipe"(%ptok) {depth = 2 : i32, stages_crossed = 0 : i32, flavour = "scalar", raw = "%ptok", producers = [], consumers = ["%stage"], trivial_fallback, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32} : (!prod) -> !nv_tileas.pipe<!prod>
// SERIAL-NEXT: %stage = "nv_tileas.async.pipeline.producer_acquire"(%ptok, %it) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : (!prod, !iter) -> !prod
// SERIAL-NEXT: %ta = "nv_tileas.async.tiled_tma_load"(%A, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : (!a_desc, !prod, index) -> !nv_tileas.AsyncToken
// SERIAL-NEXT: %tb = "nv_tileas.async.tiled_tma_load"(%B, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 9 : i32} : (!b_desc, !prod, index) -> !nv_tileas.AsyncToken
// SERIAL-NEXT: %committed = "nv_tileas.async.pipeline.producer_commit"(%stage, %ta, %tb) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 17 : i32} : (!prod, !nv_tileas.AsyncToken, !nv_tileas.AsyncToken) -> !prod
// SERIAL-NEXT: %Pipe_1 = "nv_tileas.pipe"(%ctok) {depth = 2 : i32, stages_crossed = 0 : i32, flavour = "scalar", raw = "%ctok", producers = [], consumers = ["%ready"], trivial_fallback, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32} : (!cons) -> !nv_tileas.pipe<!cons>
// SERIAL-NEXT: %ready = "nv_tileas.async.pipeline.consumer_wait"(%ctok, %it) <{consumer_idx = 0 : i32}> {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 18 : i32} : (!cons, !iter) -> !cons
// SERIAL-NEXT: %a, %b = "nv_tileas.async.pipeline.consumer_read"(%ready, %committed) <{consumer_idx = 0 : i32}> {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 19 : i32} : (!cons, !prod) -> (tensor<128x64xf16>, tensor<64x128xf16>)
// SERIAL-NEXT: %acc_n = "nv_tileas.async.dot"(%a, %b, %acc) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 6 : i32, nv_tile.aws.cycle = 20 : i32} : (tensor<128x64xf16>, tensor<64x128xf16>, !acc) -> !acc
// SERIAL-NEXT: %done = "nv_tileas.async.wait"(%acc_n) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32, nv_tile.aws.cycle = 28 : i32} : (!acc) -> !acc
// SERIAL-NEXT: %Pipe_2 = "nv_tileas.pipe"(%done) {depth = 1 : i32, stages_crossed = 1 : i32, flavour = "tile", raw = "%done", producers = ["%done"], consumers = ["%acc_n"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 7 : i32} : (!acc) -> !nv_tileas.pipe<!acc>
// SERIAL-NEXT: %released = "nv_tileas.async.pipeline.consumer_release"(%ready, %done) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 8 : i32, nv_tile.aws.cycle = 29 : i32} : (!cons, !acc) -> !cons
// SERIAL-NEXT: %it_n = "nv_tileas.async.pipeline.inc_iter"(%it) {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 9 : i32, nv_tile.aws.cycle = 30 : i32} : (!iter) -> !iter
// SERIAL-NEXT: %Pipe_3 = "nv_tileas.pipe"(%it_n) {depth = 2 : i32, stages_crossed = 1 : i32, flavour = "scalar", raw = "%it_n", producers = ["%it_n"], consumers = ["%stage", "%ready", "%it_n"], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 9 : i32} : (!iter) -> !nv_tileas.pipe<!iter>
// SERIAL-NEXT: "scf.yield"(%done, %it_n) : (!acc, !iter) -> ()
// SERIAL-NEXT: }) {nv_tile.aws.ii = 31 : i32, nv_tile.aws.stage_count = 1 : i32, nv_tile.aws.pipeline = {prologue_steps = 0 : i32, kernel_trip_count = "N", epilogue_steps = 0 : i32}} : (index, index, index, !acc, !iter) -> (!acc, !iter)
