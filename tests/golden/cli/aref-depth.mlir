// An NVWS aref over N buffers is a ring hand-off (docs/decisions.md, "Ring buffers"): the k-th
// put and the k-th get take slot k mod N, so the producer's put.enter of iteration i + N waits for
// the consumer's get.exit of iteration i (a barrier edge of distance N), and the TMA copy into a
// slot waits for the read of it N iterations back. The same pinned schedule runs the consumer
// (partition 1) two stages behind the producer (partition 0): over 2 buffers the producer would
// overwrite a slot the consumer still reads (violations), over 3 it fits. The report gives each
// hand-off's depth and its source, the aref's buffer count.
// RUN: not %tilesched %s --check 2>&1 | FileCheck %s
// RUN: not %tilesched %s --check --emit=json 2>/dev/null | FileCheck %s --check-prefix=JSON
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
!buf2 = !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
!buf3 = !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
!slot = !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @depth2(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !buf2
    %aref = nvws.aref.create %buf : <[!buf2]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b, %tok = nvws.aref.put.enter %aref[%c0, %c0] {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : <[!buf2]> -> !slot, !ttg.async.token
      nvws.descriptor_load %desc[%i, %c0] 16384 %b {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !slot
      nvws.aref.put.exit %aref[%c0], %tok [#nvws.async_op<tma_load>] {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 2 : i32} : <[!buf2]>, !ttg.async.token
      %g, %gtok = nvws.aref.get.enter %aref[%c0, %c0] {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 8 : i32} : <[!buf2]> -> !slot, !ttg.async.token
      %v = ttg.local_load %g {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 9 : i32} : !slot -> tensor<128x64xf16, #blocked>
      nvws.aref.get.exit %aref[%c0], %gtok [#nvws.async_op<none>] {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 10 : i32} : <[!buf2]>, !ttg.async.token
    } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32, nv_tile.aws.ii = 4 : i32}
    tt.return
  }
  tt.func @depth3(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !buf3
    %aref = nvws.aref.create %buf : <[!buf3]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b, %tok = nvws.aref.put.enter %aref[%c0, %c0] {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : <[!buf3]> -> !slot, !ttg.async.token
      nvws.descriptor_load %desc[%i, %c0] 16384 %b {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !slot
      nvws.aref.put.exit %aref[%c0], %tok [#nvws.async_op<tma_load>] {ttg.partition = array<i32: 0>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 2 : i32} : <[!buf3]>, !ttg.async.token
      %g, %gtok = nvws.aref.get.enter %aref[%c0, %c0] {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 8 : i32} : <[!buf3]> -> !slot, !ttg.async.token
      %v = ttg.local_load %g {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 9 : i32} : !slot -> tensor<128x64xf16, #blocked>
      nvws.aref.get.exit %aref[%c0], %gtok [#nvws.async_op<none>] {ttg.partition = array<i32: 1>, sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 10 : i32} : <[!buf3]>, !ttg.async.token
    } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32, nv_tile.aws.ii = 4 : i32}
    tt.return
  }
}
// CHECK: block @depth2/scf.for %i (line 22): pinned schedule, violations, II 4, 3 stages
// CHECK: hand-offs: %aref depth 2 (the aref's buffers), %buf depth 2 (the aref's buffers)
// CHECK: block @depth3/scf.for %i (line 37): pinned schedule, checked, II 4, 3 stages
// CHECK: hand-offs: %aref depth 3 (the aref's buffers), %buf depth 3 (the aref's buffers)
// CHECK-DAG: aref-depth.mlir:23:18: error: pinned schedule violates a barrier-order constraint: barrier edge nvws.aref.get.exit@28 -> %b (latency 1, distance 2; a barrier, wait or arrive on the same slot of ring %aref (2 slots) orders them) needs cycle(%b) >= 10 + 1 - 2*4 = 3, but cycle(%b) = 0
// CHECK-DAG: aref-depth.mlir:24:7: error: pinned schedule violates a memory-order constraint: memory edge %v -> nvws.descriptor_load@24 (latency 1, distance 2; both touch the same slot of ring %buf (2 slots)) needs cycle(nvws.descriptor_load@24) >= 9 + 1 - 2*4 = 2, but cycle(nvws.descriptor_load@24) = 1
// CHECK-NOT: aref-depth.mlir:{{(3[7-9]|4[0-9])}}:{{.*}}error:

// The consumer's release reaches the put N iterations later.
// JSON: "status": "violations",
// JSON: "src": 5,
// JSON-NEXT: "dst": 0,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 2,
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "ring": "%aref"
// JSON: "rings": [
// JSON-NEXT: {
// JSON-NEXT: "value": "%aref",
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "slots": 2,
// JSON-NEXT: "proven": true,
// JSON-NEXT: "reason": "",
// JSON-NEXT: "depth_from": "aref"
// JSON: "value": "%buf",
// JSON-NEXT: "kind": "buffer",
// JSON-NEXT: "slots": 2,
// JSON: "depth_from": "aref"
// JSON: "status": "checked",
// JSON: "src": 5,
// JSON-NEXT: "dst": 0,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 3,
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "ring": "%aref"
// JSON: "value": "%aref",
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "slots": 3,
