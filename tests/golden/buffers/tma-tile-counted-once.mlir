// A TMA copy's tile that a `ttg.local_alloc` takes as its initial value is the allocation's memory:
// Triton's pipeliner makes the allocation the copy's destination, so the bytes are counted once,
// with the allocation (docs/target-model.md, "One cost per op"; docs/decisions.md, "Buffer
// assignment"). Triton's pre-pipelining Hopper GEMM of two 128x128 f16 descriptor loads: each tile
// is its allocation's, one slot per II from the copy to the end of the MMA that reads it (the copies
// run two stages ahead: three slots each, Triton's num_stages), and none is also counted in registers.
// The accumulator is one register copy: only its own MMA reads it, in place.
// RUN: %tilesched %shared/benchmarks/real-ir/triton-upstream-tests/pipeline-lower-loop__tma_pipelining_mmav3.mlir 2>&1 | FileCheck %s
// CHECK: memory: SMEM 192 KiB of 227 KiB, registers about 212 per thread
// CHECK-NEXT: buffers: %A_sh smem 96 KiB (3 slots), %B_sh smem 96 KiB (3 slots), %acc_res registers 64 KiB
