// arith.negf and math.absf are a sign flip: they cost what cuda_tile.negf / absf cost, the
// subtraction's FMA-pipe issue (docs/target-model.md, dialect op tables), under every built-in model.
// RUN: %tilesched %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --implicit-check-not=warning:
func.func @signs(%n: i32, %x: tensor<128x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = arith.negf %x : tensor<128x64xf32>
    %b = math.absf %a : tensor<128x64xf32>
  }
  return
}
// CHECK: 0    4  %a = arith.negf     9  fma_issue
// CHECK: 4    4  %b = math.absf     10  fma_issue
