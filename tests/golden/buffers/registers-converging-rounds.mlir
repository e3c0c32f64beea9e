// A register round whose schedule hands the limited tensor's copies to another is followed by
// rounds that go for what the register file needs (docs/decisions.md, "Register tensors and the
// register file"). @one's 128 KiB accumulator %r is read by a convert after the scf.while's 2606
// cycles: three copies at II 1024, 384 KiB. Limited to two, the schedule moves the convert across
// a stage and %cvt keeps the copy %r gave up (round 1, undone); two with every other register
// tensor held to its copies still moves it (round 2, undone); one copy with them held fits: II
// 2607, 128 KiB and the 8 B of %ptrs (a splat: one address, as a scalar), and no register-file
// warning.
// RUN: %tilesched --model=hopper-measured --generator=cost-based %s 2>&1 | FileCheck %s
// CHECK: block @one (line {{[0-9]+}}): cost-based, scheduled, II 2607, 2 stages
// CHECK: buffers: %r registers 128 KiB, %ptrs registers 8 B
// CHECK-NEXT: memory round 1: registers 384 KiB over the register file of 256 KiB; %r limited to 2 slots: the schedule that keeps it holds no fewer register bytes within the SMEM and TMEM budgets, undone
// CHECK-NEXT: memory round 2: registers 384 KiB over the register file of 256 KiB; %r limited to 2 slots, the other register tensors held to their copies: the schedule that keeps it holds no fewer register bytes within the SMEM and TMEM budgets, undone
// CHECK-NEXT: memory round 3: registers 384 KiB over the register file of 256 KiB; %r limited to 1 slot, the other register tensors held to their copies: II 2607, 2 stages, registers 131080 B
// CHECK-NOT: memory round
// CHECK-NOT: register file of an SM
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @one(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %out: !tt.ptr<f32>) {
    %true = arith.constant true
    %false = arith.constant false
    %init = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %r = scf.while (%acc = %init, %go = %true) : (tensor<128x256xf32, #mma>, i1) -> tensor<128x256xf32, #mma> {
      scf.condition(%go) %acc : tensor<128x256xf32, #mma>
    } do {
    ^bb0(%acc: tensor<128x256xf32, #mma>):
      %ap = tt.splat %pa : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
      %a = tt.load %ap : tensor<128x64x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %bp = tt.splat %pb : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
      %b = tt.load %bp : tensor<64x256x!tt.ptr<f16>, #blocked1>
      %bs = ttg.local_alloc %b : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d, %false : tensor<128x256xf32, #mma>, i1
    }
    %ptrs = tt.splat %out : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #blocked1>
    %cvt = ttg.convert_layout %r : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #blocked1>
    tt.store %ptrs, %cvt : tensor<128x256x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
