// scf.while's custom form `scf.while (%a = %x, ...) : (T, ...) -> (R, ...) { ... } do { ... }`
// binds %a, ... as the arguments of its first ("before") region, typed by the function type's
// inputs (MLIR's WhileOp::parse): they are defined there, not uses of undefined values, and the
// printed IR parses again to the same text.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
module {
  tt.func @search(%lb: i32, %ub: i32, %st: i32, %limit: i32, %x: f32) {
    scf.for %i = %lb to %ub step %st : i32 {
      %r:2 = scf.while (%n = %i, %acc = %x) : (i32, f32) -> (i32, f32) {
        %more = arith.cmpi slt, %n, %limit : i32
        scf.condition(%more) %n, %acc : i32, f32
      } do {
      ^bb0(%m: i32, %a: f32):
        %m1 = arith.addi %m, %st : i32
        %a1 = arith.mulf %a, %a : f32
        scf.yield %m1, %a1 : i32, f32
      }
      %y = arith.addf %r#1, %x : f32
    }
    tt.return
  }
}
// TABLE: block @search/scf.for %i (line 10)
// TABLE: %r#0 = scf.while
// TABLE: %y = arith.addf
// Its trip count is unknown: one pass through both regions, a guess said in a warning.
// TABLE: while-arguments.mlir:11:14: warning: 'scf.while' repeats its regions an unknown number of times; it is costed as one pass through them (latency 8)

// The while op is one node; its result feeds %y after its one-pass latency (cmpi, addi, mulf).
// JSON: "name": "scf.while",
// JSON: "edges": [
// JSON-NEXT: {
// JSON-NEXT: "src": 0,
// JSON-NEXT: "dst": 1,
// JSON-NEXT: "latency": 8,
// JSON-NEXT: "distance": 0,
// JSON-NEXT: "kind": "data"

// IR: %r:2 = scf.while (%n = %i, %acc = %x) {{.*}}: (i32, f32) -> (i32, f32) {
// IR-NEXT: %more = arith.cmpi slt, %n, %limit : i32
// IR-NEXT: scf.condition(%more) %n, %acc : i32, f32
// IR-NEXT: } do {
