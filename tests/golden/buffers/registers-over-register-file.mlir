// The register tensors a schedule keeps are held to the SM's register file (65536 4-byte registers
// on the H100: 256 KiB; docs/decisions.md, "Memory as the compiler allocates it"). Triton's
// fused_loop keeps its 128x256 f32 accumulator (128 KiB over 4 warps: 256 registers a thread) in a
// Pipe_ of two slots, since its reader runs a stage after the MMA: 264217 B per CTA, which no CTA
// can hold. The warning says so at the accumulator; the estimate still counts one CTA per SM, as
// the compiler runs it, each thread at its 255 registers with the rest spilled.
// RUN: %tilesched --model=hopper-measured %shared/benchmarks/real-ir/triton-upstream-tests/loop-schedule__fused_loop.mlir 2>&1 | FileCheck %s
// CHECK: buffers: %27 registers 256 KiB (2 slots)
// CHECK: 1 CTA(s) per SM (limit: shared memory (144 KiB per CTA))
// CHECK: loop-schedule__fused_loop.mlir:122:11: warning: the loop keeps 264217 B of register tensors per CTA (the largest, %27: 2 slot(s) of 128 KiB), more than the 256 KiB register file of an SM of the NVIDIA H100 80GB HBM3: no CTA can hold them in registers; the compiler spills the excess to local memory, traffic the estimate's time does not count
