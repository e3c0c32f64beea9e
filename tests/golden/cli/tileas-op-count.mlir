// Seed 000's predicate counts the ops of the region TileAS schedules, and tileiras lowers each
// Triton or CUDA Tile op to the nv_tileas ops it becomes before TileAS runs (lowers_to in the
// target model, docs/target-model.md "As TileAS sees it"). The threshold of 8 stays; it is
// compared with the ops as TileAS sees them, and the serial header and the JSON say both counts.
// - @matmul: 7 Triton ops; each tt.load feeds the tt.dot through a convert_layout, so Triton's
//   pipeliner makes it an async copy in a produce / consume pipeline (copy, acquire, commit, wait,
//   read, release, inc_iter: 7), and on Hopper the dot is a wgmma and its wait (2): 20 ops with an
//   async pipeline, cost-based (it was serial, II 39).
// - @scale: a TMA load (copy, acquire, barrier expect, wait, read, release, inc_iter) and a
//   multiply: 8 ops, cost-based.
// - @last_tile: a TMA load whose tile only leaves the loop: 7 ops, still serial, and the remedy's
//   threshold is the count TileAS sees.
// - @tileas: nv_tileas ops count one for one; the wording is the seed's.
// RUN: %tilesched %s --model=hopper | FileCheck %s --check-prefix=TABLE
// RUN: %tilesched %s --model=hopper --emit=json | FileCheck %s --check-prefix=JSON
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#opa = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opb = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @matmul(%a0: tensor<128x32x!tt.ptr<f16>, #blocked>, %b0: tensor<32x128x!tt.ptr<f16>, #blocked>,
                  %off_a: tensor<128x32xi32, #blocked>, %off_b: tensor<32x128xi32, #blocked>,
                  %lb: i32, %ub: i32, %step: i32) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %lb to %ub step %step iter_args(%pa = %a0, %pb = %b0, %acc = %zero)
        -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked>, tensor<128x128xf32, #mma>) : i32 {
      %a_ = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked>
      %a = ttg.convert_layout %a_ : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #opa>
      %b_ = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blocked>
      %b = ttg.convert_layout %b_ : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #opb>
      %c = tt.dot %a, %b, %acc : tensor<128x32xf16, #opa> * tensor<32x128xf16, #opb> -> tensor<128x128xf32, #mma>
      %pa_n = tt.addptr %pa, %off_a : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %pb_n = tt.addptr %pb, %off_b : tensor<32x128x!tt.ptr<f16>, #blocked>, tensor<32x128xi32, #blocked>
      scf.yield %pa_n, %pb_n, %c : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked>, tensor<128x128xf32, #mma>
    }
    tt.return
  }
  tt.func @scale(%d: !tt.tensordesc<tensor<64x64xf16>>, %lb: i32, %ub: i32, %step: i32) {
    scf.for %k = %lb to %ub step %step : i32 {
      %t = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %s = arith.mulf %t, %t : tensor<64x64xf16>
    }
    tt.return
  }
  tt.func @last_tile(%d: !tt.tensordesc<tensor<64x64xf16>>, %init: tensor<64x64xf16>, %lb: i32, %ub: i32, %step: i32) -> tensor<64x64xf16> {
    %r = scf.for %k = %lb to %ub step %step iter_args(%x = %init) -> (tensor<64x64xf16>) : i32 {
      %t = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      scf.yield %t : tensor<64x64xf16>
    }
    tt.return %r : tensor<64x64xf16>
  }
  func.func @tileas(%d: index, %n: index) {
    scf.for %i = %d to %n step %d {
      %a = nv_tileas.async.tiled_tma_load %d : i32
      %b = nv_tileas.dot %a, %a : i32
    }
    return
  }
}
// TABLE: block @matmul/scf.for %k (line 25): cost-based, scheduled
// TABLE: block @scale/scf.for %k (line 39): cost-based, scheduled
// TABLE: block @last_tile/scf.for %k (line 46): serial, scheduled
// TABLE-NEXT: serial: 1 op as written, 7 as TileAS sees them, under the serial threshold of 8; for a modulo schedule: --generator=cost-based or --serial-threshold=7
// TABLE: block @tileas/scf.for %i (line 53): serial, scheduled
// TABLE-NEXT: serial: 2 ops, under the serial threshold of 8; for a modulo schedule: --generator=cost-based or --serial-threshold=2

// JSON: "op_count": 7,
// JSON-NEXT: "op_count_lowered": 20,
// JSON-NEXT: "has_tma": false,
// JSON-NEXT: "has_wgmma": true,
// JSON-NEXT: "has_async_pipeline": true,
// JSON: "rule": "eligible",
// JSON-NEXT: "serial_threshold": 8,
// JSON-NEXT: "reason": "7 ops as written, 20 as TileAS sees them, with WGMMA and async-pipeline ops",
// JSON: "op_count": 2,
// JSON-NEXT: "op_count_lowered": 8,
// JSON: "rule": "eligible",
// JSON: "op_count": 1,
// JSON-NEXT: "op_count_lowered": 7,
// JSON: "rule": "below_threshold",
// JSON-NEXT: "serial_threshold": 8,
// JSON-NEXT: "reason": "1 op as written, 7 as TileAS sees them, under the serial threshold of 8",
// JSON-NEXT: "remedy": "ask for the cost-based generator, or set the serial threshold to 7 or lower"
// JSON: "op_count": 2,
// JSON-NEXT: "op_count_lowered": 2,
// JSON: "reason": "2 ops, under the serial threshold of 8",
