// Each agent on its own share of the SM (docs/decisions.md, "Each agent on its own share of the
// SM"). Chunk 1: two partitions of four FMA-pipe ops each, on the module's 4 warps (assumed: the
// loop states none); each issues on its own warps' fma_issue (4 wide), so II 1, where one table
// for the whole loop would need II 2. Chunk 2: the
// same loop with partition 1 on one warp (the loop's ttg.partition_num_warps): its fma_issue is
// one wide, II 4. Chunk 3: loops in ttg.warp_specialize regions are their region's agent: the
// default region runs on the module's 4 warps (II 1), partition0 on num_warps(1) (II 4). The
// agents are listed side by side in the table and the JSON document, and the agent_switch gives
// each partition the warps the IR states.
// RUN: %tilesched %s --generator=cost-based | FileCheck %s
// RUN: %tilesched %s --generator=cost-based --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --generator=cost-based --emit=ir 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --generator=cost-based --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two_groups(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %a0 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a1 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a2 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a3 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %b0 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b1 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b2 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b3 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
    } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32}
    tt.return
  }
}
// CHECK: block @two_groups/scf.for %i (line {{[0-9]+}}, chunk 1 of 3): cost-based, scheduled, II 1,
// CHECK-NEXT: MII 1 = max(resource 1 [fma_issue (partition 0)]
// CHECK: agents side by side (each issues on its own warps; TMA, tensor cores and memory are the SM's; ? warps assumed):
// CHECK-NEXT: agent        role     warps  max regs  ops  stages  units
// CHECK-NEXT: partition 0  compute     4?       256    4  0       fma_issue (partition 0)
// CHECK-NEXT: partition 1  compute     4?       256    4  0       fma_issue (partition 1)


// JSON: "agents": [
// JSON-NEXT: {
// JSON-NEXT: "name": "partition 0",
// JSON-NEXT: "role": "compute",
// JSON-NEXT: "partition": 0,
// JSON-NEXT: "warps": 4,
// JSON-NEXT: "warps_stated": false,
// JSON-NEXT: "max_regs": 256,
// JSON: "units": [
// JSON-NEXT: "fma_issue (partition 0)"
// JSON: "name": "partition 1",
// JSON: "units": [
// JSON-NEXT: "fma_issue (partition 1)"
// JSON: "rrt": {
// JSON: "name": "fma_issue (partition 0)",
// JSON-NEXT: "capacity": 4,
// JSON-NEXT: "kind": "pool"
// JSON: "name": "fma_issue (partition 1)",
// JSON-NEXT: "capacity": 4,

// NOTE: agents-share.mlir:{{[0-9]+}}:5: note: warp-specialized into 2 agents (the IR's partitions): a compute agent, partition 0, with 4 ops on 4 warps and at most 256 registers per thread; a compute agent, partition 1, with 4 ops on 4 warps and at most 256 registers per thread
// NOTE: agents-share.mlir:{{[0-9]+}}:5: note: {{.*}}partition 1, with 4 ops on 1 warp and
// IR: @two_groups
// IR: agent_switch"() {num_agents_per_group = 2 : i32, max_regs = array<i32: 256, 256>, isolated = false, num_warps = array<i32: 4, 4>,
// IR: @one_warp
// IR: agent_switch"() {{.*}}num_warps = array<i32: 4, 1>,

// -----
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @one_warp(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %a0 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a1 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a2 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a3 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %b0 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b1 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b2 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
      %b3 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
    } {ttg.partition.stages = [0 : i32, 0 : i32], ttg.partition_num_warps = array<i32: 4, 1>, ttg.warp_specialize.tag = 0 : i32}
    tt.return
  }
}
// CHECK: block @one_warp/scf.for %i (line {{[0-9]+}}, chunk 2 of 3): cost-based, scheduled, II 4,
// CHECK-NEXT: MII 4 = max(resource 4 [fma_issue (partition 1)]
// CHECK: agents side by side (each issues on its own warps; TMA, tensor cores and memory are the SM's):
// CHECK-NEXT: agent        role     warps  max regs  ops  stages  units
// CHECK-NEXT: partition 0  compute      4       256    4  0       fma_issue (partition 0)
// CHECK-NEXT: partition 1  compute      1       256    4  0       fma_issue (partition 1)
// JSON: "warps": 1,
// JSON-NEXT: "warps_stated": true,
// JSON: "name": "fma_issue (partition 1)",
// JSON-NEXT: "capacity": 1,

// -----
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @regions(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    ttg.warp_specialize(%n, %x)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %a0 = arith.addf %x, %x : f32
        %a1 = arith.addf %x, %x : f32
        %a2 = arith.addf %x, %x : f32
        %a3 = arith.addf %x, %x : f32
      }
      ttg.warp_yield
    }
    partition0(%m: i32, %y: f32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %b0 = arith.mulf %y, %y : f32
        %b1 = arith.mulf %y, %y : f32
        %b2 = arith.mulf %y, %y : f32
        %b3 = arith.mulf %y, %y : f32
      }
      ttg.warp_return
    } : (i32, f32) -> ()
    tt.return
  }
}
// CHECK: block @regions/scf.for %i (line {{[0-9]+}}, chunk 3 of 3): cost-based, scheduled, II 1,
// CHECK: default  unassigned      4     -    4  0       fma_issue
// CHECK: block @regions/scf.for %j (line {{[0-9]+}}, chunk 3 of 3): cost-based, scheduled, II 4,
// CHECK-NEXT: MII 4 = max(resource 4 [fma_issue]
// CHECK: partition 0  unassigned      1     -    4  0       fma_issue
// JSON: "name": "default",
// JSON-NEXT: "role": "unassigned",
// JSON-NEXT: "partition": -1,
// JSON-NEXT: "warps": 4,
// JSON-NEXT: "warps_stated": true,
// JSON-NEXT: "max_regs": 0,
// JSON: "name": "partition 0",
// JSON-NEXT: "role": "unassigned",
// JSON-NEXT: "partition": 0,
// JSON-NEXT: "warps": 1,
// JSON: "name": "fma_issue",
// JSON-NEXT: "capacity": 1,
