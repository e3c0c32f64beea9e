// Blackwell (sm_100) attention forward main loop in TritonGPU IR, the tensor-memory way: each
// KV block comes in by TMA (K and V on one mbarrier); S = Q K^T is a tcgen05 MMA into tensor
// memory, read back with ttng.tmem_load for the online softmax (row maximum, exp2, row sum); the
// output O stays in tensor memory, is rescaled there (tmem_load, mulf, tmem_store) and
// accumulates P V with a second tcgen05 MMA, P going through shared memory.
// Compare it with Hopper: Hopper has no tensor memory, so there the tcgen05 / TMEM ops are
// scheduled as unknown ops (a warning each) and the loop packs into a shorter II.
// Run: tilesched examples/triton-blackwell-attention.mlir
#blk = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#row = #ttg.slice<{dim = 1, parent = #blk}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @blackwell_attention_fwd(%q_s: !ttg.memdesc<128x64xf16, #nvmma, #smem>,
                                          %k_desc: !tt.tensordesc<64x64xf16, #nvmma>,
                                          %v_desc: !tt.tensordesc<64x64xf16, #nvmma>,
                                          %kv_len: i32, %head: i32) -> tensor<128x64xf32, #blk> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %false = arith.constant false
    %neg_inf = arith.constant dense<0xFF800000> : tensor<128xf32, #row>
    %ones = arith.constant dense<1.000000e+00> : tensor<128xf32, #row>
    %s_tm, %s_tok0 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %k_s = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %v_s = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %kv_bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %o_tm, %o_tok0 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %m, %l, %o_tok, %s_tok_n, %ph = scf.for %start = %c0 to %kv_len step %c64
        iter_args(%m_i = %neg_inf, %l_i = %ones, %o_t = %o_tok0, %s_t = %s_tok0, %phase = %c0)
        -> (tensor<128xf32, #row>, tensor<128xf32, #row>, !ttg.async.token, !ttg.async.token, i32) : i32 {
      ttng.barrier_expect %kv_bar, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttng.async_tma_copy_global_to_local %k_desc[%start, %head] %k_s, %kv_bar, %true
          : !tt.tensordesc<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
      ttng.async_tma_copy_global_to_local %v_desc[%start, %head] %v_s, %kv_bar, %true
          : !tt.tensordesc<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
          -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
      ttng.wait_barrier %kv_bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %k_t = ttg.memdesc_trans %k_s {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
      %s_tok = ttng.tc_gen5_mma %q_s, %k_t, %s_tm[%s_t], %false, %true : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %s, %s_rd = ttng.tmem_load %s_tm[%s_tok] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blk>
      %m_blk = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<128x64xf32, #blk>) -> tensor<128xf32, #row>
      %m_new = arith.maxnumf %m_i, %m_blk : tensor<128xf32, #row>
      %m_col = tt.expand_dims %m_new {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #blk>
      %m_b = tt.broadcast %m_col : tensor<128x1xf32, #blk> -> tensor<128x64xf32, #blk>
      %shifted = arith.subf %s, %m_b : tensor<128x64xf32, #blk>
      %p = math.exp2 %shifted : tensor<128x64xf32, #blk>
      %l_blk = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %sum = arith.addf %x, %y : f32
        tt.reduce.return %sum : f32
      }) : (tensor<128x64xf32, #blk>) -> tensor<128xf32, #row>
      %m_diff = arith.subf %m_i, %m_new : tensor<128xf32, #row>
      %alpha = math.exp2 %m_diff : tensor<128xf32, #row>
      %l_scaled = arith.mulf %l_i, %alpha : tensor<128xf32, #row>
      %l_new = arith.addf %l_scaled, %l_blk : tensor<128xf32, #row>
      %a_col = tt.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #blk>
      %a_b = tt.broadcast %a_col : tensor<128x1xf32, #blk> -> tensor<128x64xf32, #blk>
      %o_i, %o_rd = ttng.tmem_load %o_tm[%o_t] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blk>
      %o_scaled = arith.mulf %o_i, %a_b : tensor<128x64xf32, #blk>
      %o_st = ttng.tmem_store %o_scaled, %o_tm[%o_rd], %true : tensor<128x64xf32, #blk> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %p16 = arith.truncf %p : tensor<128x64xf32, #blk> to tensor<128x64xf16, #blk>
      %p_s = ttg.local_alloc %p16 : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
      %o_new = ttng.tc_gen5_mma %p_s, %v_s, %o_tm[%o_st], %true, %true : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %phase_n = arith.xori %phase, %c1 : i32
      scf.yield %m_new, %l_new, %o_new, %s_rd, %phase_n : tensor<128xf32, #row>, tensor<128xf32, #row>, !ttg.async.token, !ttg.async.token, i32
    }
    %o, %o_end = ttng.tmem_load %o_tm[%o_tok] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blk>
    tt.return %o : tensor<128x64xf32, #blk>
  }
}
