// A loop in a loop body is scheduled first and appears in the outer body as one op whose cost
// follows from its own schedule (docs/decisions.md, "Nested loops"): latency (trips - 1) x II +
// the length of one iteration, with a constant trip count or, otherwise, its stage count assumed
// and said in a note; a footprint that lays the inner schedule out over its iterations, so the
// outer loop overlaps other ops with the inner loop only where units are free; and an edge to
// its own next instance, so two instances never overlap. Triton form (scf.for in scf.for),
// CUDA Tile form (for in for, loop in for), and a three-deep nest whose costs compose.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=AUTO --implicit-check-not=warning:
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --check-prefix=MODULO
// RUN: %tilesched %s --generator=cost-based --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --generator=cost-based --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=CHECKED
// RUN: %tilesched %root/examples/triton-persistent-gemm.mlir --generator=cost-based 2>&1 | FileCheck %s --check-prefix=ASSUMED
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @persistent_gemm(%a_desc: !tt.tensordesc<128x64xf16, #nvmma>,
                                  %b_desc: !tt.tensordesc<64x128xf16, #nvmma>,
                                  %c_desc: !tt.tensordesc<128x128xf16, #nvmma>,
                                  %num_tiles: i32, %tiles_n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c8 = arith.constant 8 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c132 = arith.constant 132 : i32
    %true = arith.constant true
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pid = tt.get_program_id x : i32
    %a_ring = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable>
    %b_ring = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #bar, #smem, mutable>
    %fin:2 = scf.for %tile = %pid to %num_tiles step %c132
        iter_args(%slot0 = %c0, %phase0 = %c0) -> (i32, i32) : i32 {
      %tm = arith.divsi %tile, %tiles_n : i32
      %tn = arith.remsi %tile, %tiles_n : i32
      %m = arith.muli %tm, %c128 : i32
      %n = arith.muli %tn, %c128 : i32
      %res:3 = scf.for %k = %c0 to %c8 step %c1
          iter_args(%acc = %zero, %slot = %slot0, %phase = %phase0)
          -> (tensor<128x128xf32, #mma>, i32, i32) : i32 {
        %off = arith.muli %k, %c64 : i32
        %bar_k = ttg.memdesc_index %bars[%slot] : !ttg.memdesc<3x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %a_buf = ttg.memdesc_index %a_ring[%slot] : !ttg.memdesc<3x128x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
        %b_buf = ttg.memdesc_index %b_ring[%slot] : !ttg.memdesc<3x64x128xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
        ttng.barrier_expect %bar_k, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        ttng.async_tma_copy_global_to_local %a_desc[%m, %off] %a_buf, %bar_k, %true
            : !tt.tensordesc<128x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
            -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
        ttng.async_tma_copy_global_to_local %b_desc[%off, %n] %b_buf, %bar_k, %true
            : !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
            -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
        ttng.wait_barrier %bar_k, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %d = ttng.warp_group_dot %a_buf, %b_buf, %acc {inputPrecision = 0 : i32, isAsync = true}
            : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable> * !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
            -> tensor<128x128xf32, #mma>
        %done = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
        %next = arith.addi %slot, %c1 : i32
        %wrap = arith.cmpi eq, %next, %c3 : i32
        %slot_n = arith.select %wrap, %c0, %next : i32
        %flip = arith.xori %phase, %c1 : i32
        %phase_n = arith.select %wrap, %flip, %phase : i32
        scf.yield %done, %slot_n, %phase_n : tensor<128x128xf32, #mma>, i32, i32
      }
      %c16 = arith.truncf %res#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      tt.descriptor_store %c_desc[%m, %n], %c16 : !tt.tensordesc<128x128xf16, #nvmma>, tensor<128x128xf16, #mma>
      scf.yield %res#1, %res#2 : i32, i32
    }
    tt.return
  }
}
// -----
cuda_tile.module @persistent {
  entry @matmul(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %tiles: tile<i32>) {
    %a_view = make_tensor_view %a_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %b_view = make_tensor_view %b_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %c_view = make_tensor_view %c_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %a_tiles = make_partition_view %a_view : partition_view<tile=(128x32), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(32x128), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    for %t in (%c0 to %tiles, step %c1) : tile<i32> {
      %bm = divi %t, %c32 signed : tile<i32>
      %bn = remi %t, %c32 signed : tile<i32>
      %acc = for %k in (%c0 to %c128, step %c32) : tile<i32>
          iter_values(%c = %zero) -> (tile<128x128xf32>) {
        %a, %a_tok = load_view_tko weak %a_tiles[%bm, %k]
            : partition_view<tile=(128x32), tensor_view<4096x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %b_tok = load_view_tko weak %b_tiles[%k, %bn]
            : partition_view<tile=(32x128), tensor_view<4096x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<32x128xf16>, token
        %c_next = mmaf %a, %b, %c : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %c_next : tile<128x128xf32>
      }
      %done = store_view_tko weak %acc, %c_tiles[%bm, %bn]
          : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
// -----
func.func @three_deep(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.mulf %x, %x : f32
    scf.for %j = %c0 to %c3 step %c1 {
      %b = arith.addf %x, %x : f32
      scf.for %k = %c1 to %c3 step %c2 {
        %c = arith.mulf %x, %x : f32
      }
    }
  }
  return
}
// -----
cuda_tile.module @m {
  entry @drain(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %t in (%c0 to %n, step %c1) : tile<i32> {
      %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
        %x, %tok = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
        %j = addi %i, %c1 : tile<i32>
        continue %j : tile<i32>
      }
      %y = addi %r, %c1 : tile<i32>
      continue
    }
    return
  }
}

// As TileAS sees it the persistent loop holds TMA and WGMMA ops (its K loop's), so the default
// selection modulo-schedules it too; its II counts the whole inner loop's cycles.
// AUTO: block @persistent_gemm/scf.for %k (line 41, chunk 1 of 4): cost-based, scheduled, II [[II:[0-9]+]]
// AUTO: block @persistent_gemm/scf.for %tile (line 35, chunk 1 of 4): cost-based, scheduled, II [[D:[0-9]+]]
// AUTO: nested loop %res#0 (line 41): 8 iterations (constant bounds) at II [[II]], the first taking [[L:[0-9]+]] cycles: (8 - 1) x [[II]] + [[L]] = [[D]] cycles
// The K loop's accumulator crosses stages in registers; its rings are the K loop's, not a TMA tile
// of the loop op (which holds the TMA unit through its schedule).
// AUTO-NEXT: memory: SMEM {{[0-9]+}} B of 227 KiB
// AUTO-NEXT: buffers: %res#0 registers 128 KiB (2 slots), %a_ring smem 48 KiB (3 slots)
// AUTO: 0 4 {{[0-9]+}} [[D]] %res#0 = scf.for 41 {{[0-9]+}} cycles of its schedule: tc_and_mma x{{[0-9]+}}, tma x128, tp_smem_wr x128,
// AUTO: nested loop %acc (line 91): 4 iterations (constant bounds) at II
// AUTO: block @three_deep/scf.for %k (line 117, chunk 3 of 4): serial, scheduled, II 4, 1 stage
// AUTO: block @three_deep/scf.for %j (line 115, chunk 3 of 4): serial, scheduled, II 5, 1 stage
// AUTO: nested loop scf.for@117 (line 117): 1 iteration (constant bounds) at II 4, the first taking 4 cycles: (1 - 1) x 4 + 4 = 4 cycles
// AUTO: block @three_deep/scf.for %i (line 113, chunk 3 of 4): serial, scheduled, II 16, 1 stage
// AUTO: nested loop scf.for@115 (line 115): 3 iterations (constant bounds) at II 5, the first taking 5 cycles: (3 - 1) x 5 + 5 = 15 cycles
// AUTO: 0 1 1 15 scf.for@115 115 12 cycles of its schedule: fma_issue x6
//
// Modulo-scheduled, the outer loop's II is the inner loop's length (two instances never
// overlap), and the epilogue of one tile runs in a later stage, beside the next tile's K loop,
// in cycles where the TMA unit is free. The tile's row and column (arith.divsi / remsi, 20 cycles
// each; cuda_tile.divi / remi alike) delay the K loop, so the store of one tile runs two tiles later.
// MODULO: block @persistent_gemm/scf.for %k (line 41, chunk 1 of 4): cost-based, scheduled, II [[II:[0-9]+]]
// MODULO: block @persistent_gemm/scf.for %tile (line 35, chunk 1 of 4): cost-based, scheduled, II [[D:[0-9]+]], 3 stages
// MODULO: nested loop %res#0 (line 41): 8 iterations (constant bounds) at II [[II]], the first taking {{[0-9]+}} cycles: (8 - 1) x [[II]] + {{[0-9]+}} = [[D]] cycles
// MODULO: 0 4 {{[0-9]+}} [[D]] %res#0 = scf.for
// MODULO-NEXT: 1 0 {{[0-9]+}} 4 %c16 = arith.truncf
// MODULO-NEXT: 2 0 {{[0-9]+}} 8 tt.descriptor_store@68
// MODULO: block @matmul/cuda_tile.for %t (line 88, chunk 2 of 4): cost-based, scheduled, II [[DT:[0-9]+]],
// MODULO: nested loop %acc (line 91): 4 iterations (constant bounds) at II {{[0-9]+}}, the first taking {{[0-9]+}} cycles: (4 - 1) x {{[0-9]+}} + {{[0-9]+}} = [[DT]] cycles
// MODULO: 2 0 {{[0-9]+}} 8 %done = cuda_tile.store_view_tko
//
// JSON: "label": "%res#0",
// JSON: "latency": [[D:[0-9]+]],
// JSON: "modelled": true,
// JSON: "nested_loop": {
// JSON-NEXT: "block": 0,
// JSON-NEXT: "scheduled": true,
// JSON-NEXT: "ii": [[II:[0-9]+]],
// JSON-NEXT: "stage_count": {{[0-9]+}},
// JSON-NEXT: "length": [[L:[0-9]+]],
// JSON-NEXT: "trip_count": 8,
// JSON-NEXT: "trip_count_known": true,
// JSON-NEXT: "duration": [[D]],
// JSON-NEXT: "reason": "8 iterations (constant bounds) at II [[II]], the first taking [[L]] cycles: (8 - 1) x [[II]] + [[L]] = [[D]] cycles"
// The CUDA Tile loop's accumulator stays inside the tile: only the nested edge keeps two K loops apart.
// JSON: "label": "%acc",
// JSON: "latency": [[DT:[0-9]+]],
// JSON: "src": 2,
// JSON-NEXT: "dst": 2,
// JSON-NEXT: "latency": [[DT]],
// JSON-NEXT: "distance": 1,
// JSON-NEXT: "kind": "nested"
//
// CHECKED: block @persistent_gemm/scf.for %tile (line {{[0-9]+}}, chunk 1 of 4): pinned schedule, checked
// CHECKED: block @matmul/cuda_tile.for %t (line {{[0-9]+}}, chunk 2 of 4): pinned schedule, checked
// CHECKED: block @three_deep/scf.for %i (line {{[0-9]+}}, chunk 3 of 4): pinned schedule, checked
//
// An inner trip count that is not a constant is assumed to be the inner loop's stage count, said
// in the table and in a note at the inner loop.
// ASSUMED: block @persistent_gemm/scf.for %k (line 37): cost-based, scheduled, II [[II:[0-9]+]], [[S:[0-9]+]] stages
// ASSUMED: nested loop %res#0 (line 37): trip count not a constant, assumed [[S]] iterations (its stage count: the fewest that run its steady state once) at II [[II]]
// ASSUMED: triton-persistent-gemm.mlir:37:16: note: this loop's trip count is not a constant: the loop around it is scheduled as if it ran [[S]] iterations (its stage count)
//
// A cuda_tile.loop has no bounds: its trip count is always assumed.
// AUTO: block @drain/cuda_tile.for %t (line {{[0-9]+}}, chunk 4 of 4): serial, scheduled
// AUTO: nested loop %r (line {{[0-9]+}}): trip count not a constant, assumed 1 iteration (its stage count: the fewest that run its steady state once) at II [[LII:[0-9]+]], the first taking [[LII]] cycles: (1 - 1) x [[LII]] + [[LII]] = [[LII]] cycles
// AUTO: nested-loops.mlir:{{[0-9]+}}:12: note: this loop's trip count is not a constant: the loop around it is scheduled as if it ran 1 iteration (its stage count)
