// Triton's 2024 spelling carries its async token as `!triton_gpu.async.token`: the tokens its
// `triton_gpu.*` ops make have that type too, so the loop that yields one materializes (its
// Pipe_ carries the token as written) and the emitted IR re-reads with its schedule.
// RUN: %tilesched %s --model=hopper --generator=cost-based 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=error:
// RUN: %tilesched %s --model=hopper --generator=cost-based --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --model=hopper --generator=cost-based --emit=ir | %tilesched - --model=hopper --check 2>&1 | FileCheck %s --check-prefix=BACK --implicit-check-not=error:
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
#smem = #triton_gpu.shared_memory
module attributes {"triton_gpu.num-warps" = 4 : i32} {
  tt.func @copy_2024(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %out: tensor<64x64x!tt.ptr<f16>, #blocked>,
                     %lb: i32, %ub: i32, %step: i32, %t0: !triton_gpu.async.token) {
    %c0 = arith.constant 0 : i32
    %ring = triton_gpu.local_alloc : () -> !tt.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %lb to %ub step %step iter_args(%tok = %t0) -> (!triton_gpu.async.token) : i32 {
      %w = triton_gpu.async_wait %tok {num = 0 : i32}
      %buf = triton_gpu.memdesc_subview %ring[%c0, %c0, %c0] : !tt.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !tt.memdesc<64x64xf16, #shared, #smem, mutable>
      %v = triton_gpu.local_load %buf token %w : !tt.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
      tt.store %out, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
      %cp = triton_gpu.async_copy_global_to_local %ptrs, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %grp = triton_gpu.async_commit_group %cp
      scf.yield %grp : !triton_gpu.async.token
    }
    tt.return
  }
}
// TABLE: block @copy_2024/scf.for %i (line 15): cost-based, scheduled
// IR: "nv_tileas.pipe"(%grp) {{.*}} : (!triton_gpu.async.token) -> !nv_tileas.pipe<!triton_gpu.async.token>
// BACK: block @copy_2024/scf.for %i (line {{[0-9]+}}): pinned schedule, checked
