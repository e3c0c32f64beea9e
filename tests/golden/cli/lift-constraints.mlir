// seed 003: when no II up to the cap keeps every constraint, a refinement round lifts one (the
// largest dependency bound first) and searches again; a warning names each lifted constraint,
// the trace records it, and the checker checks the constraints still in force.
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s
// RUN: %tilesched %s --generator=cost-based --emit=json --trace | FileCheck %s --check-prefix=JSON
func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    %a = x.op %i {sched.latency = 8 : i32} : index
    %b = x.op %a {tileas.schedule.constraint.max_depth = 1 : i32} : index
    %c = x.op %b {sched.latency = 6 : i32, tileas.schedule.constraint.gid = 2 : i32, tileas.schedule.constraint.leader_gid = 2 : i32} : index
    %d = x.op %c {tileas.schedule.constraint.gid = 2 : i32, tileas.schedule.constraint.leader_gid = 2 : i32} : index
    scf.yield
  } {sched.ii_cap = 4 : i32}
  return
}
// CHECK: block @f/scf.for %i (line 7): cost-based, scheduled, II 1,
// CHECK: lift-constraints.mlir:9:58: warning: a refinement round lifted max_depth = 1 of %b, which alone needs II >= 9: no schedule up to the II cap kept every constraint (seed 003: a later round lifts a constraint when the schedule becomes infeasible), so %b may run in a later stage
// CHECK: lift-constraints.mlir:10:77: warning: a refinement round lifted the same-depth group of gid 2 (%c, %d), which alone needs II >= 7: no schedule up to the II cap kept every constraint
// CHECK-NOT: error
// JSON: "status": "scheduled",
// JSON: "outcome": "lift",
// JSON-NEXT: "reason": "max_depth = 1 of %b (alone it needs II >= 9): no II up to the cap kept every constraint"
