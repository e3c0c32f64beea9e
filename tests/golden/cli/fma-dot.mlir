// Triton's FMA dot: a tt.dot whose result keeps a #blocked layout (no MMA layout: Triton lowers it
// to one FMA per element and k on the CUDA cores) costs the model's tt.dot.fma entry, the four FMA
// issue units for m*n*k/128 cycles (here 32*32*16/128 = 128), not the tensor cores.
// RUN: %tilesched %s 2>&1 | FileCheck %s
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#opA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#opB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @fma_dot(%a: tensor<32x16xf32, #opA>, %b: tensor<16x32xf32, #opB>, %z: tensor<32x32xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<32x32xf32, #blocked>) : i32 {
      %d = tt.dot %a, %b, %acc : tensor<32x16xf32, #opA> * tensor<16x32xf32, #opB> -> tensor<32x32xf32, #blocked>
      scf.yield %d : tensor<32x32xf32, #blocked>
    }
    tt.return
  }
}
// CHECK: %d = tt.dot {{.*}} fma_issue+fma_issue+fma_issue+fma_issue x128
// CHECK-NOT: tc_and_mma
