// --triton-latency with a tt.latency no schedule can honour (2^31 - 1 stages): the users would
// start past the cycle limit, so a warning at the first of them and the schedule as generated
// (it was an internal error: the shifted start wrapped around to a negative cycle).
// RUN: %tilesched %s --generator=cost-based --triton-latency 2>&1 | FileCheck %s
func.func @huge_latency(%lb: i32, %ub: i32, %step: i32, %p: tensor<64x64x!tt.ptr<f16>>) {
  scf.for %i = %lb to %ub step %step : i32 {
    %a = tt.load %p {tt.latency = 2147483647 : i32, sched.latency = 2 : i32, sched.footprint = [["tma"]]} : tensor<64x64x!tt.ptr<f16>>
    %s = ttg.local_alloc %a {sched.latency = 1 : i32, sched.footprint = []} : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16>
    scf.yield
  }
  return
}
// CHECK-NOT: internal error
// CHECK: block @huge_latency/scf.for %i (line 6): cost-based, scheduled, II 1, 3 stages
// CHECK: Triton: tt.latency moved 0 ops to a later stage
// CHECK: 2      0      2    1  %s = ttg.local_alloc
// CHECK: triton-latency-limit.mlir:8:10: warning: tt.latency would move this op past cycle 1073741824 (the cycle limit); the schedule is kept as generated
// CHECK-NOT: internal error
