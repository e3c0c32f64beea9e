// --emit=triton: the input IR with Triton's loop.stage / loop.cluster from tilesched's schedule
// (one cluster per run of the kernel order that is in program order, within one stage), and
// tt.scheduled_max_stage on the loop. Read back, Triton's stages are tilesched's: no `*`.
// RUN: %tilesched %root/examples/triton-hopper-tma-wgmma-gemm.mlir --emit=triton | FileCheck %s
// RUN: %tilesched %root/examples/triton-hopper-tma-wgmma-gemm.mlir --emit=triton | %tilesched - | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %s --generator=cost-based --emit=triton | FileCheck %s --check-prefix=REPLACE
// CHECK: %off = arith.muli %k, %c64 {loop.cluster = 0 : i32, loop.stage = 0 : i32}
// CHECK: ttng.barrier_expect %bar_k, 32768, %true {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: ttng.async_tma_copy_global_to_local %a_desc{{.*}}{loop.cluster = 2 : i32, loop.stage = 0 : i32}
// CHECK: ttng.async_tma_copy_global_to_local %b_desc{{.*}}{loop.cluster = 3 : i32, loop.stage = 0 : i32}
// CHECK: ttng.wait_barrier %bar_k, %phase {loop.cluster = 4 : i32, loop.stage = 1 : i32}
// CHECK: %d = ttng.warp_group_dot {{.*}}loop.cluster = 4 : i32, loop.stage = 1 : i32}
// CHECK: %next = arith.addi %slot, %c1 {loop.cluster = 0 : i32, loop.stage = 0 : i32}
// CHECK: %wrap = arith.cmpi eq, %next, %c3 {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: } {tt.scheduled_max_stage = 1 : i32}

// BACK: block @hopper_gemm/scf.for %k (line {{[0-9]+}}): cost-based, scheduled, II 16, 2 stages
// BACK: Triton: loop.stage on 15 of 15 ops, 2 stages (* = another stage here); tt.scheduled_max_stage 1
// BACK: stage tt.stage order cycle
// BACK-NOT: *
// BACK: %done = ttng.warp_group_dot_wait

// Triton's own loop.stage / loop.cluster are replaced where they stand; tt.num_stages stays.
module {
  func.func @gemm_like(%lb: i32, %ub: i32, %step: i32, %p: tensor<64x64x!tt.ptr<f16>>, %acc0: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %acc0) -> (tensor<64x64xf32>) : i32 {
      %a = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32, sched.latency = 2 : i32, sched.footprint = [["tma"]]} : tensor<64x64x!tt.ptr<f16>>
      %s = ttg.local_alloc %a {loop.cluster = 0 : i32, loop.stage = 2 : i32, sched.latency = 1 : i32, sched.footprint = []} : (tensor<64x64xf16>) -> !ttg.memdesc<64x64xf16>
      %d = tt.dot %s, %s, %acc {loop.cluster = 0 : i32, loop.stage = 2 : i32, sched.latency = 3 : i32, sched.footprint = []} : !ttg.memdesc<64x64xf16> * !ttg.memdesc<64x64xf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
    return %r : tensor<64x64xf32>
  }
}
// With tt.num_stages = 3, Triton's pipelining puts the load's users two stages after it, as
// Triton's own loop.stage say, and the dot right after its operand in the same stage;
// tt.scheduled_max_stage is the last stage an op starts in, as in Triton.
// REPLACE: %a = tt.load %p {loop.cluster = 0 : i32, loop.stage = 0 : i32, sched.latency = 2 : i32
// REPLACE: %s = ttg.local_alloc %a {loop.cluster = 1 : i32, loop.stage = 2 : i32, sched.latency = 1 : i32
// REPLACE: %d = tt.dot %s, %s, %acc {loop.cluster = 1 : i32, loop.stage = 2 : i32, sched.latency = 3 : i32
// REPLACE: } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
