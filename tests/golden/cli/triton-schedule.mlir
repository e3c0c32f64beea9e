// Triton's schedule beside tilesched's: loop.stage goes into a tt.stage column (* where the stage
// differs), a Triton: line sums up the loop's annotations; tt.latency moves users to later stages.
// RUN: %tilesched %s --generator=cost-based | FileCheck %s --check-prefix=TABLE
// RUN: %tilesched %s --generator=cost-based --triton-latency | FileCheck %s --check-prefix=STEER
// RUN: %tilesched %s --generator=cost-based --triton-latency --emit=json | FileCheck %s --check-prefix=JSON
module {
  func.func @gemm_like(%lb: i32, %ub: i32, %step: i32, %p: tensor<64x64x!tt.ptr<f16>>, %acc0: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %acc0) -> (tensor<64x64xf32>) : i32 {
      %a = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32, sched.latency = 2 : i32, sched.footprint = [["tma"]]} : tensor<64x64x!tt.ptr<f16>>
      %s = ttg.local_alloc %a {loop.cluster = 0 : i32, loop.stage = 2 : i32, sched.latency = 1 : i32, sched.footprint = []} : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16>
      %d = tt.dot %s, %s, %acc {loop.cluster = 0 : i32, loop.stage = 2 : i32, sched.latency = 3 : i32, sched.footprint = []} : !ttg.memdesc<64x64xf16> * !ttg.memdesc<64x64xf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
    return %r : tensor<64x64xf32>
  }
}
// A cost-based schedule follows Triton's latencies by default (docs/decisions.md, "Triton's
// schedule beside ours"): tt.latency = 2 on the load moves its user two stages after it, the dot
// after its operand, each then as early in its stage as its operands allow; the II stays, and each
// op's stage is Triton's.
// TABLE: block @gemm_like/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 3, 4 stages
// TABLE: Triton: loop.stage on 3 of 3 ops, 3 stages (* = another stage here); tt.scheduled_max_stage 2; tt.num_stages 3; tt.latency moved 2 ops to a later stage
// TABLE-NEXT: memory: SMEM 32 KiB of 227 KiB, registers about 20 per thread
// TABLE-NEXT: buffers: %s smem 32 KiB (4 slots), %d registers 16 KiB
// TABLE-NEXT: estimate on NVIDIA B200 (blackwell-measured data, 1860 MHz): {{.*}}; bound: L2 -> SM bandwidth: 8 KiB per iteration;
// TABLE-NEXT: the II above is in the seed's cost units, not time
// TABLE-NEXT: Triton's schedule: {{.*}}; bound: L2 -> SM bandwidth: 8 KiB per iteration;
// TABLE-NEXT: 4 warps, about 20 registers per thread
// TABLE-NEXT: assumed: 4 warps per CTA (the IR states no ttg.num-warps)
// TABLE-NEXT: stage tt.stage order cycle lat op line footprint
// TABLE-NEXT: 0 0 0 0 2 %a = tt.load
// TABLE-NEXT: 2 2 0 6 1 %s = ttg.local_alloc
// TABLE-NEXT: 2 2 1 7 3 %d = tt.dot

// --triton-latency gives the same schedule here (it also moves a serial schedule's ops).
// STEER: block @gemm_like/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 3, 4 stages
// STEER: Triton: loop.stage on 3 of 3 ops, 3 stages (* = another stage here); tt.scheduled_max_stage 2; tt.num_stages 3; tt.latency moved 2 ops to a later stage
// STEER-NEXT: memory: SMEM 32 KiB of 227 KiB, registers about 20 per thread
// STEER-NEXT: buffers: %s smem 32 KiB (4 slots), %d registers 16 KiB
// STEER-NEXT: estimate on NVIDIA B200 (blackwell-measured data, 1860 MHz): {{.*}}; bound: L2 -> SM bandwidth: 8 KiB per iteration;
// STEER-NEXT: the II above is in the seed's cost units, not time
// STEER-NEXT: Triton's schedule: {{.*}}; bound: L2 -> SM bandwidth: 8 KiB per iteration;
// STEER-NEXT: 4 warps, about 20 registers per thread
// STEER-NEXT: assumed: 4 warps per CTA (the IR states no ttg.num-warps)
// STEER-NEXT: stage tt.stage order cycle lat op line footprint
// STEER-NEXT: 0 0 0 0 2 %a = tt.load
// STEER-NEXT: 2 2 0 6 1 %s = ttg.local_alloc
// STEER-NEXT: 2 2 1 7 3 %d = tt.dot

// JSON: "triton": {
// JSON-NEXT: "stage_count": 3,
// JSON-NEXT: "num_stages": 3,
// JSON-NEXT: "scheduled_max_stage": 2,
// JSON-NEXT: "steered_ops": 2
// JSON: "name": "tt.load",
// JSON: "triton_stage": 0,
// JSON-NEXT: "triton_cluster": 1,
// JSON-NEXT: "triton_latency": 2
