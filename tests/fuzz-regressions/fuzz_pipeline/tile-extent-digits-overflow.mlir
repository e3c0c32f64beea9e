// Hopper (sm_90) GEMM main loop in MLIR generic form, as tileiras prints it: a producer
// acquires a pipeline stage and issues two TMA loads, the consumer waits for the stage, runs
// WGMMA into the accumulator carried by the loop, and releases the stage.
// Run: tilesched examples/hopper-tma-wgmma-gemm.mlir --model=hopper
!a_desc = !nv_tileas.tma_desc<128x64xf16>
!b_desc = !nv_tileas.tma_desc<64x128xf16>
!prod = !nv_tileas.PipelineProducerToken
!cons = !nv_tileas.PipelineConsumerToken
!iter = !nv_tileas.PipelineIterator<tile<128x64xf16>>
!acc = tensor<1277777777777777777777777777777777777777777777777777777777778x128xf32>
module {
  "func.func"() <{sym_name = "hopper_gemm_mainloop", function_type = (!a_desc, !b_desc, index, !acc, !prod, !cons, !iter) -> !acc}> ({
  ^bb0(%A: !a_desc, %B: !b_desc, %K: index, %acc0: !acc, %ptok: !prod, %ctok: !cons, %it0: !iter):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %res:2 = "scf.for"(%c0, %K, %c64, %acc0, %it0) ({
    ^bb0(%k: index, %acc: !acc, %it: !iter):
      %stage = "nv_tileas.async.pipeline.producer_acquire"(%ptok, %it) : (!prod, !iter) -> !prod
      %ta = "nv_tileas.async.tiled_tma_load"(%A, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!a_desc, !prod, index) -> !nv_tileas.AsyncToken
      %tb = "nv_tileas.async.tiled_tma_load"(%B, %stage, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!b_desc, !prod, index) -> !nv_tileas.AsyncToken
      %committed = "nv_tileas.async.pipeline.producer_commit"(%stage, %ta, %tb) : (!prod, !nv_tileas.AsyncToken, !nv_tileas.AsyncToken) -> !prod
      %ready = "nv_tileas.async.pipeline.consumer_wait"(%ctok, %it) <{consumer_idx = 0 : i32}> : (!cons, !iter) -> !cons
      %a, %b = "nv_tileas.async.pipeline.consumer_read"(%ready, %committed) <{consumer_idx = 0 : i32}> : (!cons, !prod) -> (tensor<128x64xf16>, tensor<64x128xf16>)
      %acc_n = "nv_tileas.async.dot"(%a, %b, %acc) : (tensor<128x64xf16>, tensor<64x128xf16>, !acc) -> !acc
      %done = "nv_tileas.async.wait"(%acc_n) : (!acc) -> !acc
      %released = "nv_tileas.async.pipeline.consumer_release"(%ready, %done) : (!cons, !acc) -> !cons
      %it_n = "nv_tileas.async.pipeline.inc_iter"(%it) : (!iter) -> !iter
      "scf.yield"(%done, %it_n) : (!acc, !iter) -> ()
    }) : (index, index, index, !acc, !iter) -> (!acc, !iter)
    "func.return"(%res#0) : (!acc) -> ()
  }) : () -> ()
}
