// A loop whose ops carry Triton's warp-specialised partitions (ttg.partition): tilesched
// schedules it as one agent, keeps the partitions as attributes in the scheduled IR and emits no
// agent_switch, and says so in a note at the first partitioned op (docs/decisions.md, "No
// agent_switch partitioning").
// RUN: %tilesched %s --generator=cost-based 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %tilesched %s --generator=cost-based 2>/dev/null | FileCheck %s --check-prefix=TABLE
// RUN: %tilesched %s --generator=cost-based --emit=ir 2>/dev/null | FileCheck %s --check-prefix=IR
module {
  func.func @ws_gemm(%lb: i32, %ub: i32, %step: i32, %p: tensor<64x64x!tt.ptr<f16>>, %acc0: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %acc0) -> (tensor<64x64xf32>) : i32 {
      %a = tt.load %p {ttg.partition = array<i32: 1>, sched.latency = 2 : i32, sched.footprint = [["tma"]]} : tensor<64x64x!tt.ptr<f16>>
      %s = ttg.local_alloc %a {ttg.partition = array<i32: 1>, sched.latency = 1 : i32} : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16>
      %d = tt.dot %s, %s, %acc {ttg.partition = array<i32: 2>, sched.latency = 3 : i32} : !ttg.memdesc<64x64xf16> * !ttg.memdesc<64x64xf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32}
    return %r : tensor<64x64xf32>
  }
}
// NOTE: warp-specialized-partitions.mlir:11:12: note: 3 ops of this block carry warp-specialised partitions (ttg.partition): the block is scheduled as one agent, the partitions are kept as attributes and no agent_switch is emitted
// TABLE: block @ws_gemm/scf.for %i (line 10): cost-based, scheduled

// IR: tt.load {{.*}}ttg.partition = array<i32: 1>
// IR: tt.dot {{.*}}ttg.partition = array<i32: 2>
// IR: } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32
// IR-NOT: agent_switch
