// Where no schedule holds a loop's register tensors in the SM's register file (docs/decisions.md,
// "Register tensors and the register file"), the schedule that fits best is kept and the warning
// stays. @wide's 256x512 f32 accumulator is one copy of 512 KiB, over the 256 KiB file whatever
// the schedule: no round. @kept reads its 128 KiB accumulator as the next MMA starts (two copies)
// beside a 130 KiB tensor it updates in place: the round keeps one copy of the accumulator at one
// cycle more of II, 258 KiB, still over the file.
// RUN: %tilesched --model=hopper-measured --generator=cost-based %s 2>&1 | FileCheck %s
// CHECK: block @wide/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 4215, 1 stage
// CHECK: buffers: %d registers 512 KiB, %b smem 64 KiB, %a smem 32 KiB
// CHECK-NOT: memory round
// CHECK: 1 CTA(s) per SM (limit: register tensors the schedule keeps (512 KiB per CTA))
// CHECK: block @kept/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 1094, 1 stage
// CHECK: buffers: %y1 registers 130 KiB, %d registers 128 KiB, %b smem 32 KiB, %a smem 16 KiB
// CHECK-NEXT: memory round 1: registers 386 KiB over the register file of 256 KiB; %d limited to 1 slot: II 1094, 1 stage, registers 258 KiB
// CHECK: 1 CTA(s) per SM (limit: register tensors the schedule keeps (258 KiB per CTA))
// CHECK: registers-over-register-file.mlir:{{[0-9]+}}:12: warning: the loop keeps 512 KiB of register tensors per CTA (the largest, %d: 1 slot(s) of 512 KiB), more than the 256 KiB register file of an SM of the NVIDIA H100 80GB HBM3: no CTA can hold them in registers; the compiler spills the excess to local memory, traffic the estimate's time does not count
// CHECK: registers-over-register-file.mlir:{{[0-9]+}}:13: warning: the loop keeps 258 KiB of register tensors per CTA (the largest, %y1: 1 slot(s) of 130 KiB), more than the 256 KiB register file
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @wide(%a: !ttg.memdesc<256x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x512xf16, #shared, #smem>, %init: tensor<256x512xf32, #mma>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<256x512xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<256x64xf16, #shared, #smem> * !ttg.memdesc<64x512xf16, #shared, #smem> -> tensor<256x512xf32, #mma>
      scf.yield %d : tensor<256x512xf32, #mma>
    }
    tt.return
  }
  tt.func @kept(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %init: tensor<128x256xf32, #mma>, %z: tensor<128x260xf32, #mma>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init, %y = %z) -> (tensor<128x256xf32, #mma>, tensor<128x260xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %y1 = arith.addf %y, %z : tensor<128x260xf32, #mma>
      "use"(%d) : (tensor<128x256xf32, #mma>) -> ()
      scf.yield %d, %y1 : tensor<128x256xf32, #mma>, tensor<128x260xf32, #mma>
    }
    tt.return
  }
}
