// A distance-0 dependence cycle (only sched.deps can make one) is well-formed input that no
// schedule satisfies: an error naming its ops, block status "failed", exit 1 (docs/decisions.md).
// RUN: not %tilesched %s 2>&1 | FileCheck %s
// RUN: %tilesched %s > /dev/null 2>&1; test $? -eq 1
// RUN: not %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    %a = x.op %i {sched.deps = [["%b", 1, 0]]} : index
    %b = x.op %a : index
    scf.yield
  }
  return
}
// CHECK: zero-distance-cycle.mlir:8:10: error: dependence cycle with iteration distance 0 (no schedule can satisfy it): %a (line 8), %b (line 9)
// JSON: "status": "failed",
