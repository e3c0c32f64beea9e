// --check reports a planted violation of every constraint kind at the op it concerns, and exits 1.
// Each function pins one schedule that breaks exactly one rule; the other ops are clean.
// RUN: not %tilesched %s --check 2>&1 | FileCheck %s
// RUN: %tilesched %s --check > /dev/null 2>&1; test $? -eq 1
// RUN: not %tilesched %s --check --emit=json | FileCheck %s --check-prefix=JSON
module attributes {sched.pools = {ldst = 1 : i32}} {
  func.func @dependence(%n: index) {
    scf.for %i = %n to %n step %n {
      %a = x.op %i {sched.latency = 4 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %b = x.op %a {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 8 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:10:12: error: pinned schedule violates a dependence constraint: edge %a -> %b (latency 4, distance 0) needs cycle(%b) >= 0 + 4 - 0*8 = 4, but cycle(%b) = 2
  func.func @resource(%n: index) {
    scf.for %i = %n to %n step %n {
      %c = x.op %i {sched.footprint = [["ldst"]], nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %d = x.op %i {sched.footprint = [["ldst"]], nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 2 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:19:12: error: pinned schedule violates a resource constraint: modulo row 0 (II 2): pool ldst holds 2 units, capacity 1
  func.func @stage_mismatch(%n: index) {
    scf.for %i = %n to %n step %n {
      %e = x.op %i {nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 1 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:27:12: error: pinned schedule violates a stage-mismatch constraint: %e has stage 1, but cycle 1 at II 4 is stage 1 / 4 = 0
  func.func @duplicate_stage_order(%n: index) {
    scf.for %i = %n to %n step %n {
      %f = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %g = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:36:12: error: pinned schedule violates a duplicate-stage-order constraint: %f and %g share (stage 0, order 0)
  func.func @order_mismatch(%n: index) {
    scf.for %i = %n to %n step %n {
      %h = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 3 : i32} : i32
      %j = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:45:12: error: pinned schedule violates a order-mismatch constraint: in stage 0, %h (order 0, cycle 3) is ordered before %j (order 1, cycle 1), which starts earlier
  func.func @bad_ii(%n: index) {
    scf.for %i = %n to %n step %n {
      %k = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32} : i32
      %l = x.op %k {nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32} : i32
      scf.yield
    }
    return
  }
// CHECK-DAG: check-planted-violations.mlir:52:5: error: pinned schedule violates a bad-ii constraint: the ops pin stages 0..1, but the scf.for carries no nv_tile.aws.ii
  func.func @max_depth(%n: index) {
    scf.for %i = %n to %n step %n {
      %m = x.op %i {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %o = x.op %m {tileas.schedule.constraint.max_depth = 1 : i32, nv_tile.aws.stage = 2 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 8 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:63:12: error: pinned schedule violates a max-depth constraint: %o has max_depth = 1, so its depth (stage + 1) is at most 1, but it is in stage 2 (depth 3)
  func.func @same_depth(%n: index) {
    scf.for %i = %n to %n step %n {
      %p = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %q = x.op %p {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 4 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:72:12: error: pinned schedule violates a same-depth constraint: %q and %p both carry gid 3, a same-depth group, so they share a stage, but %q is in stage 1 and %p is in stage 0
  func.func @leader(%n: index) {
    scf.for %i = %n to %n step %n {
      %r = x.op %i {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %s = x.op %r {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i32, nv_tile.aws.stage = 1 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 4 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:81:12: error: pinned schedule violates a leader constraint: %s (gid 5) and %r (gid 3) are one group through leader_gid (%s: gid 5 follows leader 3), so they share a stage, but %s is in stage 1 and %r is in stage 0
  func.func @force_serial(%n: index) {
    scf.for %i = %n to %n step %n {
      %t = x.op %i {sched.latency = 6 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %u = x.op %i {tileas.schedule.constraint.force_serial_execution, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 8 : i32}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:90:12: error: pinned schedule violates a force-serial constraint: %u is force_serial_execution, so it starts after %t completes (cycle 0 + latency 6 = 6), but it starts at cycle 2
  func.func @force_serial_loop(%n: index) {
    scf.for %i = %n to %n step %n {
      %v = x.op %i {sched.latency = 2 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : i32
      %w = x.op %v {sched.latency = 3 : i32, nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 2 : i32} : i32
      scf.yield
    } {nv_tile.aws.ii = 4 : i32, tileas.schedule.constraint.force_serial_execution}
    return
  }
// CHECK-DAG: check-planted-violations.mlir:98:12: error: pinned schedule violates a force-serial constraint: the loop is force_serial_execution, so iterations do not overlap, but the next iteration's %v starts at cycle 0 + II 4 = 4, before %w completes (cycle 2 + latency 3 = 5)
  tt.func @memory_order(%n: index, %p: tensor<8x!tt.ptr<f16>>, %x: tensor<8xf16>) {
    scf.for %i = %n to %n step %n {
      tt.store %p, %x {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : tensor<8x!tt.ptr<f16>>
      %y = tt.load %p {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : tensor<8x!tt.ptr<f16>>
      scf.yield
    } {nv_tile.aws.ii = 16 : i32}
    tt.return
  }
// CHECK-DAG: check-planted-violations.mlir:[[@LINE-5]]:12: error: pinned schedule violates a memory-order constraint: memory edge tt.store@[[@LINE-6]] -> %y (latency 7, distance 0; both touch the same memory) needs cycle(%y) >= 0 + 7 - 0*16 = 7, but cycle(%y) = 1
  tt.func @barrier_order(%n: index, %bar: !ttg.memdesc<1xi64>, %ph: i32) {
    scf.for %i = %n to %n step %n {
      ttng.arrive_barrier %bar, 1 {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32, nv_tile.aws.cycle = 1 : i32} : !ttg.memdesc<1xi64>
      ttng.wait_barrier %bar, %ph {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 0 : i32, nv_tile.aws.cycle = 0 : i32} : !ttg.memdesc<1xi64>
      scf.yield
    } {nv_tile.aws.ii = 4 : i32}
    tt.return
  }
// CHECK-DAG: check-planted-violations.mlir:[[@LINE-5]]:7: error: pinned schedule violates a barrier-order constraint: barrier edge ttng.arrive_barrier@[[@LINE-6]] -> ttng.wait_barrier@[[@LINE-5]] (latency 1, distance 0; a barrier, wait or arrive orders them) needs cycle(ttng.wait_barrier@[[@LINE-5]]) >= 1 + 1 - 0*4 = 2, but cycle(ttng.wait_barrier@[[@LINE-5]]) = 0
}
// JSON-DAG: "kind": "dependence",
// JSON-DAG: "kind": "resource",
// JSON-DAG: "kind": "stage-mismatch",
// JSON-DAG: "kind": "duplicate-stage-order",
// JSON-DAG: "kind": "order-mismatch",
// JSON-DAG: "kind": "bad-ii",
// JSON-DAG: "kind": "max-depth",
// JSON-DAG: "kind": "same-depth",
// JSON-DAG: "kind": "leader",
// JSON-DAG: "kind": "force-serial",
// JSON-DAG: "kind": "memory-order",
// JSON-DAG: "kind": "barrier-order",
