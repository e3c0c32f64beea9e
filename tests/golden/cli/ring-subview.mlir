// Triton's older spelling of a ring (docs/decisions.md, "Ring buffers"): slots taken with
// `ttg.memdesc_subview %ring[%slot, %c0, %c0]`, an extract index that starts at -1 and is used
// after its step, an insert index two slots ahead. The tile stored into a slot is read two
// iterations later (distance 2); the slot read here is written again by the next iteration's
// store (distance 1). A second loop wraps its slot at a count the IR does not fix: its ring keeps
// the one-location edges, and a note says why.
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s
// RUN: %tilesched %s --model=hopper 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
!ring = !ttg.memdesc<3x64x64xf16, #sh, #smem, mutable>
!tile = !ttg.memdesc<64x64xf16, #sh, #smem, mutable>
!t = tensor<64x64xf16>
!p = tensor<64x64x!tt.ptr<f16>>
module {
  tt.func @older(%ptrs: !p, %b: !t, %z: tensor<64x64xf32>, %n: i32, %slots: i32) {
    %cm1 = arith.constant -1 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %ring = ttg.local_alloc : () -> !ring
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %ins = %c1, %ext = %cm1) -> (tensor<64x64xf32>, i32, i32) : i32 {
      %e1 = arith.addi %ext, %c1 : i32
      %ew = arith.cmpi sge, %e1, %c3 : i32
      %en = arith.select %ew, %c0, %e1 : i32
      %as = ttg.memdesc_subview %ring[%en, %c0, %c0] : !ring -> !tile
      %a = ttg.local_load %as : !tile -> !t
      %d = tt.dot %a, %b, %acc : !t * !t -> tensor<64x64xf32>
      %i1 = arith.addi %ins, %c1 : i32
      %iw = arith.cmpi sge, %i1, %c3 : i32
      %in = arith.select %iw, %c0, %i1 : i32
      %x = tt.load %ptrs : !p
      %ns = ttg.memdesc_subview %ring[%in, %c0, %c0] : !ring -> !tile
      ttg.local_store %x, %ns : !t -> !tile
      scf.yield %d, %in, %en : tensor<64x64xf32>, i32, i32
    }
    %u = scf.for %k = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
      %as = ttg.memdesc_subview %ring[%s, %c0, %c0] : !ring -> !tile
      %a = ttg.local_load %as : !tile -> !t
      ttg.local_store %a, %as : !t -> !tile
      %s1 = arith.addi %s, %c1 : i32
      %sw = arith.cmpi eq, %s1, %slots : i32
      %sn = arith.select %sw, %c0, %s1 : i32
      scf.yield %sn : i32
    }
    tt.return
  }
}
// Nodes: 0-2 %e1 %ew %en, 3 %as, 4 %a (load), 5 %d, 6-8 %i1 %iw %in, 9 %x, 10 %ns, 11 store.
// CHECK-LABEL: "name": "@older/scf.for %k"
// CHECK: "src": 4,
// CHECK-NEXT: "dst": 5,
// CHECK: "src": 4,
// CHECK-NEXT: "dst": 11,
// CHECK-NEXT: "latency": {{[0-9]+}},
// CHECK-NEXT: "distance": 1,
// CHECK-NEXT: "kind": "memory",
// CHECK-NEXT: "ring": "%ring"
// CHECK: "src": 11,
// CHECK-NEXT: "dst": 4,
// CHECK-NEXT: "latency": {{[0-9]+}},
// CHECK-NEXT: "distance": 2,
// CHECK-NEXT: "kind": "memory",
// CHECK-NEXT: "ring": "%ring"
// CHECK: "rings": [
// CHECK-NEXT: {
// CHECK-NEXT: "value": "%ring",
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "slots": 3,
// CHECK-NEXT: "proven": true,
// CHECK-NEXT: "reason": "",
// CHECK-NEXT: "depth_from": "leading_dimension"
// CHECK-NEXT: }
// CHECK-NEXT: ],
// Nodes: 0 %as, 1 %a (load), 2 store, 3-5 the slot.
// CHECK-LABEL: "name": "@older/scf.for %k#2"
// CHECK: "src": 2,
// CHECK-NEXT: "dst": 1,
// CHECK-NEXT: "latency": {{[0-9]+}},
// CHECK-NEXT: "distance": 1,
// CHECK-NEXT: "kind": "memory"
// CHECK-NEXT: },
// CHECK: "rings": [
// CHECK-NEXT: {
// CHECK-NEXT: "value": "%ring",
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "slots": 3,
// CHECK-NEXT: "proven": false,
// CHECK-NEXT: "reason": "%s is carried from %sn, and %slots is not a constant (an argument from outside the loop)",
// CHECK-NEXT: "depth_from": "leading_dimension"
// NOTE: ring-subview.mlir:40:12: note: the slots of ring %ring are ordered as one location: %s is carried from %sn, and %slots is not a constant (an argument from outside the loop) (docs/decisions.md, "Ring buffers")
