// seed 004 quirks, each reproduced and named in a warning (the original is silent).
// RUN: %tilesched %root/examples/constraint-quirks.mlir --generator=cost-based 2>&1 >/dev/null | FileCheck %s
// CHECK-DAG: constraint-quirks.mlir:15:57: warning: quirk "absent leader_gid grafts onto group 0": this op has gid 7 but no leader_gid
// CHECK-DAG: constraint-quirks.mlir:16:91: warning: quirk "inherent attribute shadows discardable": tileas.schedule.constraint.max_depth is both inherent (2) and discardable (5); the inherent value 2 is in force
// CHECK-DAG: constraint-quirks.mlir:17:41: warning: quirk "unit attribute is tested for presence only"
// CHECK-DAG: constraint-quirks.mlir:19:86: warning: quirk "inconsistent leader pair": this op makes gid 5 follow leader 3, but the op at line 18 makes gid 3 follow leader 5
// CHECK-DAG: constraint-quirks.mlir:20:37: warning: quirk "explicit max_depth = 0 reads as absent"
// CHECK-NOT: serial generator ignores
