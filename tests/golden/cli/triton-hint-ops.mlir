// Ops a Triton kernel carries from other dialects, each costed as the register bookkeeping it is
// (docs/target-model.md, no unit, latency 1) instead of guessed as unknown: ub.poison (the
// pipeliner's undefined initial value), llvm.intr.assume (what tl.assume emits) and NVGPU's
// nvg.cluster_id (a special-register read, Pure in NVGPUOps.td), on both machines.
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %tilesched %s --model=hopper-measured 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: block @hints/scf.for %k (line {{[0-9]+}}): serial, scheduled
// CHECK-DAG: %cid = nvg.cluster_id {{[0-9]+}} -
// CHECK-DAG: llvm.intr.assume@{{[0-9]+}} {{[0-9]+}} -
// CHECK-DAG: %z = ub.poison {{[0-9]+}} -
module {
  tt.func @hints(%lb: i32, %ub: i32, %step: i32) {
    %init = arith.constant 0 : i32
    %r = scf.for %k = %lb to %ub step %step iter_args(%acc = %init) -> (i32) : i32 {
      %cid = nvg.cluster_id
      %pos = arith.cmpi sge, %k, %lb : i32
      llvm.intr.assume %pos : i1
      %z = ub.poison : i32
      %s = arith.addi %acc, %cid : i32
      %t = arith.select %pos, %s, %z : i32
      scf.yield %t : i32
    }
    tt.return
  }
}
