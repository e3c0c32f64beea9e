// MLIR's `{-# ... #-}` block after the top-level operations (dialect_resources holding constant
// blobs, a reproducer's pipeline) is not scheduled; it is kept and printed back after the IR.
// Anywhere else it is an error that says where it belongs.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
// RUN: printf 'module {\n  {-# x: 1 #-}\n}\n' | not %tilesched - 2>&1 | FileCheck %s --check-prefix=INSIDE
// RUN: printf 'module {\n}\n{-# dialect_resources: {\n' | not %tilesched - 2>&1 | FileCheck %s --check-prefix=OPEN
module {
  func.func @scale(%lb: index, %ub: index, %step: index, %x: tensor<4xf32>) -> tensor<4xf32> {
    %w = arith.constant dense_resource<weights> : tensor<4xf32>
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %x) -> (tensor<4xf32>) {
      %m = arith.mulf %acc, %w : tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F0000803F0000803F0000803F"
    }
  }
#-}
// TABLE: block @scale/scf.for %i (line 12)

// IR: %w = arith.constant dense_resource<weights> : tensor<4xf32>
// IR: {-#
// IR-NEXT: dialect_resources: {
// IR: weights: "0x040000000000803F0000803F0000803F0000803F"
// IR: #-}

// INSIDE: <stdin>:2:3: error: a '{-# ... #-}' block (file metadata such as dialect_resources) may only follow the top-level operations
// OPEN: <stdin>:3:1: error: the '{-#' block (file metadata such as dialect_resources) is not closed; end it with '#-}'
