// The deliberately broken example: one located error per mistake, exit status 2, nothing on
// stdout; with --emit=json the same error is in the document.
// RUN: not %tilesched %root/examples/broken.mlir 2>&1 | FileCheck %s
// RUN: %tilesched %root/examples/broken.mlir > /dev/null 2>&1; test $? -eq 2
// RUN: not %tilesched %root/examples/broken.mlir --emit=json | FileCheck %s --check-prefix=JSON
// CHECK: broken.mlir:6:33: warning: use of undefined value '%c1'
// CHECK: broken.mlir:8:38: error: expected ')' to close the operand list of 'nv_tileas.async.wait' opened at 8:34
// CHECK-NOT: error
// JSON: "severity": "error",
// JSON-NEXT: "line": 8,
// JSON-NEXT: "col": 38,
// JSON: "blocks": []
