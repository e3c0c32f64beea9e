// --emit=perfetto: a Chrome / Perfetto trace (Trace Event Format, JSON object form): per block a
// process, a track per stage and per resource (split into lanes where slices overlap), each op of
// stage count + 2 iterations an "X" slice, 1 cycle = 1 us. tt.num_stages = 1: Triton does not
// pipeline the loop, so its loads keep the generator's stages.
// RUN: %tilesched %s --generator=cost-based --emit=perfetto | FileCheck %s
// RUN: %tilesched %s --generator=cost-based --emit=perfetto | python3 %S/check_trace.py 4
module {
  func.func @gemm_like(%lb: i32, %ub: i32, %step: i32, %p: tensor<64x64x!tt.ptr<f16>>, %acc0: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %acc0) -> (tensor<64x64xf32>) : i32 {
      %a = tt.load %p {sched.latency = 2 : i32, sched.footprint = [["tma", "alu_issue"], ["alu_issue", "alu_issue"]]} : tensor<64x64x!tt.ptr<f16>>
      %s = ttg.local_alloc %a {sched.latency = 1 : i32, sched.footprint = []} : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16>
      %d = tt.dot %s, %s, %acc {sched.latency = 3 : i32, sched.footprint = []} : !ttg.memdesc<64x64xf16> * !ttg.memdesc<64x64xf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {tt.num_stages = 1 : i32}
    return %r : tensor<64x64xf32>
  }
}
// CHECK: "traceEvents": [
// CHECK: "name": "process_name",
// CHECK: "name": "@gemm_like/scf.for %i (line 9): II 3, 2 stages, 4 iterations"
// CHECK: "name": "stage 0"
// CHECK: "name": "tt.load %a",
// CHECK-NEXT: "cat": "stage",
// CHECK-NEXT: "ph": "X",
// CHECK-NEXT: "ts": 0,
// CHECK-NEXT: "dur": 2,
// CHECK-NEXT: "pid": 1,
// CHECK-NEXT: "tid": 1,
// CHECK-NEXT: "args": {
// CHECK-NEXT: "op": "tt.load",
// CHECK-NEXT: "line": 10,
// CHECK: "name": "stage 1"
// CHECK: "name": "tt.dot %d",
// CHECK-NEXT: "cat": "stage",
// CHECK-NEXT: "ph": "X",
// CHECK-NEXT: "ts": 3,
// CHECK-NEXT: "dur": 3,
// The load holds two alu_issue units in its second cycle: the pool's track gets a second lane.
// CHECK: "name": "resource tma"
// CHECK: "name": "resource alu_issue #1"
// CHECK: "name": "resource alu_issue #2"
// CHECK: "otherData": {
// CHECK-NEXT: "tool": "tilesched {{.*}}",
// CHECK-NEXT: "time_unit": "1 us of the trace = 1 cycle of the target model"
