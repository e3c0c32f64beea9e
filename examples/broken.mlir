// A deliberately broken snippet: tilesched reports each mistake once, with its line and
// column, and exits with status 2 (unusable input).
module {
  func.func @broken(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index) {
    %c0 = arith.constant 0 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = nv_tileas.async.tiled_tma_load %d[%i] {sched.latency = "eight"} : !nv_tileas.AsyncToken
      %a = "nv_tileas.async.wait"(%t : (!nv_tileas.AsyncToken) -> tensor<128x64xf16>
      scf.yield
    }
    return
  }
}
