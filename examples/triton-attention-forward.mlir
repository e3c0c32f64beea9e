// Attention forward inner loop (FlashAttention-style) in TritonGPU IR: per key/value block,
// S = Q K^T with tt.dot, the row maximum and row sum by tt.reduce, the online-softmax rescaling
// of the running maximum, running sum and output (all three carried by the loop), and O += P V.
// K and V come in through tensor descriptors (TMA). The carried maximum and sum make a
// recurrence, so the recurrence bound on the II matters here.
// Run: tilesched examples/triton-attention-forward.mlir
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#qop = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#kop = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#row = #ttg.slice<{dim = 1, parent = #mma}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @attention_fwd(%q: tensor<128x64xf16, #qop>,
                                %k_desc: !tt.tensordesc<64x64xf16>, %v_desc: !tt.tensordesc<64x64xf16>,
                                %kv_len: i32, %head: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %neg_inf = arith.constant dense<0xFF800000> : tensor<128xf32, #row>
    %ones = arith.constant dense<1.000000e+00> : tensor<128xf32, #row>
    %zero_s = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %zero_o = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %m, %l, %o = scf.for %start = %c0 to %kv_len step %c64
        iter_args(%m_i = %neg_inf, %l_i = %ones, %o_i = %zero_o)
        -> (tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128x64xf32, #mma>) : i32 {
      %k_blk = tt.descriptor_load %k_desc[%start, %head] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blk>
      %k_t = tt.trans %k_blk {order = array<i32: 1, 0>} : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #blk>
      %k_op = ttg.convert_layout %k_t : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #kop>
      %s = tt.dot %q, %k_op, %zero_s : tensor<128x64xf16, #qop> * tensor<64x64xf16, #kop> -> tensor<128x64xf32, #mma>
      %m_blk = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %m_new = arith.maxnumf %m_i, %m_blk : tensor<128xf32, #row>
      %m_col = tt.expand_dims %m_new {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #mma>
      %m_b = tt.broadcast %m_col : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %shifted = arith.subf %s, %m_b : tensor<128x64xf32, #mma>
      %p = math.exp2 %shifted : tensor<128x64xf32, #mma>
      %l_blk = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %sum = arith.addf %x, %y : f32
        tt.reduce.return %sum : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %m_diff = arith.subf %m_i, %m_new : tensor<128xf32, #row>
      %alpha = math.exp2 %m_diff : tensor<128xf32, #row>
      %l_scaled = arith.mulf %l_i, %alpha : tensor<128xf32, #row>
      %l_new = arith.addf %l_scaled, %l_blk : tensor<128xf32, #row>
      %a_col = tt.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #mma>
      %a_b = tt.broadcast %a_col : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %o_scaled = arith.mulf %o_i, %a_b : tensor<128x64xf32, #mma>
      %p16 = arith.truncf %p : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %p_op = ttg.convert_layout %p16 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #qop>
      %v_blk = tt.descriptor_load %v_desc[%start, %head] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blk>
      %v_op = ttg.convert_layout %v_blk : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #kop>
      %o_new = tt.dot %p_op, %v_op, %o_scaled : tensor<128x64xf16, #qop> * tensor<64x64xf16, #kop> -> tensor<128x64xf32, #mma>
      scf.yield %m_new, %l_new, %o_new : tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128x64xf32, #mma>
    }
    tt.return %o : tensor<128x64xf32, #mma>
  }
}
