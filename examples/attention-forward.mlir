// Attention forward inner loop (FlashAttention-style) over K/V tiles: S = Q K^T, online
// softmax with a running max and running sum carried across iterations, O += P V. The
// running max / sum / output are recurrences through iter_args, so the recurrence MII matters.
module {
  func.func @attention_fwd(%Kd: !nv_tileas.tma_desc<64x128xbf16>, %Vd: !nv_tileas.tma_desc<64x128xbf16>,
                           %q: tensor<128x128xbf16>, %n: index, %m0: tensor<128xf32>,
                           %l0: tensor<128xf32>, %o0: tensor<128x128xf32>, %bar: !nv_tileas.mbarrier)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %m, %l, %o = scf.for %j = %c0 to %n step %c64
        iter_args(%m_i = %m0, %l_i = %l0, %o_i = %o0) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>) {
      %tk = nv_tileas.async.tiled_tma_load %Kd[%j], %bar : !nv_tileas.AsyncToken
      %tv = nv_tileas.async.tiled_tma_load %Vd[%j], %bar : !nv_tileas.AsyncToken
      %k = nv_tileas.async.wait %tk : tensor<64x128xbf16>
      %s = nv_tileas.async.dot %q, %k : tensor<128x64xf32>
      %s_done = nv_tileas.async.wait %s : tensor<128x64xf32>
      %m_tile = nv_tileas.reduce %s_done {kind = "max", axis = 1 : i32} : tensor<128xf32>
      %m_new = arith.maximumf %m_i, %m_tile : tensor<128xf32>
      %alpha = math.exp2 %m_i, %m_new : tensor<128xf32>
      %p = math.exp2 %s_done, %m_new : tensor<128x64xf32>
      %l_tile = nv_tileas.reduce %p {kind = "add", axis = 1 : i32} : tensor<128xf32>
      %l_scaled = arith.mulf %l_i, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_scaled, %l_tile : tensor<128xf32>
      %o_scaled = arith.mulf %o_i, %alpha : tensor<128x128xf32>
      %p_bf16 = arith.truncf %p : tensor<128x64xbf16>
      %v = nv_tileas.async.wait %tv : tensor<64x128xbf16>
      %o_acc = nv_tileas.async.dot %p_bf16, %v, %o_scaled : tensor<128x128xf32>
      %o_new = nv_tileas.async.wait %o_acc : tensor<128x128xf32>
      scf.yield %m_new, %l_new, %o_new : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
    }
    return %m, %l, %o : tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
  }
}
