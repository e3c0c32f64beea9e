// The documented quirks of tileiras' constraint attribute parser, each reproduced
// faithfully and reported with a warning (tileiras is silent):
//  1. leader_gid absent -> 0: the gid-7 load is grafted onto group 0 (the entry group).
//  2. inherent <{...}> and discardable {...} disagree: the inherent value is in force.
//  3. a non-unit value under a unit key still sets the flag (presence only).
//  4. inconsistent leader pairs: gid 3 says leader 5, gid 5 says leader 3.
//  5. max_depth = 0 written explicitly behaves as absent.
module {
  func.func @quirks(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier,
                    %b: tensor<64x128xf16>, %acc0: tensor<128x128xf32>) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32>) {
      %entry = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 0 : i32} : !nv_tileas.AsyncToken
      %t = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 7 : i32} : !nv_tileas.AsyncToken
      %a = "nv_tileas.async.wait"(%t) <{tileas.schedule.constraint.max_depth = 2 : i32}> {tileas.schedule.constraint.max_depth = 5 : i32} : (!nv_tileas.AsyncToken) -> tensor<128x64xf16>
      %e = nv_tileas.async.wait %entry {tileas.recomputable = 1 : i32} : tensor<128x64xf16>
      %x = nv_tileas.async.dot %a, %b, %acc {tileas.schedule.constraint.gid = 3 : i32, tileas.schedule.constraint.leader_gid = 5 : i32} : tensor<128x128xf32>
      %y = nv_tileas.async.dot %e, %b, %x {tileas.schedule.constraint.gid = 5 : i32, tileas.schedule.constraint.leader_gid = 3 : i32} : tensor<128x128xf32>
      %z = nv_tileas.async.wait %y {tileas.schedule.constraint.max_depth = 0 : i32} : tensor<128x128xf32>
      %w = arith.addf %z, %acc : tensor<128x128xf32>
      scf.yield %w : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}
