// A warp-specialized Blackwell GEMM loop as Triton's partition scheduler leaves it (upstream
// test/TritonGPU/partition-scheduling.mlir's form): the TMA loads and their shared-memory copies
// in partition 2, the tcgen05 MMA in partition 1. The partitions are the agents: the loads'
// partition is the producer, the MMA's the compute agent, printed as seed 003's agent_switch with
// each op's agent stamped (docs/decisions.md, "Agents and agent_switch"). The printed IR parses
// back and checks.
// RUN: %tilesched %s --emit=ir 2>/dev/null | FileCheck %s
// RUN: %tilesched %s --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %tilesched %s --emit=ir 2>/dev/null | %tilesched - --check | FileCheck %s --check-prefix=BACK
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @ws_gemm(%a_desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %b_desc: !tt.tensordesc<tensor<64x128xf16, #nvmma>>,
                          %k_tiles: i32, %m: i32, %n: i32) -> tensor<128x128xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %false = arith.constant false
    %acc_tm, %acc_tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %res:2 = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%use_acc = %false, %tok = %acc_tok) -> (i1, !ttg.async.token) : i32 {
      %off = arith.muli %k, %c64 {ttg.partition = array<i32: 2>} : i32
      %a = tt.descriptor_load %a_desc[%m, %off] {ttg.partition = array<i32: 2>} : !tt.tensordesc<tensor<128x64xf16, #nvmma>> -> tensor<128x64xf16, #blocked>
      %b = tt.descriptor_load %b_desc[%off, %n] {ttg.partition = array<i32: 2>} : !tt.tensordesc<tensor<64x128xf16, #nvmma>> -> tensor<64x128xf16, #blocked>
      %a_s = ttg.local_alloc %a {ttg.partition = array<i32: 2>} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
      %b_s = ttg.local_alloc %b {ttg.partition = array<i32: 2>} : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #nvmma, #smem>
      %mma_tok = ttng.tc_gen5_mma %a_s, %b_s, %acc_tm[%tok], %use_acc, %true {ttg.partition = array<i32: 1>} :
          !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      scf.yield %true, %mma_tok : i1, !ttg.async.token
    } {tt.warp_specialize, ttg.partition.stages = [0 : i32, 1 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32}
    %out, %out_tok = ttng.tmem_load %acc_tm[%res#1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return %out : tensor<128x128xf32, #blocked>
  }
}
// CHECK: scf.for %k
// CHECK-NEXT: "nv_tileas.async.pipeline.agent_switch"() {num_agents_per_group = 1 : i32, max_regs = array<i32: 48, 256>, isolated = false, num_warps = array<i32: 4, 4>, roles = ["producer", "compute"], agents = {{\[}}["%off", "%a", "%b", "%a_s", "%b_s"], ["%mma_tok"]]} : () -> ()
// CHECK-NEXT: %off = arith.muli {{.*}}ttg.partition = array<i32: 2>, {{.*}}nv_tile.aws.agent = array<i32: 0>}
// CHECK: %a = tt.descriptor_load {{.*}}nv_tile.aws.agent = array<i32: 0>}
// CHECK: %mma_tok = ttng.tc_gen5_mma {{.*}}ttg.partition = array<i32: 1>, {{.*}}nv_tile.aws.agent = array<i32: 1>}
// CHECK: } {tt.warp_specialize, ttg.partition.stages = [0 : i32, 1 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32, nv_tile.aws.ii = 16 : i32, nv_tile.aws.stage_count = 3 : i32

// NOTE: agent-switch-triton.mlir:23:14: note: warp-specialized into 2 agents (the IR's partitions): a producer, partition 2, with 5 ops on 4 warps and at most 48 registers per thread; a compute agent, partition 1, with 1 op on 4 warps and at most 256 registers per thread

// BACK: block @ws_gemm/scf.for %k (line {{[0-9]+}}): pinned schedule, checked, II 16, 3 stages
