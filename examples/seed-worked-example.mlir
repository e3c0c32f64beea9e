// A four-op Blackwell loop body: two TMA loads, an SMEM-to-TMEM copy and a tensor-core MMA, as
// the scoring example of TileAS's modulo scheduler describes it. The op names are that
// description's, kept in the built-in model so the example runs as written.
//
// Four ops are below the serial threshold (8), so the automatic choice is the serial
// generator; choose the cost-based generator to see the modulo schedule. The description claims
// II = 8, which singleton transports cannot reach: the TMA load holds tp_smem_wr for 8 cycles
// and the SMEM write for 7 more, so the resource MII is 15 (docs/decisions.md).
!smem_ref = !nv_tileas.smem<128x64xf16>
!tmem_ref = !nv_tileas.tmem<128x128xf32>
func.func @seed_example(%desc: !nv_tileas.tma_desc<128x64xf16>, %coord: index, %src: tensor<128x64xf16>,
                        %a: !smem_ref, %b: !smem_ref, %c: !tmem_ref, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %0 = nv_tileas.async.tiled_tma_load %desc, %coord : !smem_ref
    %1 = nv_tileas.async.smem_write %src : !smem_ref
    %2 = nv_tileas.async.wgmma %a, %b, %c : !tmem_ref
    %3 = nv_tileas.async.smem_read %0 : tensor<128x64xf16>
    scf.yield
  }
  return
}
