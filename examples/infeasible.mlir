// An infeasible loop: two ops each hold the singleton slot `tma` for 6 cycles, so the
// resource MII is 12, but the loop caps its II at 8 (`sched.ii_cap`, a per-loop --ii-cap).
// tilesched explains the failure: candidate II, the op's footprint, the RRT rows it collided
// with, its dependence window and the slot that rejected it. With two ops the loop is below
// the serial threshold, so ask for the modulo scheduler:
// Run: tilesched examples/infeasible.mlir --generator=cost-based
module {
  func.func @infeasible(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t0 = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.footprint = [["tma"], ["tma"], ["tma"], ["tma"], ["tma"], ["tma"]]} : !nv_tileas.AsyncToken
      %t1 = nv_tileas.async.tiled_tma_load %d[%i], %bar {sched.footprint = [["tma"], ["tma"], ["tma"], ["tma"], ["tma"], ["tma"]]} : !nv_tileas.AsyncToken
      scf.yield
    } {sched.ii_cap = 8 : i32}
    return
  }
}
