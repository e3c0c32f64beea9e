// ttng.clc_advance (the fork's one-op cluster launch control) costs what the read of the response
// it splits into costs, with a global effect that keeps it in order (docs/target-model.md, dialect
// op tables); Hopper has no cluster launch control, which is said, not guessed.
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER
tt.func @persistent(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32
    %s = arith.addi %x, %y : i32
  }
  tt.return
}
// CHECK: ttng.clc_advance {{.*}} tp_smem_rd x7
// HOPPER: warning: {{.*}}ttng.clc_advance{{.*}}cluster launch control (clusterlaunchcontrol.try_cancel) is an sm_100 feature; Hopper has none
