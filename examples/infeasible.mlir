// An infeasible loop: two TMA issues share the singleton slot `tma` (one cycle each), and a
// recurrence pins their distance: %t1 waits 2 cycles for %t0, and the next iteration's %t0
// may start as soon as %t1 has started. At II = 2 (both the resource and the recurrence MII)
// the recurrence puts %t1 exactly 2 cycles after %t0, on the same modulo row of `tma`, so no
// placement exists; the loop caps its II at 2 (`sched.ii_cap`, a per-loop --ii-cap).
// tilesched explains the failure: candidate II, the op's footprint, the RRT rows it collided
// with, its dependence window and the slot that rejected it. With two ops the loop is below
// the serial threshold, so ask for the modulo scheduler:
// Run: tilesched examples/infeasible.mlir --generator=cost-based
module {
  func.func @infeasible(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t0 = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.footprint = [["tma"]], sched.deps = [["%t1", 0, 1]]} : !nv_tileas.AsyncToken
      %t1 = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.footprint = [["tma"]], sched.deps = [["%t0", 2, 0]]} : !nv_tileas.AsyncToken
      scf.yield
    } {sched.ii_cap = 2 : i32}
    return
  }
}
