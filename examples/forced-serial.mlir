// A region the front end asks to run serially: force_serial_execution on the scf.for selects
// the serial generator whatever the loop contains (the first rule of tileiras' generator
// selection). The serial path drops the group constraints below; tilesched says so in warnings
// where tileiras stays silent.
module {
  func.func @forced_serial(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier,
                           %acc0: tensor<128x128xf32>, %b: tensor<64x128xf16>) -> tensor<128x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32>) {
      %t = nv_tileas.async.tiled_tma_load %d[%i], %bar {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : !nv_tileas.AsyncToken
      %a = nv_tileas.async.wait %t : tensor<128x64xf16>
      %acc_n = nv_tileas.async.dot %a, %b, %acc {tileas.schedule.constraint.gid = 1 : i32, tileas.schedule.constraint.leader_gid = 1 : i32} : tensor<128x128xf32>
      %done = nv_tileas.async.wait %acc_n : tensor<128x128xf32>
      %t2 = nv_tileas.async.tiled_tma_load %d[%i], %bar : !nv_tileas.AsyncToken
      %a2 = nv_tileas.async.wait %t2 : tensor<128x64xf16>
      %acc_2 = nv_tileas.async.dot %a2, %b, %done : tensor<128x128xf32>
      %done2 = nv_tileas.async.wait %acc_2 : tensor<128x128xf32>
      scf.yield %done2 : tensor<128x128xf32>
    } {tileas.schedule.constraint.force_serial_execution}
    return %r : tensor<128x128xf32>
  }
}
