// A keyword that joins two regions may start the next line: `}` then `else {` (scf.if, and
// cuda_tile's if inside a cuda_tile.module, where a prefix-less word would otherwise start an
// op). An empty region `{` `}` over two lines is a region, not an attribute dictionary.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
module {
  func.func @pick(%lb: index, %ub: index, %step: index, %c: i1, %x: f32) -> f32 {
    %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %x) -> (f32) {
      %y = scf.if %c -> (f32) {
        %d = arith.addf %acc, %x : f32
        scf.yield %d : f32
      }
      else {
        scf.yield %acc : f32
      }
      scf.if %c {
      } else {
        "test.side_effect"(%y) : (f32) -> ()
      } {tag = "empty then"}
      scf.yield %y : f32
    }
    return %r : f32
  }
}
cuda_tile.module @tiles {
  entry @sel(%n: tile<i64>, %init: tile<i32>) {
    %c0 = constant <i64: 0> : tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    %t = for %k in (%c0 to %n, step %c1) : tile<i64> iter_values(%acc = %init) -> (tile<i32>) {
      %big = cmpi greater_than %k, %c1, signed : tile<i64> -> tile<i1>
      %w = if %big -> (tile<i32>) {
        %d = addi %acc, %acc : tile<i32>
        yield %d : tile<i32>
      }
      else {
        yield %acc : tile<i32>
      }
      continue %w : tile<i32>
    }
    return
  }
}
// TABLE: block @pick/scf.for %i (line 9)
// TABLE: %y = scf.if
// TABLE: block @sel/cuda_tile.for %k (line 30)
// TABLE: %w = cuda_tile.if
// The test dialect's op in the else arm has no model entry: said, not silent.
// TABLE: else-next-line.mlir:19:9: warning: target model 'blackwell' has no entry for test.side_effect

// IR: %y = scf.if %c -> (f32) {
// IR: } else {
// IR: scf.if %c {
// IR-NEXT: } else {
// IR: } {tag = "empty then",
// IR: %w = if %big -> (tile<i32>) {
// IR: } else {
