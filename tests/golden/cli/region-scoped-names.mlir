// SSA names are scoped to their region: `%a` defined in the scf.if's arms and again after the
// scf.if closes is valid MLIR, and is scheduled. The schedule puts the later `%a` ahead of the
// scf.if, so the emitted IR gives the arms' values names nothing else has (`%a_1`, `%a_2`): the
// printed loop re-reads and its pinned schedule checks clean.
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=error:
// RUN: %tilesched %s --generator=cost-based --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --generator=cost-based --emit=ir | %tilesched - --check 2>&1 | FileCheck %s --check-prefix=BACK --implicit-check-not=error:
func.func @f(%n: index, %p: i1, %x: f32, %y: f32) -> f32 {
  %r = scf.for %i = %n to %n step %n iter_args(%acc = %x) -> (f32) {
    %v = arith.mulf %acc, %x : f32
    %z = scf.if %p -> (f32) {
      %a = arith.addf %v, %x : f32
      scf.yield %a : f32
    } else {
      %a = arith.mulf %acc, %x : f32
      scf.yield %a : f32
    }
    %a = arith.mulf %y, %y : f32
    %b = arith.addf %a, %z : f32
    scf.yield %b : f32
  }
  return %r : f32
}
// TABLE: block @f/scf.for %i (line 9): cost-based, scheduled
// TABLE: %v = arith.mulf
// TABLE-NEXT: %a = arith.mulf
// TABLE-NEXT: %z = scf.if

// IR: %a = arith.mulf %y, %y
// IR: %z = scf.if %p -> (f32) {
// IR-NEXT: %a_1 = arith.addf %v, %x : f32
// IR-NEXT: scf.yield %a_1 : f32
// IR-NEXT: } else {
// IR-NEXT: %a_2 = arith.mulf %acc, %x : f32
// IR-NEXT: scf.yield %a_2 : f32

// BACK: block @f/scf.for %i (line 2): pinned schedule, checked
