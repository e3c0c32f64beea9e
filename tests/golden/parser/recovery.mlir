// One located message per mistake; parsing resumes at the next operation, so later mistakes
// are still found and valid operations in between raise nothing.
// RUN: not %tilesched %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %tilesched %s > /dev/null 2>&1; test $? -eq 2
module {
  func.func @f(%a: index) {
    // CHECK: recovery.mlir:[[@LINE+1]]:23: error: expected ')' to close the operand list of 't.a' opened at [[@LINE+1]]:15, found ':'
    %x = "t.a"(%a, %a : (index, index) -> i32
    // CHECK: recovery.mlir:[[@LINE+1]]:28: error: expected ',' or ']' in the array opened at [[@LINE+1]]:25, found '2'
    %y = "t.b"(%a) {k = [1 2]} : (index) -> i32
    // CHECK: recovery.mlir:[[@LINE+1]]:25: error: duplicate attribute 'k' (first given at [[@LINE+1]]:18); remove one of them
    %z = t.c %a {k = 1, k = 2} : i32
    // CHECK: recovery.mlir:[[@LINE+1]]:27: error: expected 'step' after the upper bound of 'scf.for', found '%a'
    scf.for %i = %a to %a %a {
      t.inner %i
    }
    // CHECK: recovery.mlir:[[@LINE+1]]:10: error: unknown operation 'frob'; custom-form operation names are written 'dialect.op' (or quote the name to use the generic form)
    %w = frob %a
    // CHECK: recovery.mlir:[[@LINE+1]]:25: error: integer literal '99999999999999999999' does not fit in 64 bits
    %q = arith.constant 99999999999999999999 : i32
    t.use %x, %y, %z, %w, %q
    return
  }
}
