// The words a share link is deflated against before the gallery example (state/share.ts): the
// MLIR, Triton and TileAS tokens that recur across the gallery, in their JSON-escaped form as a
// payload holds them, the most frequent last. Frozen: every version-2 link inflates against these
// exact bytes (a unit test pins their hash), so a change needs a new link version.
export const LINK_DICTIONARY =
  "oc19 #loc20 #loc21 #loc22 #loc23 #loc24 #loc25 #loc26 #loc27 #loc28 #loc29 #loc30 #loc31 #" +
  "loc32 #loc33 #loc34 #loc35 #loc36 #loc37 #loc38 #loc39 #loc40 #loc41 #loc42 #loc53 #loc54 " +
  "#loc55 #loc56 #loc57 #loc58 #loc68 #loc69 #loc70 #loc71 #loc72 #loc73 #loc74 #loc75 #loc76" +
  " #loc77 #loc78 #loc79 #loc80 #loc81 #loc82 #loc83 #loc84 #loc85 #loc86 #loc87 #loc88 %a_bu" +
  "f %b_buf %l_new %m_new %o_new Before Dumped cycles device devrun kernel run.sh serial shar" +
  "ed sm_100 triton %b =  %i =  %p =  %res %true ^bb0 after load their tile waits !a_desc !b_" +
  "desc #loc =  %a_ring %b_ring %cst =  %off =  %slot_n buffers extract python3 section #loc1" +
  " =  #loc2 =  #loc3 =  #loc4 =  #loc5 =  #loc6 =  #loc7 =  #loc8 =  #loc9 =  %alpha %flip =" +
  "  %next =  %phase %slot =  %ta =  %tb =  %wrap =  %zero =  Measured beside callsite issues" +
  " language mbarrier output receives resource schedule true tutorial %a =  %done tiles #loc1" +
  "0 =  #loc11 =  #loc12 =  #loc13 =  #loc14 =  #loc15 =  #loc16 =  #loc17 =  #loc18 =  #loc1" +
  "9 =  #loc20 =  #loc21 =  #loc22 =  #loc23 =  #loc24 =  #loc25 =  #loc26 =  #loc27 =  #loc2" +
  "8 =  #loc29 =  #loc30 =  #loc31 =  #loc32 =  #loc33 =  #loc34 =  #loc35 =  #loc36 =  #loc3" +
  "7 =  #loc38 =  #loc39 =  #loc40 =  #loc41 =  #loc42 =  #loc43 =  #loc44 =  #loc45 =  #loc4" +
  "6 =  #loc47 =  #loc48 =  #loc49 =  #loc50 =  #loc51 =  #loc52 =  #loc53 =  #loc54 =  #loc5" +
  "5 =  #loc56 =  #loc57 =  #loc58 =  #loc59 =  #loc60 =  #loc61 =  #loc62 =  #loc63 =  #loc6" +
  "4 =  #loc65 =  #loc66 =  #loc67 =  #loc68 =  #loc69 =  #loc70 =  #loc71 =  #loc72 =  #loc7" +
  "3 =  #loc74 =  #loc75 =  #loc76 =  #loc77 =  #loc78 =  #loc79 =  #loc80 =  #loc81 =  #loc8" +
  "2 =  #loc83 =  #loc84 =  #loc85 =  #loc86 =  #loc87 =  #loc88 =  %a_buf =  %b_buf =  %l_ne" +
  "w =  %l_scaled %m_new =  %o_new =  %o_scaled README.md compiling estimate. iteration num_w" +
  "arps pipeliner #bar =  %a_desc %b_desc %bar %l_i =  %m_i =  forward unknown !a_desc =  !b_" +
  "desc =  #shared =  %a_ring =  %acc_n %b_ring =  %slot_n =  Triton arith.subf cost-based lo" +
  "ads num_stages python3.12 recurrence sm_90 %phase_n %true =  GEMM cuda each into software " +
  "accumulates descriptors noinline =  standard.py axis =  carried false through #nvmma =  %a" +
  "lpha =  %l_scaled =  %o_scaled =  %phase =  Hopper generator math.exp2 memory ttg.num-ctas" +
  " arith.maxnumf benchmarks.md shared-memory site-packages %acc %k =  %k_tiles arith.mulf ar" +
  "ith.xori main model tileiras #mma =  \\\"tt.reduce\\\"( gpu_results.py #blocked =  %phase_n = " +
  " arith.divsi arith.remsi %acc_n =  Blackwell TritonGPU hopper-measured %done =  MLIR_ENABL" +
  "E_DUMP arith.select order =  public sched.latency =  tensor tt.broadcast tt.reduce.return " +
  "arith.addf arith.cmpi dense<0xFF800000> triton_kernels.py ttg.memdesc_index ttg.memdesc_tr" +
  "ans sched.footprint =  tensor<64x128xf16> tt.descriptor_load index #smem =  %acc =  tt.exp" +
  "and_dims tt.func dense<1.000000e+00> tt.descriptor_store arith.addi arith.muli loop return" +
  " ttg.threads-per-warp with array<i32: 1, 0> tt.get_program_id ttng.wait_barrier #ttg.block" +
  "ed TritonGPUAssignLatencies func.func step tt.return ttg.convert_layout tensor<128x128xf16" +
  ", #mma> ttng.barrier_expect accumulator instrShape =  attributes inputPrecision =  #ttg.nv" +
  "idia_mma tensor<128x64xf16> versionMajor =  versionMinor =  transposed =  tensor<128x128xf" +
  "32> ttng.warp_group_dot arith.truncf sizePerThread =  \\\"nv_tileas.async.wait\\\"( tensor<128" +
  "x128xf32, #mma> !tt.tensordesc<128x64xf16, #nvmma> !tt.tensordesc<64x128xf16, #nvmma> thre" +
  "adsPerWarp =  examples ttg.num-warps ttg.target =  ttg.local_alloc warpsPerCTA =  dense<0." +
  "000000e+00> nv_tileas.async.dot iter_args #ttg.nvmma_shared scf.for !ttg.memdesc<128x64xf1" +
  "6, #shared, #smem> nv_tileas.async.wait #ttg.shared_memory elementBitWidth =  nmodule !nv_" +
  "tileas.mbarrier tilesched ttng.async_tma_copy_global_to_local !ttg.memdesc<128x64xf16, #nv" +
  "mma, #smem, mutable> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> swizzlingByteWidth =" +
  "  scf.yield !ttg.memdesc<1xi64, #bar, #smem, mutable> !nv_tileas.tma_desc<128x64xf16> !nv_" +
  "tileas.AsyncToken arith.constant nv_tileas.async.tiled_tma_load #ttg.swizzled_shared<{vec " +
  "= 1, perPhase = 1, maxPhase = 1, order = [0]}>";
