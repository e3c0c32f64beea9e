// mbarrier arrays indexed like the ring they guard (docs/decisions.md, "Ring buffers"). The
// warp-specialised producer waits on the slot's "empty" barrier, arms its "full" barrier and
// copies into the slot; its slot wraps at 3 through addi + cmpi sge + select. The consumer's slot
// is its induction variable modulo 3 (remsi), from a start the IR does not show. A wait or an
// arrive on slot k's barrier orders what that slot holds: the next iteration's accesses use
// another slot and stay free; the same slot comes round three iterations later.
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @producer(%n: i32, %desc: !tt.tensordesc<tensor<128x64xf16, #shared>>,
                    %bufs: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
                    %full: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>, %empty: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%i = %c0, %ph = %c0) -> (i32, i32) : i32 {
      %e = ttg.memdesc_index %empty[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %e, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %f = ttg.memdesc_index %full[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.barrier_expect %f, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %off = arith.muli %k, %c64 : i32
      ttng.async_tma_copy_global_to_local %desc[%off, %c0] %buf, %f, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %i1 = arith.addi %i, %c1 : i32
      %wrap = arith.cmpi sge, %i1, %c3 : i32
      %i2 = arith.select %wrap, %c0, %i1 : i32
      %flip = arith.xori %ph, %c1 : i32
      %ph1 = arith.select %wrap, %flip, %ph : i32
      scf.yield %i2, %ph1 : i32, i32
    }
    tt.return
  }
  tt.func @consumer(%n: i32, %out: tensor<128x64x!tt.ptr<f16>>, %start: i32,
                    %bufs: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
                    %full: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>, %empty: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %r = scf.for %k = %start to %n step %c1 iter_args(%ph = %c0) -> (i32) : i32 {
      %i = arith.remsi %k, %c3 : i32
      %f = ttg.memdesc_index %full[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %f, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %x = ttg.local_load %buf : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16>
      %e = ttg.memdesc_index %empty[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      tt.store %out, %x : tensor<128x64x!tt.ptr<f16>>
      %ph1 = arith.xori %ph, %c1 : i32
      scf.yield %ph1 : i32
    }
    tt.return
  }
}
// Both rings are proven: no ring note. The consumer's wait and arrive are a lowered protocol, so
// its loop is checked in its own order (docs/decisions.md, "Lowered protocols are checked").
// CHECK: "diagnostics": [
// CHECK-NEXT: {
// CHECK-NEXT: "severity": "note",
// CHECK-NEXT: "line": 43,
// CHECK: "message": "block '@consumer/scf.for %k' is already pipelined: it carries a lowered barrier protocol (ttng.wait_barrier at 46:7, ttng.arrive_barrier at 50:7)
// CHECK-NEXT: }
// CHECK-NEXT: ],
// Producer nodes: 0 %e, 1 wait (empty), 2 %f, 3 expect (full), 4 %buf, 5 %off, 6 copy, 7.. the slot.
// CHECK-LABEL: "name": "@producer/scf.for %k"
// CHECK: "src": 1,
// CHECK-NEXT: "dst": 1,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 3,
// CHECK-NEXT: "kind": "barrier",
// CHECK-NEXT: "ring": "%empty"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "src": 1,
// CHECK-NEXT: "dst": 3,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 0,
// CHECK: "src": 6,
// CHECK-NEXT: "dst": 6,
// CHECK-NEXT: "latency": 8,
// CHECK-NEXT: "distance": 3,
// CHECK-NEXT: "kind": "memory",
// CHECK-NEXT: "ring": "%bufs"
// CHECK: "rings": [
// CHECK-NEXT: {
// CHECK-NEXT: "value": "%empty",
// CHECK-NEXT: "kind": "barrier",
// CHECK-NEXT: "slots": 3,
// CHECK-NEXT: "proven": true,
// CHECK: "value": "%full",
// CHECK-NEXT: "kind": "barrier",
// CHECK: "value": "%bufs",
// CHECK-NEXT: "kind": "buffer",
// Consumer nodes: 0 %i, 1 %f, 2 wait (full), 3 %buf, 4 %x, 5 %e, 6 arrive (empty), 7 store.
// The wait reaches the load of its slot, the arrive on that slot's "empty" barrier and the store
// of this iteration's global addresses; the arrive releases the load.
// CHECK-LABEL: "name": "@consumer/scf.for %k"
// CHECK: "src": 2,
// CHECK-NEXT: "dst": 2,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 3,
// CHECK-NEXT: "kind": "barrier",
// CHECK-NEXT: "ring": "%full"
// CHECK: "src": 2,
// CHECK-NEXT: "dst": 4,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 0,
// CHECK: "src": 2,
// CHECK-NEXT: "dst": 6,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 0,
// CHECK: "src": 2,
// CHECK-NEXT: "dst": 7,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 0,
// CHECK: "src": 4,
// CHECK-NEXT: "dst": 6,
// CHECK-NEXT: "latency": 7,
// CHECK-NEXT: "distance": 0,
// CHECK-NEXT: "kind": "barrier"
// CHECK: "src": 6,
// CHECK-NEXT: "dst": 6,
// CHECK-NEXT: "latency": 1,
// CHECK-NEXT: "distance": 3,
// CHECK-NEXT: "kind": "barrier",
// CHECK-NEXT: "ring": "%empty"
// CHECK: "rings": [
// CHECK: "value": "%full",
// CHECK-NEXT: "kind": "barrier",
// CHECK-NEXT: "slots": 3,
// CHECK-NEXT: "proven": true,
