// A loop no schedule fits at its II cap (cost-based generator): the block fails, so its IR
// prints unchanged: no nv_tile.aws attributes, no Pipe_ or Mutex_.
// RUN: not %tilesched %root/examples/infeasible.mlir --generator=cost-based --emit=ir 2>/dev/null | FileCheck %s
// CHECK-LABEL: scf.for %i
// CHECK-NOT: nv_tile.aws
// CHECK-NOT: nv_tileas.pipe
// CHECK: } {sched.ii_cap = 2 : i32}
