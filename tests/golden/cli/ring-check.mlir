// The checker checks the ring edges (docs/decisions.md, "Ring buffers"): the load of slot %s
// must finish (20 cycles) before the store of the iteration that uses the slot again, three
// iterations later. At II 4 the pinned store starts 9 cycles too early; the violation names the
// ring and the distance 3.
// RUN: not %tilesched %s --check 2>&1 | FileCheck %s
// RUN: not %tilesched %s --check --emit=json | FileCheck %s --check-prefix=JSON
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
!ring = !ttg.memdesc<3x64xf16, #sh, #smem, mutable>
!slot = !ttg.memdesc<64xf16, #sh, #smem, mutable>
module {
  tt.func @ring_check(%n: i32, %v: tensor<64xf16>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %ring = ttg.local_alloc : () -> !ring
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
      %a = ttg.memdesc_index %ring[%s] {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !ring -> !slot
      %s1 = arith.addi %s, %c1 {sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      ttg.local_store %v, %a {sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 2 : i32, nv_tile.aws.cycle = 1 : i32} : tensor<64xf16> -> !slot
      %w = arith.cmpi eq, %s1, %c3 {sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 3 : i32, nv_tile.aws.cycle = 1 : i32} : i32
      %y = ttg.local_load %a {sched.latency = 20 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32, nv_tile.aws.cycle = 2 : i32} : !slot -> tensor<64xf16>
      %sn = arith.select %w, %c0, %s1 {sched.latency = 1 : i32, sched.footprint = [], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      scf.yield %sn : i32
    } {nv_tile.aws.ii = 4 : i32}
    tt.return
  }
}
// CHECK: ring-check.mlir:20:7: error: pinned schedule violates a memory-order constraint: memory edge %y -> ttg.local_store@20 (latency 20, distance 3; both touch the same slot of ring %ring (3 slots)) needs cycle(ttg.local_store@20) >= 2 + 20 - 3*4 = 10, but cycle(ttg.local_store@20) = 1
// CHECK-NOT: error:
// JSON: "status": "violations",
// JSON: "violations": [
// JSON-NEXT: {
// JSON-NEXT: "kind": "memory-order",
