// A TMA copy's tile that a `ttg.local_alloc` takes as its initial value is the allocation's memory:
// Triton's pipeliner makes the allocation the copy's destination, so the bytes are counted once,
// with the allocation (docs/target-model.md, "One cost per op"; docs/decisions.md, "Buffer
// assignment"). Triton's pre-pipelining Hopper GEMM of two 128x128 f16 descriptor loads: 64 KiB of
// SMEM, not 128.
// RUN: %tilesched %shared/benchmarks/real-ir/triton-upstream-tests/pipeline-lower-loop__tma_pipelining_mmav3.mlir 2>&1 | FileCheck %s
// CHECK: memory: SMEM 64 KiB of 227 KiB
// CHECK-NEXT: buffers: {{.*}}%A_sh smem 32 KiB, {{.*}}%B_sh smem 32 KiB
