// An unknown custom op prints its operands as written. When the schedule renames a region's value
// that shadows a later definition (`%a` -> `%a_2`, cli/region-scoped-names.mlir), the custom op's
// use follows, so the printed loop still re-reads.
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
      test.consume %a, %acc : f32
      scf.yield %a : f32
    }
    %a = arith.mulf %y, %y : f32
    %ab = arith.addf %a, %z : f32
    scf.yield %ab : f32
  }
  return %r : f32
}
// IR: %a_2 = arith.mulf %acc, %x : f32
// IR-NEXT: test.consume %a_2, %acc : f32
// IR-NEXT: scf.yield %a_2 : f32

// BACK: block @f/scf.for %i (line 2): pinned schedule, checked
