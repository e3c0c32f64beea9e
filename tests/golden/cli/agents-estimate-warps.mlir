// The estimate counts each agent's own warps (docs/decisions.md, "The performance model"): a loop
// in a ttg.warp_specialize partition of num_warps(8) holds its 128x256 f32 accumulator over 256
// threads, about 148 registers a thread (over the module's 4 warps it would be 276 and spill), and
// its CTA runs the default region's 4 warps beside the partition's 8: 12 warps, one CTA per SM
// by registers.
// RUN: %tilesched %s --model=hopper-measured 2>&1 | FileCheck %s --implicit-check-not="compiler spills"
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %init: tensor<128x256xf32, #mma>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    ttg.warp_specialize(%a, %b, %init, %n)
    default {
      ttg.warp_yield
    }
    partition0(%pa: !ttg.memdesc<128x64xf16, #shared, #smem>, %pb: !ttg.memdesc<64x256xf16, #shared, #smem>, %pi: tensor<128x256xf32, #mma>, %m: i32) num_warps(8) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %r = scf.for %i = %z to %m step %o iter_args(%acc = %pi) -> (tensor<128x256xf32, #mma>) : i32 {
        %d = ttng.warp_group_dot %pa, %pb, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
        scf.yield %d : tensor<128x256xf32, #mma>
      }
      ttg.warp_return
    } : (!ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x256xf16, #shared, #smem>, tensor<128x256xf32, #mma>, i32) -> ()
    tt.return
  }
}
// CHECK: memory: SMEM 0 B of 227 KiB, registers about 148 per thread
// CHECK: 1 CTA(s) per SM (limit: registers (152 per thread))
// CHECK: 12 warps, about 148 registers per thread,
