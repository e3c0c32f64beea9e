// Ops without results (waits, fences) are named in Pipe_ consumers and Mutex_ protects/reasons by
// op name and rank among same-named such ops in the printed block, (stage, order) — not by source
// line, which moves when the block is printed with its Pipe_/Mutex_ ops (docs/decisions.md,
// "Names"). So the scheduled IR, checked and printed again, is the same text (a fixed point).
// RUN: %tilesched %s --emit=ir | FileCheck %s
// RUN: diff <(%tilesched %s --emit=ir) <(%tilesched %s --emit=ir | %tilesched - --check --emit=ir)
#smem = #ttg.shared_memory
module {
  tt.func @two_waits(%lb: i32, %ub: i32, %step: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    %r = scf.for %k = %lb to %ub step %step iter_args(%ph = %c0) -> (i32) : i32 {
      %ph1 = arith.xori %ph, %c1 : i32
      %b0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %b1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.fence_async_shared {bCluster = false, sched.label = "f"}
      ttng.wait_barrier %b1, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.wait_barrier %b0, %ph {sched.deps = [["@f", 2, 0]]} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      scf.yield %ph1 : i32
    }
    tt.return
  }
}
// CHECK: %Pipe_0 = "nv_tileas.pipe"(%ph1) {{.*}} consumers = ["%ph1", "ttng.wait_barrier#0", "ttng.wait_barrier#1"]
// CHECK: %Mutex_0 = "nv_tileas.mutex"() {barrier = 1 : i32, protects = ["@f", "ttng.wait_barrier#1"], reasons = ["sched.deps @f -> ttng.wait_barrier#1 (latency 2, distance 0)"]
// CHECK: ttng.wait_barrier %b1, %ph {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 4 : i32
// CHECK: ttng.wait_barrier %b0, %ph {sched.deps = {{.*}}, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 5 : i32
