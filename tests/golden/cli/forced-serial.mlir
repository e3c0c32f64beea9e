// force_serial_execution on the scf.for selects the serial generator even with TMA ops and more
// than 8 ops (seed 000 rule 1), and the dropped group constraints are reported.
// RUN: %tilesched %root/examples/forced-serial.mlir --emit=json | FileCheck %s
// RUN: %tilesched %root/examples/forced-serial.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// CHECK: "generator": "serial",
// CHECK-NEXT: "status": "scheduled",
// CHECK: "force_serial": true
// WARN: forced-serial.mlir:11:90: warning: the serial generator ignores 'tileas.schedule.constraint.gid' (seed 000 QUIRK
