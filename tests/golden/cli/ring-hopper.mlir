// A three-slot ring (docs/decisions.md, "Ring buffers"): TMA copies fill the slot %s names, a
// wait on that slot's mbarrier lets the wgmma read it, and the slot advances by one and wraps at
// 3 (addi + cmpi + select). A slot is reused three iterations later, so the copies into it are
// ordered after the wgmma wait of three iterations back (distance 3), not after this iteration's.
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=note:
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
!ring = !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable>
!tile = !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
!bars = !ttg.memdesc<3x1xi64, #nvmma, #smem, mutable>
!bar = !ttg.memdesc<1xi64, #nvmma, #smem, mutable>
!acc = tensor<128x128xf32>
module {
  tt.func @gemm(%a: !tt.tensordesc<128x64xf16>, %b: !tt.tensordesc<128x64xf16>, %n: i32, %z: !acc) -> !acc {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %true = arith.constant true
    %a_ring = ttg.local_alloc : () -> !ring
    %b_ring = ttg.local_alloc : () -> !ring
    %bars = ttg.local_alloc : () -> !bars
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %s = %c0, %ph = %c0) -> (!acc, i32, i32) : i32 {
      %bar = ttg.memdesc_index %bars[%s] : !bars -> !bar
      %at = ttg.memdesc_index %a_ring[%s] : !ring -> !tile
      %bt = ttg.memdesc_index %b_ring[%s] : !ring -> !tile
      ttng.barrier_expect %bar, 32768, %true : !bar
      ttng.async_tma_copy_global_to_local %a[%k, %c0] %at, %bar, %true : !tt.tensordesc<128x64xf16>, !bar -> !tile
      ttng.async_tma_copy_global_to_local %b[%k, %c0] %bt, %bar, %true : !tt.tensordesc<128x64xf16>, !bar -> !tile
      ttng.wait_barrier %bar, %ph : !bar
      %d = ttng.warp_group_dot %at, %bt, %acc {isAsync = true} : !tile * !tile -> !acc
      %done = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : !acc
      %s1 = arith.addi %s, %c1 : i32
      %w = arith.cmpi eq, %s1, %c3 : i32
      %sn = arith.select %w, %c0, %s1 : i32
      %f = arith.xori %ph, %c1 : i32
      %phn = arith.select %w, %f, %ph : i32
      scf.yield %done, %sn, %phn : !acc, i32, i32
    }
    tt.return %r#0 : !acc
  }
}
// Nodes: 0 %bar, 1 %at, 2 %bt, 3 expect, 4 copy A, 5 copy B, 6 wait, 7 %d, 8 %done, 9.. the slot.
// Edges are sorted by (src, dst, distance), one per pair: the wait's first edge to the expect and
// the wgmma wait's to each copy are those of distance 3 (distance 1 before rings were told apart).
// JSON: "src": 6,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 3,
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "ring": "%bars"
// JSON: "src": 8,
// JSON-NEXT: "dst": 4,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 3,
// JSON-NEXT: "kind": "memory",
// JSON-NEXT: "ring": "%a_ring"
// JSON: "src": 8,
// JSON-NEXT: "dst": 5,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 3,
// JSON-NEXT: "kind": "memory",
// JSON-NEXT: "ring": "%b_ring"
// JSON: "rings": [
// JSON-NEXT: {
// JSON-NEXT: "value": "%bars",
// JSON-NEXT: "kind": "barrier",
// JSON-NEXT: "slots": 3,
// JSON-NEXT: "proven": true,
// JSON-NEXT: "reason": "",
// JSON-NEXT: "depth_from": "leading_dimension"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "value": "%a_ring",
// JSON-NEXT: "kind": "buffer",
// JSON-NEXT: "slots": 3,
// JSON-NEXT: "proven": true,
// JSON-NEXT: "reason": "",
// JSON-NEXT: "depth_from": "leading_dimension"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "value": "%b_ring",
// JSON: "rrt":
// The copies of the next iterations run while the wgmma of this one does, a stage later.
// TABLE: cost-based, scheduled, II 16, 2 stages
// TABLE: 0 10 9 8 ttng.async_tma_copy_global_to_local@29
// TABLE-NEXT: 1 0 17 1 ttng.wait_barrier@30
// TABLE-NEXT: 1 1 18 8 %d = ttng.warp_group_dot
