// An f64 MMA runs where f64 runs: tcgen05 has no f64 kind, so on blackwell cuda_tile.mmaf of f64
// tiles costs the FP64 rate on the CUDA cores (the four fma_issue units, m*n*k/64 cycles: here
// 64*64*16/64 = 1024), and on hopper the DMMA rate on the tensor cores (m*n*k/128 = 512), not
// the f16 MMA's 8 cycles (docs/target-model.md, the op table: `tt.dot.f64`).
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s --check-prefix=BLACKWELL
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER
cuda_tile.module @kernels {
  entry @dgemm(%a: tile<64x16xf64>, %b: tile<16x64xf64>, %z: tile<64x64xf64>) {
    %lower = constant <i32: 0> : tile<i32>
    %upper = constant <i32: 64> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lower to %upper, step %step) : tile<i32> iter_values(%acc = %z) -> (tile<64x64xf64>) {
      %d = mmaf %a, %b, %acc : tile<64x16xf64>, tile<16x64xf64>, tile<64x64xf64>
      continue %d : tile<64x64xf64>
    }
    return
  }
}
// BLACKWELL: %d = cuda_tile.mmaf {{.*}} fma_issue+fma_issue+fma_issue+fma_issue x1024
// HOPPER: %d = cuda_tile.mmaf {{.*}} tc_and_mma+tp_mma x512
