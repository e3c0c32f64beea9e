// Online softmax (flash attention's inner loop): the row max of this tile, %row_max, is carried to
// the next iteration as the running max %m_i, and %diff reads both, the running max one iteration
// after it was written. The Pipe_ that hands %row_max to %diff holds a value of the previous
// iteration while this iteration's is written, so it needs two slots (docs/decisions.md,
// "Materialization": the depth covers every iteration the consumer reads from). A ring sized for
// the nearest read only ended in a materialization error.
// RUN: %tilesched %s --emit=ir | FileCheck %s
// RUN: %tilesched %s --emit=ir | %tilesched - --check | FileCheck %s --check-prefix=BACK
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
!kv = !ttg.memdesc<64x64xf16, #sh, #smem>
!s_tm = !ttg.memdesc<128x64xf32, #tm, #ttng.tensor_memory, mutable>
!row = tensor<128xf32>
!blk = tensor<128x64xf32>
module attributes {ttg.target = "cuda:100"} {
  tt.func @softmax(%q: !ttg.memdesc<128x64xf16, #sh, #smem>, %kd: !tt.tensordesc<64x64xf16>, %n: i32,
                   %one: !row, %zero: !blk, %ninf: !row) -> !blk {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %false = arith.constant false
    %out:3 = scf.for %i = %c0 to %n step %c64 iter_args(%l_i = %one, %acc = %zero, %m_i = %ninf) -> (!row, !blk, !row) : i32 {
      %k = tt.descriptor_load %kd[%i, %c0] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
      %ks = ttg.local_alloc %k : (tensor<64x64xf16>) -> !kv
      %s_tm, %s_tok = ttng.tmem_alloc : () -> (!s_tm, !ttg.async.token)
      %mma = ttng.tc_gen5_mma %q, %ks, %s_tm[%s_tok], %false, %true : !ttg.memdesc<128x64xf16, #sh, #smem>, !kv, !s_tm
      %s, %ld = ttng.tmem_load %s_tm[%mma] : !s_tm -> !blk
      %row_max = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (!blk) -> !row
      %diff = arith.subf %m_i, %row_max : !row
      %alpha = math.exp2 %diff : !row
      %l_scaled = arith.mulf %l_i, %alpha : !row
      %l_next = arith.addf %l_scaled, %alpha : !row
      %a2 = tt.expand_dims %alpha {axis = 1 : i32} : !row -> tensor<128x1xf32>
      %ab = tt.broadcast %a2 : tensor<128x1xf32> -> !blk
      %acc_scaled = arith.mulf %acc, %ab : !blk
      %acc_next = arith.addf %acc_scaled, %s : !blk
      scf.yield %l_next, %acc_next, %row_max : !row, !blk, !row
    }
    tt.return %out#1 : !blk
  }
}
// CHECK-LABEL: scf.for %i
// CHECK: "nv_tileas.pipe"(%row_max) {depth = 2 : i32, stages_crossed = {{[1-9]}} : i32, {{.*}}raw = "%row_max", producers = ["%row_max"], consumers = [{{.*}}"%diff"{{.*}}]
// BACK: pinned schedule, checked
// JSON: "status": "scheduled",
// JSON: "raw": "%row_max",
// JSON: "depth": 2,
// JSON-NEXT: "stages_crossed": 1,
