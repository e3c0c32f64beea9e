// The broken example is unusable input: --emit=ir prints nothing and exits 2.
// RUN: not %tilesched %root/examples/broken.mlir --emit=ir 2>/dev/null | FileCheck %s --allow-empty
// RUN: %tilesched %root/examples/broken.mlir --emit=ir > /dev/null 2>&1; test $? -eq 2
// CHECK-NOT: {{.}}
