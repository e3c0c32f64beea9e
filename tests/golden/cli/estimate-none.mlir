// A loop the measured rates price nothing of (scalar arithmetic: no tile, copy or tensor-core op)
// gets no time estimate: a time follows from a measured rate or latency, never from none
// (docs/decisions.md, "The performance model"). Under a seed model the II's cost units are still
// said, as they are under an estimate.
// RUN: %tilesched %s --model=blackwell-measured | FileCheck %s --check-prefixes=CHECK,MEASURED
// RUN: %tilesched %s --model=blackwell | FileCheck %s --check-prefixes=CHECK,SEED
// RUN: %tilesched %s --model=blackwell-measured --emit=json | FileCheck %s --check-prefix=JSON
func.func @scalar(%n: i32, %x: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a0 = arith.addf %x, %x : f32
    %a1 = arith.mulf %a0, %x : f32
  }
  return
}
// CHECK: block @scalar/scf.for %i (line 11): serial, scheduled
// CHECK: estimate: none, the NVIDIA B200's measured rates price none of this loop's work (no tile, copy or tensor-core op): no time to estimate
// SEED-NEXT: the II above is in the seed's cost units, not time
// MEASURED-NOT: cost units
// CHECK-NOT: ns per iteration
// JSON: "estimate": null
