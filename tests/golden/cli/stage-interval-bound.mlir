// The interval bound on stages (docs/decisions.md "Fewest stages"): four ops hold the TMA unit one
// cycle each at II 4, so every row of the table holds one. Three of them wait 2 cycles for the
// first: in one stage they would need rows 2 and 3 only. The critical path (3 cycles) allows one
// stage; the units the three hold after cycle 2 fold onto 2 rows, so one stage is impossible, and
// the bound says 2 without any search (--compaction-budget=0).
// RUN: %tilesched %s --generator=cost-based --compaction-budget=0 | FileCheck %s
func.func @saturated(%n: index, %d: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %d {
    %a = x.issue %i {sched.latency = 2 : i32, sched.footprint = [["tma"]]} : index
    %b = x.copy %a {sched.latency = 1 : i32, sched.footprint = [["tma"]]} : index
    %c = x.copy %a {sched.latency = 1 : i32, sched.footprint = [["tma"]]} : index
    %e = x.copy %a {sched.latency = 1 : i32, sched.footprint = [["tma"]]} : index
    scf.yield
  }
  return
}
// CHECK: block @saturated/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 4, 2 stages
// CHECK: optimality: proven, no schedule exists below II 4; 2 stages, the fewest at this II
