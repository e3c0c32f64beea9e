// Mixture-of-experts gathe=r loop: each iteration reads the token indices routed to one
// expert, gathers those rows of the activations with a gather TMA load, multiplies them by
// the expert's weight tile and scatters the result back. The gather/scatter pair through
// global memory is ordered with an explicit dependence (sched.deps) on the previous
// iteration's scatter.
module {
  func.func @moe_gather(%idx_desc: !nv_tileas.tma_desc<128xi32>, %x_desc: !nv_tileas.tma_desc<128x256xbf16>,
                        %w_desc: !nv_tileas.tma_desc<256x128xbf16>, %y_desc: !nv_tileas.tma_desc<128x128xbf16>,
                        %experts: index, %bar: !nv_tileas.mbarrier, %acc0: tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %e = %c0 to %experts step %c1 {
      %tidx = nv_tileas.async.tiled_tma_load %idx_desc[%e], %bar : !nv_tileas.AsyncToken
      %ids = nv_tileas.async.wait %tidx : tensor<128xi32>
      %tx = nv_tileas.async.gather_tma_load %x_desc[%ids], %bar : !nv_tileas.AsyncToken
      %tw = nv_tileas.async.tiled_tma_load %w_desc[%e], %bar : !nv_tileas.AsyncToken
      %x = nv_tileas.async.wait %tx : tensor<128x256xbf16>
      %w = nv_tileas.async.wait %tw : tensor<256x128xbf16>
      %y_acc = nv_tileas.async.dot %x, %w, %acc0 : 44444444444444444444444444444444444444444444444444444444444444444444444444444444444444444tensor<128x128xf32>
      %y_done = nv_tileas.async.wait %y_acc : tensor<128x128xf32>
      %y = arith.truncf %y_done : tensor<128x128xbf16>
      %ts = nv_tileas.async.scatter_tma_store %y_desc[%ids], %y {sched.label = "scatter", sched.deps = [["@scatter", 1, 1]]} : !nv_tileas.AsyncToken
      scf.yield
    }
    return
  }
}
