// A wait acquires barrier writes too (docs/decisions.md "Memory and synchronisation edges"): the
// mbarrier lives in shared memory, so an expect or an arrive written after a wait stays after it.
// A warp-specialised producer waits on the slot's "empty" barrier, then arms the "full" barrier
// with an expect and issues the TMA copy that completes on it; nothing in its loop waits on
// "full" (the consumer does, in its own loop), so before this rule the expect had no ordering
// edge and could be scheduled ahead of the wait. The consumer's arrive on "empty" likewise
// follows its wait on "full" directly.
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --generator=cost-based | FileCheck %s --check-prefix=TABLE
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @producer(%lb: i32, %ub: i32, %step: i32, %desc: !tt.tensordesc<tensor<128x64xf16, #shared>>,
                    %bufs: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
                    %full: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>, %empty: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %k = %lb to %ub step %step iter_args(%i = %c0, %ph = %c0) -> (i32, i32) : i32 {
      %e = ttg.memdesc_index %empty[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %e, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %f = ttg.memdesc_index %full[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.barrier_expect %f, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttng.async_tma_copy_global_to_local %desc[%k, %c0] %buf, %f, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %i1 = arith.addi %i, %c1 : i32
      %ph1 = arith.xori %ph, %c1 : i32
      scf.yield %i1, %ph1 : i32, i32
    }
    tt.return
  }
  tt.func @consumer(%lb: i32, %ub: i32, %step: i32, %out: tensor<128x64x!tt.ptr<f16>>,
                    %bufs: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
                    %full: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>, %empty: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %k = %lb to %ub step %step iter_args(%i = %c0, %ph = %c0) -> (i32, i32) : i32 {
      %f = ttg.memdesc_index %full[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %f, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %buf = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %x = ttg.local_load %buf : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16>
      %e = ttg.memdesc_index %empty[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      tt.store %out, %x : tensor<128x64x!tt.ptr<f16>>
      %i1 = arith.addi %i, %c1 : i32
      %ph1 = arith.xori %ph, %c1 : i32
      scf.yield %i1, %ph1 : i32, i32
    }
    tt.return
  }
}
// Producer nodes: 0 %e, 1 wait (empty), 2 %f, 3 expect (full), 4 %buf, 5 copy; edges in (src, dst, distance) order.
// JSON-LABEL: "name": "@producer/scf.for %k"
// JSON: "src": 1,
// JSON-NEXT: "dst": 1,
// JSON: "src": 1,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "src": 1,
// JSON-NEXT: "dst": 5,
// Consumer nodes: 0 %f, 1 wait (full), 2 %buf, 3 %x, 4 %e, 5 arrive (empty), 6 store.
// JSON-LABEL: "name": "@consumer/scf.for %k"
// JSON: "src": 1,
// JSON-NEXT: "dst": 1,
// JSON: "src": 1,
// JSON-NEXT: "dst": 3,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "src": 1,
// JSON-NEXT: "dst": 5,
// JSON-NEXT: "latency": 1,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "barrier"
// The expect is scheduled after the wait even by the cost-based generator.
// TABLE-LABEL: block @producer/scf.for %k
// TABLE: 0 5 1 1 ttng.wait_barrier@22
// TABLE-NEXT: 0 6 2 1 ttng.barrier_expect@24
