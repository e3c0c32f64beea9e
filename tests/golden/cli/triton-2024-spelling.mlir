// Triton's 2024 spelling (Triton 3.0-3.1, before `triton_gpu` / `triton_nvidia_gpu` were renamed
// `ttg` / `ttng`): every op is modelled as the op it was renamed to, so a 2024 Hopper attention
// loop with cp.async copies and dot_async is recognised and modulo-scheduled (it read as "no TMA,
// WGMMA or async-pipeline op among its 10 ops" and went serial, II 13), its result types are read
// as Triton's assembly formats place them, memdesc_subview / memdesc_trans are views, and the
// two-slot ring indexed through memdesc_subview orders the copy after the dot only two
// iterations later (JSON "ring"), so the copy runs ahead of the dot: II 9 in 3 stages.
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s --check-prefix=JSON --implicit-check-not='"modelled": false'
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
#smem = #triton_gpu.shared_memory
module attributes {"triton_gpu.num-warps" = 4 : i32} {
  tt.func @attention_2024(%k_ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %q: !tt.memdesc<128x64xf16, #shared, #smem>,
                          %lb: i32, %ub: i32, %step: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %ring = triton_gpu.local_alloc : () -> !tt.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %res:2 = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero, %slot = %c0) -> (tensor<128x64xf32, #mma>, i32) : i32 {
      %buf = triton_gpu.memdesc_subview %ring[%slot, %c0, %c0] : !tt.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !tt.memdesc<64x64xf16, #shared, #smem, mutable>
      %cp = triton_gpu.async_copy_global_to_local %k_ptrs, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %grp = triton_gpu.async_commit_group %cp
      %w = triton_gpu.async_wait %grp {num = 0 : i32}
      %kt = triton_gpu.memdesc_trans %buf {order = array<i32: 1, 0>} : !tt.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.memdesc<64x64xf16, #shared, #smem, mutable>
      %s = triton_nvidia_gpu.dot_async %q, %kt, %acc {inputPrecision = 0 : i32} : !tt.memdesc<128x64xf16, #shared, #smem> * !tt.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>
      %d = triton_nvidia_gpu.dot_wait %s {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %next = arith.addi %slot, %c1 : i32
      %wrap = arith.cmpi eq, %next, %c2 : i32
      %slot_n = arith.select %wrap, %c0, %next : i32
      scf.yield %d, %slot_n : tensor<128x64xf32, #mma>, i32
    }
    tt.return %res#0 : tensor<128x64xf32, #mma>
  }
}
// TABLE: block @attention_2024/scf.for %i (line 22): cost-based, scheduled, II 9, 3 stages
// TABLE-DAG: %buf = triton_gpu.memdesc_subview {{[0-9]+}} -
// TABLE-DAG: %cp = triton_gpu.async_copy_global_to_local {{[0-9]+}} tp_smem_wr x7
// TABLE-DAG: %kt = triton_gpu.memdesc_trans {{[0-9]+}} -
// TABLE-DAG: %s = triton_nvidia_gpu.dot_async {{[0-9]+}} tc_and_mma+tp_mma x8
// TABLE-DAG: %d = triton_nvidia_gpu.dot_wait {{[0-9]+}} -

// JSON: "op_count": 10,
// JSON-NEXT: "op_count_lowered": 10,
// JSON-NEXT: "has_tma": false,
// JSON-NEXT: "has_wgmma": true,
// JSON-NEXT: "has_async_pipeline": true,
// JSON: "reason": "10 ops, with WGMMA and async-pipeline ops",
// JSON: "name": "triton_gpu.async_copy_global_to_local",
// JSON: "name": "triton_gpu.async_commit_group",
// JSON: "distance": 2,
// JSON-NEXT: "kind": "memory",
// JSON-NEXT: "ring": "%ring"
// JSON: "rings": [
// JSON-NEXT: {
// JSON-NEXT: "value": "%ring",
// JSON-NEXT: "kind": "buffer",
// JSON-NEXT: "slots": 2,
// JSON-NEXT: "proven": true,
