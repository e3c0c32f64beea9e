// A region whose arguments are declared in front of it, as cuda_tile's reduce and scan print
// their combiner after the type (`(%a: T, %b: T) {`) and ttng.subtiled_region its `tile(...)`
// region: the arguments are bound inside the region, and a parenthesised operand list with
// types (`per_tile(%x, %y : T, U)`) stays a list of uses.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
cuda_tile.module @rows {
  entry @row_sums(%n: tile<i64>, %x: tile<8x64xf32>, %init: tile<8xf32>) {
    %c0 = constant <i64: 0> : tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    %t = for %k in (%c0 to %n, step %c1) : tile<i64> iter_values(%acc = %init) -> (tile<8xf32>) {
      %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<8xf32>
      (%lhs: tile<f32>, %rhs: tile<f32>) {
        %s = addf %lhs, %rhs : tile<f32>
        yield %s : tile<f32>
      }
      %next = addf %acc, %sum : tile<8xf32>
      continue %next : tile<8xf32>
    }
    return
  }
}
module {
  tt.func @tiles(%a: tensor<64xf32>, %b: tensor<64xf32>, %lb: i32, %ub: i32, %st: i32) {
    scf.for %i = %lb to %ub step %st : i32 {
      ttng.subtiled_region
          per_tile(%a, %b :
                   tensor<64xf32>, tensor<64xf32>)
          {numTiles = 2 : i32}
        tile(%t0: tensor<64xf32>,
             %t1: tensor<64xf32>, %idx: i32) {
          %m = arith.mulf %t0, %t1 : tensor<64xf32>
          ttng.subtiled_region_yield
        }
    }
    tt.return
  }
}
// TABLE: block @row_sums/cuda_tile.for %k (line 12)
// TABLE: %sum = cuda_tile.reduce
// TABLE: block @tiles/scf.for %i (line 26)
// TABLE: ttng.subtiled_region

// IR: %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] {{.*}}: tile<8x64xf32> -> tile<8xf32> (%lhs: tile<f32>, %rhs: tile<f32>) {
// IR-NEXT: %s = addf %lhs, %rhs : tile<f32>
// IR: ttng.subtiled_region per_tile(%a, %b : tensor<64xf32>, tensor<64xf32>) {numTiles = 2 : i32{{.*}}} tile(%t0: tensor<64xf32>, %t1: tensor<64xf32>, %idx: i32) {
// IR-NEXT: %m = arith.mulf %t0, %t1 : tensor<64xf32>
