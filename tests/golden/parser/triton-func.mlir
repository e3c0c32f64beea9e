// Triton's `tt.func` is a function like func.func: its arguments are bound (no "undefined
// value" warning), `tt.return` ends it, its loops are scheduled and named after it, and the IR
// prints it back as written. The signature may run over several lines.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @scale_rows(%lb : index, %ub : index, %step : index,
                             %base : !tt.ptr<f32> {tt.divisibility = 16 : i32},
                             %factor : f32) -> f32 {
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) {
      %p = tt.addptr %base, %iv : !tt.ptr<f32>, index
      %v = tt.load %p : !tt.ptr<f32>
      %s = arith.mulf %v, %factor : f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    tt.return %sum : f32
  }
  tt.func private @helper(%x : f32) -> f32 {
    %y = arith.mulf %x, %x : f32
    tt.return %y : f32
  }
}
// TABLE: block @scale_rows/scf.for %iv (line 13)
// TABLE: block @helper (line 22)

// IR: tt.func public @scale_rows(%lb : index, %ub : index, %step : index, %base : !tt.ptr<f32> {tt.divisibility = 16 : i32}, %factor : f32) -> f32 {
// IR: scf.for %iv = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) {
// IR: tt.return %sum : f32
// IR: tt.func private @helper(%x : f32) -> f32 attributes {nv_tile.aws.ii =
// IR: tt.return %y : f32
