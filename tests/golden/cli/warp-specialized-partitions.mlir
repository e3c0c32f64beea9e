// A loop whose ops carry Triton's warp-specialised partitions (ttg.partition): each partition is
// an agent, printed as seed 003's agent_switch with each op's agent stamped, the partitions kept as
// attributes (docs/decisions.md, "Agents and agent_switch") and listed side by side in the table.
// Neither partition issues a TMA copy, so both are compute agents.
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
// NOTE: warp-specialized-partitions.mlir:10:10: note: warp-specialized into 2 agents (the IR's partitions): a compute agent, partition 1, with 2 ops on 4 warps and at most 256 registers per thread; a compute agent, partition 2, with 1 op on 4 warps and at most 256 registers per thread
// TABLE: block @ws_gemm/scf.for %i (line 10): cost-based, scheduled
// TABLE: agents side by side (each issues on its own warps; TMA, tensor cores and memory are the SM's; ? warps assumed):
// TABLE-NEXT: agent        role     warps  max regs  ops  stages  units
// TABLE-NEXT: partition 1  compute     4?       256    2  0-2     tma
// TABLE-NEXT: partition 2  compute     4?       256    1  2       tc_and_mma, tp_mma, tmem_banks

// IR: "nv_tileas.async.pipeline.agent_switch"() {num_agents_per_group = 2 : i32, max_regs = array<i32: 256, 256>, isolated = false, num_warps = array<i32: 4, 4>, roles = ["compute", "compute"], agents = {{\[}}["%a", "%s"], ["%d"]]} : () -> ()
// IR: tt.load {{.*}}ttg.partition = array<i32: 1>{{.*}}nv_tile.aws.agent = array<i32: 0>
// IR: tt.dot {{.*}}ttg.partition = array<i32: 2>{{.*}}nv_tile.aws.agent = array<i32: 1>
// IR: } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32
