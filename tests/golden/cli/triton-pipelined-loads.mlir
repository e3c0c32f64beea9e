// Triton's pipelining of its loads (docs/decisions.md "Triton's schedule beside ours", "Memory and
// synchronisation edges"), on two loops of Triton's own tests (loop-pipeline.mlir @add_kernel,
// pipeline-lower-loop.mlir @one_dep_barrier_wait):
// - @add_kernel: under tt.num_stages = 3 both loads are async copies and their users run two
//   stages later. The second copy waits for the first's SMEM write port, so it issues in stage 1;
//   the add moves to stage 3 and then to the first cycle there (42, not its generated row 49), so
//   the store completes in stage 3: 4 stages where keeping rows gave 5.
// - @one_dep_barrier_wait: the mbarrier wait at the end of the body acquires what follows it in its
//   iteration; the next iteration's global load is not ordered by it (global memory carries
//   nothing across iterations), so the load runs stages ahead of the wait, as Triton keeps it.
// RUN: %tilesched %s --check | FileCheck %s --check-prefix=TABLE
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#A = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @add_kernel(%x: tensor<1024x!tt.ptr<f32>, #blocked>, %y: tensor<1024x!tt.ptr<f32>, #blocked>,
                      %out: tensor<1024x!tt.ptr<f32>, #blocked>, %n: i32, %base: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %limit = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    scf.for %i = %c0_i32 to %n step %c1024_i32 : i32 {
      %o = arith.addi %base, %i : i32
      %os = tt.splat %o : i32 -> tensor<1024xi32, #blocked>
      %offs = arith.addi %os, %range : tensor<1024xi32, #blocked>
      %mask = arith.cmpi slt, %offs, %limit : tensor<1024xi32, #blocked>
      %px = tt.addptr %x, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %a = tt.load %px, %mask : tensor<1024x!tt.ptr<f32>, #blocked>
      %py = tt.addptr %y, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %b = tt.load %py, %mask : tensor<1024x!tt.ptr<f32>, #blocked>
      %s = arith.addf %a, %b : tensor<1024xf32, #blocked>
      %po = tt.addptr %out, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      tt.store %po, %s, %mask : tensor<1024x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
  tt.func @one_dep_barrier_wait(%lb: index, %ub: index, %step: index, %p: tensor<128x64x!tt.ptr<f16>, #A>,
                                %bar: !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>, %phase: i32) {
    scf.for %iv = %lb to %ub step %step : index {
      %a = tt.load %p {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #A>
      %sh = ttg.local_alloc %a {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #A>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
      "use"(%a) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #A>) -> ()
      ttng.wait_barrier %bar, %phase deps %sh {loop.cluster = 3 : i32, loop.stage = 3 : i32} : !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>, !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
    } {tt.scheduled_max_stage = 3 : i32}
    tt.return
  }
}
// TABLE: block @add_kernel/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 14, 4 stages
// TABLE: 0 7 7 7 %a = tt.load
// TABLE-NEXT: 1 0 14 7 %b = tt.load
// TABLE-NEXT: 3 0 42 4 %s = arith.addf
// TABLE-NEXT: 3 1 46 7 tt.store
// TABLE: block @one_dep_barrier_wait/scf.for %iv (line {{[0-9]+}}): cost-based, scheduled, II 7, 3 stages
// TABLE: 0 0 0 0 7 %a = tt.load
// TABLE-NEXT: 2 2 0 14 1 %sh = ttg.local_alloc
// TABLE-NEXT: 2 2 1 14 1 use
// TABLE-NEXT: 2 3* 2 15 1 ttng.wait_barrier
