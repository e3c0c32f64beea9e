// A tt.call costs what its callee's body costs, the callee found by name in the module: @helper's
// math.exp (4 cycles on xu) and arith.addf (4 on fma_issue) make the call 8 cycles holding both.
// A call whose body cannot be costed (a recursive call, a declaration, a name no function has)
// is a located warning and an unknown op, never silent (docs/decisions.md, "Region ops cost their costliest region").
// RUN: %tilesched %s 2>/dev/null | FileCheck %s
// RUN: %tilesched %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
module {
  tt.func private @helper(%x: tensor<64xf32>) -> tensor<64xf32> {
    %e = math.exp %x : tensor<64xf32>
    %s = arith.addf %e, %x : tensor<64xf32>
    tt.return %s : tensor<64xf32>
  }
  tt.func @rec(%x: tensor<64xf32>) -> tensor<64xf32> {
    %e = math.exp %x : tensor<64xf32>
    %s = tt.call @rec(%e) : (tensor<64xf32>) -> tensor<64xf32>
    tt.return %s : tensor<64xf32>
  }
  tt.func private @decl(%x: tensor<64xf32>) -> tensor<64xf32>
  tt.func @k(%n: i32, %v0: tensor<64xf32>) -> tensor<64xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %v0) -> (tensor<64xf32>) : i32 {
      %y = tt.call @helper(%v) : (tensor<64xf32>) -> tensor<64xf32>
      %w = tt.call @rec(%y) : (tensor<64xf32>) -> tensor<64xf32>
      %a = tt.call @decl(%w) : (tensor<64xf32>) -> tensor<64xf32>
      %b = "tt.call"(%a) <{callee = @nowhere}> : (tensor<64xf32>) -> tensor<64xf32>
      scf.yield %b : tensor<64xf32>
    }
    tt.return %r : tensor<64xf32>
  }
}
// CHECK: block @k/scf.for %i (line 22): serial, scheduled, II 15, 1 stage
// CHECK: 0      0      0    8  %y = tt.call    23  xu, fma_issue
// The recursive callee costs its body once, the call back into itself an unknown op: 4 + 1.
// CHECK: 0      1      8    5  %w = tt.call    24  xu
// CHECK: 0      2     13    1  %a = tt.call    25  -
// CHECK: 0      3     14    1  %b = tt.call    26  -
// WARN-NOT: has no entry for tt.call
// WARN: call-costs-callee.mlir:15:10: warning: 'tt.call' calls @rec, whose body is being costed (a recursive call); it is scheduled as an unknown op (latency 1, no resources), a guess
// WARN: call-costs-callee.mlir:25:12: warning: 'tt.call' calls @decl, which this module only declares (no body to cost); it is scheduled as an unknown op (latency 1, no resources), a guess
// WARN: call-costs-callee.mlir:26:12: warning: 'tt.call' calls @nowhere, which no function of this module defines; it is scheduled as an unknown op (latency 1, no resources), a guess
// WARN-NOT: has no entry for tt.call
