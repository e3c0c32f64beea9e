// Triton and CUDA Tile ops take the slots, pools and latencies of their nv_tileas counterparts
// (docs/target-model.md, dialect op tables): the region summary sees TMA and MMA ops, so seed
// 000's selection schedules the loop as it would the nv_tileas one; register-only ops such as
// tt.splat have an entry of their own (latency 1, no unit); an op no table names (math.ctlz)
// stays unmodelled; on hopper the tcgen05 / TMEM ops are unsupported, with a warning naming both machines.
// RUN: %tilesched %s | FileCheck %s --check-prefix=TABLE
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER
module {
  tt.func @gemm(%lb: i32, %ub: i32, %step: i32, %da: !tt.tensordesc<tensor<128x64xf16>>, %db: !tt.tensordesc<tensor<64x128xf16>>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    scf.for %k = %lb to %ub step %step : i32 {
      %a = tt.descriptor_load %da[%k, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      %b = tt.descriptor_load %db[%k, %k] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %as = ttg.local_alloc %a : (tensor<128x64xf16>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
      %bs = ttg.local_alloc %b : (tensor<64x128xf16>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
      %t = ttng.tc_gen5_mma %as, %bs, %acc[], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %c, %lt = ttng.tmem_load %acc[%t] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32>
      %s = arith.addf %c, %c : tensor<128x128xf32>
      %u = tt.splat %k : i32 -> tensor<128xi32>
      %r = math.ctlz %k : i32
    }
    tt.return
  }
  cuda_tile.module @tiles {
    entry @axpy(%p: tile<ptr<f32>>, %n: tile<i32>) {
      %c0 = constant <i32: 0> : tile<i32>
      %c1 = constant <i32: 1> : tile<i32>
      for %i in (%c0 to %n, step %c1) : tile<i32> {
        %x, %tok = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
        %y = mulf %x, %x : tile<f32>
        %z = exp2 %y : tile<f32>
        continue
      }
      return
    }
  }
}
// The TMA copies hold the SMEM write; the local_allocs of their tiles write nothing more (one
// cost per data movement, docs/target-model.md): the II is the TMA bound, 16 (it was 30 when
// each local_alloc held tp_smem_wr too).
// TABLE: block @gemm/scf.for %k (line {{[0-9]+}}): cost-based, scheduled, II 16
// TABLE-NEXT: MII 16 = max(resource 16 [tma],
// TABLE-DAG: %a = tt.descriptor_load {{.*}} tma+tp_smem_wr x8
// TABLE-DAG: %as = ttg.local_alloc {{[0-9]+}} -
// TABLE-DAG: %t = ttng.tc_gen5_mma {{.*}} tc_and_mma+tp_mma+tmem_banks x8
// TABLE-DAG: %c = ttng.tmem_load {{.*}} tp_tmem_rd+tmem_banks x7
// TABLE: block @axpy/cuda_tile.for %i
// TABLE-DAG: %x = cuda_tile.load_ptr_tko {{.*}} tp_gnic_rd x7
// TABLE-DAG: %y = cuda_tile.mulf {{.*}} fma_issue
// TABLE-DAG: %z = cuda_tile.exp2 {{.*}} xu

// Each tt.descriptor_load is a TMA copy in a produce / consume pipeline as TileAS sees it: the
// copy, the slot's acquire, the barrier expect (commit), the wait, the read, the release and the
// iterator's advance.
// JSON: "summary": {
// JSON-NEXT: "op_count": 9,
// JSON-NEXT: "op_count_lowered": 21,
// JSON-NEXT: "has_tma": true,
// JSON-NEXT: "has_wgmma": true,
// JSON: "rule": "eligible",
// JSON-NEXT: "serial_threshold": 8,
// JSON-NEXT: "reason": "9 ops as written, 21 as TileAS sees them, with TMA, WGMMA and async-pipeline ops",
// JSON: "name": "tt.descriptor_load",
// JSON: "modelled": true,
// JSON: "name": "ttng.tc_gen5_mma",
// JSON: "latency": 8,
// JSON: "modelled": true,
// JSON: "name": "tt.splat",
// JSON: "latency": 1,
// JSON-NEXT: "footprint": [],
// JSON-NEXT: "modelled": true,
// JSON: "name": "math.ctlz",
// JSON: "modelled": false,

// HOPPER: %a = tt.descriptor_load {{.*}} tma+tp_smem_wr x8
// HOPPER: %t = ttng.tc_gen5_mma {{.*}} -
// HOPPER: warning: 'ttng.tc_gen5_mma' is a Blackwell (sm_100) op; this loop targets Hopper (sm_90), model 'hopper' (tcgen05 needs Blackwell's tensor memory (sm_100); Hopper has none), so it is scheduled as an unknown op (latency 1, no resources)
// HOPPER: warning: 'ttng.tmem_load' is a Blackwell (sm_100) op; this loop targets Hopper (sm_90), model 'hopper'
