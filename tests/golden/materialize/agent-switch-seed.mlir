// Seed 003's AWS materialization on nv_tileas loops (docs/decisions.md, "Agents and
// agent_switch"). @aws_gemm: the pipeline's producer side (acquire, the two TMA copies, commit)
// is the producer agent, the rest one compute agent: stage_count 2 is not above 0.6 x the
// iteration's work. @aws_dual: the same loop at one cycle per op runs 8 stages over 10 cycles of
// work, 8 > 0.6 x 10, so compute is split into two 4-warp SIMT agents (facts §7.3).
// @no_copy, pipelined with --generator=cost-based, has no TMA copy and no producer side: it stays
// synchronous, said in a note. The printed IR parses back and checks.
// RUN: %tilesched %s --model=hopper --emit=ir 2>/dev/null | FileCheck %s
// RUN: %tilesched %s --model=hopper --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %tilesched %s --model=hopper --generator=cost-based 2>&1 >/dev/null | FileCheck %s --check-prefix=SYNC
// RUN: %tilesched %s --model=hopper --emit=ir 2>/dev/null | %tilesched - --model=hopper --check | FileCheck %s --check-prefix=BACK
!a_desc = !nv_tileas.tma_desc<128x64xf16>
!b_desc = !nv_tileas.tma_desc<64x128xf16>
!prod = !nv_tileas.PipelineProducerToken
!cons = !nv_tileas.PipelineConsumerToken
!iter = !nv_tileas.PipelineIterator<tile<128x64xf16>>
!acc = tensor<128x128xf32>
module {
  "func.func"() <{sym_name = "aws_gemm", function_type = (!a_desc, !b_desc, index, !acc, !prod, !cons, !iter) -> !acc}> ({
  ^bb0(%A: !a_desc, %B: !b_desc, %K: index, %acc0: !acc, %ptok: !prod, %ctok: !cons, %it0: !iter):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %res:2 = "scf.for"(%c0, %K, %c64, %acc0, %it0) ({
    ^bb0(%k: index, %acc: !acc, %it: !iter):
      %stage = "nv_tileas.async.pipeline.producer_acquire"(%ptok, %it) : (!prod, !iter) -> !prod
      %ta = "nv_tileas.async.tiled_tma_load"(%A, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!a_desc, !prod, index) -> !nv_tileas.AsyncToken
      %tb = "nv_tileas.async.tiled_tma_load"(%B, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!b_desc, !prod, index) -> !nv_tileas.AsyncToken
      %committed = "nv_tileas.async.pipeline.producer_commit"(%stage, %ta, %tb) : (!prod, !nv_tileas.AsyncToken, !nv_tileas.AsyncToken) -> !prod
      %ready = "nv_tileas.async.pipeline.consumer_wait"(%ctok, %it) <{consumer_idx = 0 : i32}> : (!cons, !iter) -> !cons
      %a, %b = "nv_tileas.async.pipeline.consumer_read"(%ready, %committed) <{consumer_idx = 0 : i32}> : (!cons, !prod) -> (tensor<128x64xf16>, tensor<64x128xf16>)
      %acc_n = "nv_tileas.async.dot"(%a, %b, %acc) : (tensor<128x64xf16>, tensor<64x128xf16>, !acc) -> !acc
      %done = "nv_tileas.async.wait"(%acc_n) : (!acc) -> !acc
      %released = "nv_tileas.async.pipeline.consumer_release"(%ready, %done) : (!cons, !acc) -> !cons
      %it_n = "nv_tileas.async.pipeline.inc_iter"(%it) : (!iter) -> !iter
      "scf.yield"(%done, %it_n) : (!acc, !iter) -> ()
    }) : (index, index, index, !acc, !iter) -> (!acc, !iter)
    "func.return"(%res#0) : (!acc) -> ()
  }) : () -> ()
  "func.func"() <{sym_name = "aws_dual", function_type = (!a_desc, !b_desc, index, !acc, !prod, !cons, !iter) -> !acc}> ({
  ^bb0(%A: !a_desc, %B: !b_desc, %K: index, %acc0: !acc, %ptok: !prod, %ctok: !cons, %it0: !iter):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %res:2 = "scf.for"(%c0, %K, %c64, %acc0, %it0) ({
    ^bb0(%k: index, %acc: !acc, %it: !iter):
      %stage = "nv_tileas.async.pipeline.producer_acquire"(%ptok, %it) {sched.latency = 1 : i32, sched.footprint = []} : (!prod, !iter) -> !prod
      %ta = "nv_tileas.async.tiled_tma_load"(%A, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {sched.latency = 1 : i32, sched.footprint = []} : (!a_desc, !prod, index) -> !nv_tileas.AsyncToken
      %tb = "nv_tileas.async.tiled_tma_load"(%B, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {sched.latency = 1 : i32, sched.footprint = []} : (!b_desc, !prod, index) -> !nv_tileas.AsyncToken
      %committed = "nv_tileas.async.pipeline.producer_commit"(%stage, %ta, %tb) {sched.latency = 1 : i32, sched.footprint = []} : (!prod, !nv_tileas.AsyncToken, !nv_tileas.AsyncToken) -> !prod
      %ready = "nv_tileas.async.pipeline.consumer_wait"(%ctok, %it) <{consumer_idx = 0 : i32}> {sched.latency = 1 : i32, sched.footprint = []} : (!cons, !iter) -> !cons
      %a, %b = "nv_tileas.async.pipeline.consumer_read"(%ready, %committed) <{consumer_idx = 0 : i32}> {sched.latency = 1 : i32, sched.footprint = []} : (!cons, !prod) -> (tensor<128x64xf16>, tensor<64x128xf16>)
      %acc_n = "nv_tileas.async.dot"(%a, %b, %acc) {sched.latency = 1 : i32, sched.footprint = []} : (tensor<128x64xf16>, tensor<64x128xf16>, !acc) -> !acc
      %released = "nv_tileas.async.pipeline.consumer_release"(%ready, %acc_n) {sched.latency = 1 : i32, sched.footprint = []} : (!cons, !acc) -> !cons
      %it_n = "nv_tileas.async.pipeline.inc_iter"(%it) {sched.latency = 1 : i32, sched.footprint = []} : (!iter) -> !iter
      "scf.yield"(%acc_n, %it_n) : (!acc, !iter) -> ()
    }) : (index, index, index, !acc, !iter) -> (!acc, !iter)
    "func.return"(%res#0) : (!acc) -> ()
  }) : () -> ()
  "func.func"() <{sym_name = "no_copy", function_type = (!nv_tileas.ptr, index, !acc) -> !acc}> ({
  ^bb0(%P: !nv_tileas.ptr, %K: index, %acc0: !acc):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %res = "scf.for"(%c0, %K, %c64, %acc0) ({
    ^bb0(%k: index, %acc: !acc):
      %x = "nv_tileas.load"(%P, %k) : (!nv_tileas.ptr, index) -> tensor<128x128xf16>
      %acc_n = "nv_tileas.dot"(%x, %x, %acc, %c1) : (tensor<128x128xf16>, tensor<128x128xf16>, !acc, i32) -> !acc
      "scf.yield"(%acc_n) : (!acc) -> ()
    }) : (index, index, index, !acc) -> !acc
    "func.return"(%res) : (!acc) -> ()
  }) : () -> ()
}
// CHECK-LABEL: sym_name = "aws_gemm"
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "nv_tileas.async.pipeline.agent_switch"() {num_agents_per_group = 1 : i32, max_regs = array<i32: 48, 256>, isolated = false, num_warps = array<i32: 4, 4>, roles = ["producer", "compute"], agents = {{\[}}["%stage", "%ta", "%tb", "%committed"], ["%ready", "%it_n", "%a", "%acc_n", "%done", "%released"]]} : () -> ()
// CHECK: %ta = "nv_tileas.async.tiled_tma_load"{{.*}}nv_tile.aws.agent = array<i32: 0>}
// CHECK: %acc_n = "nv_tileas.async.dot"{{.*}}nv_tile.aws.agent = array<i32: 1>}
// CHECK-LABEL: sym_name = "aws_dual"
// CHECK: "nv_tileas.async.pipeline.agent_switch"() {num_agents_per_group = 2 : i32, max_regs = array<i32: 48, 232, 232>, isolated = false, num_warps = array<i32: 4, 4, 4>, roles = ["producer", "compute", "compute"], agents = {{\[}}["%stage", "%ta", "%tb", "%committed"], ["%ready", "%it_n", "%a", "%acc_n", "%released"], ["%ready", "%it_n", "%a", "%acc_n", "%released"]], dual_simt} : () -> ()
// CHECK: %acc_n = "nv_tileas.async.dot"{{.*}}nv_tile.aws.agent = array<i32: 1, 2>}
// CHECK-LABEL: sym_name = "no_copy"
// CHECK-NOT: agent_switch

// NOTE: agent-switch-seed.mlir:23:14: note: warp-specialized into 2 agents: a producer with 4 ops on 4 warps and at most 48 registers per thread; a compute agent with 6 ops on 4 warps and at most 256 registers per thread; one compute agent because 2 stages do not exceed 60 % of the 31 cycles of work per iteration (the dual-SIMT rule)
// NOTE: agent-switch-seed.mlir:43:14: note: warp-specialized into 3 agents: a producer with 4 ops on 4 warps and at most 48 registers per thread; a compute agent with 5 ops on 4 warps and at most 232 registers per thread; a compute agent with 5 ops on 4 warps and at most 232 registers per thread; two compute agents because 6 stages exceed 60 % of the 9 cycles of work per iteration (the dual-SIMT rule)
// NOTE-NOT: not warp-specialized

// SYNC: agent-switch-seed.mlir:63:12: note: not warp-specialized: no split into agents works for this loop (no op of the loop issues a TMA copy or a pipeline's producer side), so all its warps run every op

// BACK: block @aws_gemm/scf.for %k (line {{[0-9]+}}): pinned schedule, checked, II 16, 2 stages
// BACK: block @aws_dual/scf.for %k (line {{[0-9]+}}): pinned schedule, checked, II 1, 6 stages
// BACK: block @no_copy/scf.for %k (line {{[0-9]+}}): pinned schedule, checked
