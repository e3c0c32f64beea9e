// Ordering without values: the effect table of the target model gives memory and barrier edges
// (docs/decisions.md "Memory and synchronisation edges"). The wait comes after the expect and
// the TMA copy arriving on its barrier (latency 8: it never lands before what it waits for) and
// before the load it protects (acquire); the copy's write orders the load and the store; the
// next iteration's expect and copy come after this iteration's wait and load (distance 1).
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --generator=cost-based | FileCheck %s --check-prefix=COST
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @tma_wait(%lb: i32, %ub: i32, %step: i32, %desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %out: tensor<128x64x!tt.ptr<f16>>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #bar, #smem, mutable>
    %r:2 = scf.for %k = %lb to %ub step %step iter_args(%i = %c0, %ph = %c0) -> (i32, i32) : i32 {
      %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bar = ttg.memdesc_index %bars[%i] : !ttg.memdesc<2xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.async_tma_copy_global_to_local %desc[%k, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttng.wait_barrier %bar, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %x = ttg.local_load %buf : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16>
      tt.store %out, %x : tensor<128x64x!tt.ptr<f16>>
      %i1 = arith.xori %i, %c0 : i32
      %ph1 = arith.xori %ph, %c0 : i32
      scf.yield %i1, %ph1 : i32, i32
    }
    tt.return
  }
}
// Nodes: 0 %buf, 1 %bar, 2 expect, 3 copy, 4 wait, 5 %x, 6 store; edges in (src, dst, distance) order.
// JSON: "src": 2,
// JSON-NEXT: "dst": 4,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 3,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 8,
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "memory"
// JSON: "src": 3,
// JSON-NEXT: "dst": 4,
// JSON-NEXT: "latency": 8,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 3,
// JSON-NEXT: "dst": 5,
// JSON-NEXT: "latency": 8,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "memory"
// JSON: "src": 3,
// JSON-NEXT: "dst": 6,
// JSON-NEXT: "latency": 8,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "memory"
// JSON: "src": 4,
// JSON-NEXT: "dst": 2,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 4,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 4,
// JSON-NEXT: "dst": 4,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 4,
// JSON-NEXT: "dst": 5,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// JSON: "src": 5,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 7,
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "memory"
// JSON: "src": 5,
// JSON-NEXT: "dst": 6,
// JSON-NEXT: "latency": 7,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "data"
// JSON-NOT: "kind": "memory"
// JSON: "violations": []

// The recurrence copy -> load -> next copy (8 + 7) sets the II; the wait starts 8 cycles after the copy.
// (The stage compaction moves %ph1 to stage 1, beside its use: one stage crossing fewer.)
// COST: cost-based, scheduled, II 16, 2 stages
// COST: MII 16 = max(resource 8 [tma], recurrence 16,
// COST: 0 4 1 8 ttng.async_tma_copy_global_to_local@{{[0-9]+}}
// COST-NEXT: 0 5 9 1 ttng.wait_barrier@{{[0-9]+}}
// COST-NEXT: 0 6 10 7 %x = ttg.local_load
