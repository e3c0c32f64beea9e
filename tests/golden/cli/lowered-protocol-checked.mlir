// A warp-specialized consumer loop as Triton's NVWS lowering leaves it: the wait on the slot's
// "full" barrier with a phase computed from the iteration, the MMA reading the slot, and the arrive
// on its "empty" barrier that hands the slot back to the producer. Rescheduled, the arrive would
// leave the wait's stage and the phases would no longer match the protocol; the loop is checked
// in its own order instead, every op in stage 0, and a note says so (docs/decisions.md, "Lowered
// protocols are checked"). Cost-based scheduling of this loop put the arrive in stage 1 and left
// the wait in stage 0.
// RUN: %tilesched %s --model=hopper 2>/dev/null | FileCheck %s
// RUN: %tilesched %s --model=hopper --generator=cost-based 2>/dev/null | FileCheck %s
// RUN: %tilesched %s --model=hopper 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %tilesched %s --model=hopper --emit=json 2>/dev/null | FileCheck %s --check-prefix=JSON
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @consumer(%n: i32, %acc0: tensor<128x128xf32, #mma>,
                    %a: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>,
                    %full: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>, %empty: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %i = %c0, %ph = %c0) -> (tensor<128x128xf32, #mma>, i32, i32) : i32 {
      %f = ttg.memdesc_index %full[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %f, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %sa = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %sb = ttg.memdesc_index %b[%i] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %sa, %sb, %acc {isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
      %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      %e = ttg.memdesc_index %empty[%i] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %i1 = arith.addi %i, %c1 : i32
      %wrap = arith.cmpi eq, %i1, %c3 : i32
      %i2 = arith.select %wrap, %c0, %i1 : i32
      %flip = arith.xori %ph, %c1 : i32
      %ph1 = arith.select %wrap, %flip, %ph : i32
      scf.yield %w, %i2, %ph1 : tensor<128x128xf32, #mma>, i32, i32
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}
// CHECK: block @consumer/scf.for %k (line 23): serial, checked, II {{[0-9]+}}, 1 stage
// CHECK: 0      0      {{.*}} %f = ttg.memdesc_index
// CHECK-NEXT: 0      1      {{.*}} ttng.wait_barrier@25
// CHECK-NEXT: 0      2      {{.*}} %sa = ttg.memdesc_index
// CHECK-NEXT: 0      3      {{.*}} %sb = ttg.memdesc_index
// CHECK-NEXT: 0      4      {{.*}} %d = ttng.warp_group_dot
// CHECK-NEXT: 0      5      {{.*}} %w = ttng.warp_group_dot_wait
// CHECK-NEXT: 0      6      {{.*}} %e = ttg.memdesc_index
// CHECK-NEXT: 0      7      {{.*}} ttng.arrive_barrier@31

// NOTE: lowered-protocol-checked.mlir:23:12: note: block '@consumer/scf.for %k' is already pipelined: it carries a lowered barrier protocol (ttng.wait_barrier at 25:7, ttng.arrive_barrier at 31:7), so its own order is checked against the dependences instead of rescheduled; every op stays in stage 0, each arrive in the stage of the wait it answers

// JSON: "name": "@consumer/scf.for %k"
// JSON: "status": "checked"
