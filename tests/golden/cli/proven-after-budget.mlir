// A spent refinement budget is a warning only while a smaller II may exist (issue 17's optimality
// certificate): here the budget runs out at II 26, the proof shows no schedule below 26, and the
// budget's story is a note; without the proof (--proof-budget=0) it stays a warning. The ring's
// slot wraps at a count the IR does not fix (%slots), so its slots are ordered as one location.
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=PROVEN --implicit-check-not=warning:
// RUN: %tilesched %s --model=hopper --proof-budget=0 2>&1 | FileCheck %s --check-prefix=UNPROVEN
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @hopper_gemm(%a_desc: !tt.tensordesc<128x64xf16, #nvmma>,
                              %b_desc: !tt.tensordesc<64x128xf16, #nvmma>,
                              %k_tiles: i32, %m: i32, %n: i32, %slots: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %a_ring = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable>
    %b_ring = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #bar, #smem, mutable>
    %res:3 = scf.for %k = %c0 to %k_tiles step %c1
        iter_args(%acc = %zero, %slot = %c0, %phase = %c0)
        -> (tensor<128x128xf32, #mma>, i32, i32) : i32 {
      %off = arith.muli %k, %c64 : i32
      %bar_k = ttg.memdesc_index %bars[%slot] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %a_buf = ttg.memdesc_index %a_ring[%slot] : !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
      %b_buf = ttg.memdesc_index %b_ring[%slot] : !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
      ttng.barrier_expect %bar_k, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.async_tma_copy_global_to_local %a_desc[%m, %off] %a_buf, %bar_k, %true
          : !tt.tensordesc<128x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
      ttng.async_tma_copy_global_to_local %b_desc[%off, %n] %b_buf, %bar_k, %true
          : !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
      ttng.wait_barrier %bar_k, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %d = ttng.warp_group_dot %a_buf, %b_buf, %acc {inputPrecision = 0 : i32, isAsync = true}
          : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable> * !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
          -> tensor<128x128xf32, #mma>
      %done = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      %next = arith.addi %slot, %c1 : i32
      %wrap = arith.cmpi eq, %next, %slots : i32
      %slot_n = arith.select %wrap, %c0, %next : i32
      %flip = arith.xori %phase, %c1 : i32
      %phase_n = arith.select %wrap, %flip, %phase : i32
      scf.yield %done, %slot_n, %phase_n : tensor<128x128xf32, #mma>, i32, i32
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}
// PROVEN: cost-based, scheduled, II 26
// PROVEN: optimality: proven, no schedule exists below II 26
// PROVEN: note: the refinement budget (--max-constraint-iterations=10) ran out before the II search finished; keeping the smallest II found, 26, the smallest that exists

// UNPROVEN: optimality: not proven: budget, no schedule exists below II 24
// UNPROVEN: warning: the refinement budget (--max-constraint-iterations=10) ran out before the II search finished; keeping the smallest II found, 26, which may not be minimal

// Why this II, in the JSON document: the resource bound's terms (two TMA copies of 8 cycles on
// the one-unit `tma`: 16), the recurrence's edges, and what stopped each II below 26.
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s --check-prefix=WHY
// RUN: %tilesched %s --model=hopper --proof-budget=0 --emit=json | FileCheck %s --check-prefix=WHYCUT
// WHY: "target_model": "hopper",
// WHY-NEXT: "mismatch": false,
// WHY: "binding": "tma",
// WHY-NEXT: "binding_capacity": 1,
// WHY-NEXT: "binding_ops": [
// WHY-NEXT: {
// WHY-NEXT: "op": 5,
// WHY-NEXT: "units": 8
// WHY-NEXT: },
// WHY-NEXT: {
// WHY-NEXT: "op": 6,
// WHY-NEXT: "units": 8
// WHY: "critical_cycle": [
// WHY-NEXT: 5,
// WHY-NEXT: 7,
// WHY-NEXT: 8,
// WHY-NEXT: 9
// WHY: "critical_edges": [
// WHY-NEXT: 11,
// WHY-NEXT: 21,
// WHY-NEXT: 23,
// WHY-NEXT: 24
// WHY: "below": [
// WHY-NEXT: {
// WHY-NEXT: "ii": 18,
// WHY-NEXT: "result": "infeasible",
// WHY-NEXT: "op": 6,
// WHY-NEXT: "resource": "tma",
// WHY-NEXT: "reason": "no seat for ttng.async_tma_copy_global_to_local@35 at II 18: every row of its window is taken {{.*}}; the exact search then exhausted every placement"
// WHY: "ii": 24,
// WHY-NEXT: "result": "infeasible",
// WHY-NEXT: "op": -1,
// WHY-NEXT: "resource": "",
// WHY-NEXT: "reason": "a recurrence of 3 ops with a footprint has no schedule"
// WHY: "ii": 25,
// WHY-NEXT: "result": "infeasible",
// WHY: "summary": {
// Without the proof, II 24 was never searched: no entry.
// WHYCUT: "status": "bound",
// WHYCUT-NEXT: "lower_bound": 24
// WHYCUT: "ii": 23,
// WHYCUT-NOT: "ii": 24,
// WHYCUT: "ii": 25,
// WHYCUT: "summary": {
