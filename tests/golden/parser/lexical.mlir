// Bad bytes and unterminated strings: one message each, located at the byte.
// RUN: not %tilesched %s 2>&1 | FileCheck %s --implicit-check-not=error:
module {
  // CHECK: lexical.mlir:[[@LINE+1]]:15: error: unexpected non-ASCII byte; only ASCII is allowed outside strings
  %a = t.x %b “ : i32
  // CHECK: lexical.mlir:[[@LINE+1]]:22: error: unterminated string; add the closing '"' on the same line
  "t.y"(%a) {label = "open} : (i32) -> ()
  // CHECK: lexical.mlir:[[@LINE+1]]:12: error: unexpected character
  %c = t.z $ %a : i32
  // Non-ASCII in comments is fine: café — “quoted”
}
