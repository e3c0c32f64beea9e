// The register tensors a schedule keeps are held to the SM's register file (65536 4-byte registers
// on the H100: 256 KiB; docs/decisions.md, "Register tensors and the register file"). Triton's
// fused_loop keeps a 128x256 f32 accumulator (128 KiB over 4 warps). At II 1093 its reader runs
// 1093 cycles after the MMA, as the next MMA starts, so the first schedule keeps two copies:
// 263189 B per CTA, more than the file. The refit round limits %27 to one copy (its reader within
// II cycles of the MMA: one cycle more of II), Triton's loads still two stages ahead: one copy, no
// warning, and the estimate of the schedule before it.
// RUN: %tilesched --model=hopper-measured %shared/benchmarks/real-ir/triton-upstream-tests/loop-schedule__fused_loop.mlir 2>&1 | FileCheck %s
// CHECK: block @fused_loop/scf.for %arg29 (line 94): cost-based, scheduled, II 1094, 4 stages
// CHECK: memory: SMEM 144 KiB of 227 KiB
// CHECK-NEXT: buffers: %27 registers 128 KiB, %26 smem 96 KiB (3 slots), %23 smem 48 KiB (3 slots)
// CHECK-NEXT: memory round 1: registers 263189 B over the register file of 256 KiB; %27 limited to 1 slot: II 1094, 4 stages, registers 132117 B
// CHECK-NEXT: estimate on NVIDIA H100 80GB HBM3 (hopper-measured data, 1860-1980 MHz): 655.0-887.7 ns per iteration (1297-1651 SM cycles); bound: L2 -> SM bandwidth: 48 KiB per iteration; 1 CTA(s) per SM (limit: shared memory (144 KiB per CTA))
// CHECK: 0 16 12 624 %25 = tt.descriptor_load
// CHECK: 2 2 2189 1093 %27 = ttng.warp_group_dot
// CHECK-NEXT: 3 0 3282 1 scf.if@134
// CHECK-NOT: register file of an SM
