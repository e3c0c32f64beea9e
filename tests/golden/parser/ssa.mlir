// SSA names: undefined values are live-ins (one warning at the first use); redefinitions,
// uses before definition and out-of-range result numbers are errors.
// RUN: not %tilesched %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
module {
  func.func @f(%n: index) {
    // CHECK: ssa.mlir:[[@LINE+1]]:14: warning: use of undefined value '%ext'; treated as a value from outside the snippet
    %a = t.x %ext : i32
    %b = t.y %ext, %a : i32
    // CHECK: ssa.mlir:[[@LINE+1]]:5: error: redefinition of '%a' (first defined at [[@LINE-2]]:5); give this value a different name
    %a = t.z %b : i32
    %r:2 = "t.pair"() : () -> (i32, i32)
    // CHECK: ssa.mlir:[[@LINE+1]]:11: error: '%r#2' refers to a result that does not exist: '%r' has 2 result(s), numbered from #0
    t.use %r#2
    // CHECK: ssa.mlir:[[@LINE+1]]:11: error: '%later' is used here before its definition at [[@LINE+2]]:5; SSA values must be defined before they are used
    t.use %later
    %later = t.def : i32
    return
  }
}
