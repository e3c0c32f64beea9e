// A loop-free function of several basic blocks (cf branches): each basic block is one acyclic
// block, named by its label, since no op moves across a branch; the branches end their blocks
// (no unknown-op guess for them), a block holding only its branch is not listed, and each op
// carries its own block's II because the function holds several (docs/decisions.md, "Scheduled
// blocks"); @one_listed has one block to list, whose II the function carries. The scheduled IR,
// checked and printed again, is the same text.
// From facebookexperimental/triton db4666f22, test/Analysis/test-membar.mlir (MIT).
// RUN: %tilesched %s 2>&1 | FileCheck %s --implicit-check-not="no entry for cf."
// RUN: %tilesched %s --emit=ir 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: diff <(%tilesched %s --emit=ir) <(%tilesched %s --emit=ir | %tilesched - --check --emit=ir)
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 18944 : i32} {
  tt.func public @kernel(%arg3: !tt.ptr<i32>, %arg4: !tt.ptr<f16>, %arg12: tensor<32x128xf16, #blocked>, %arg13: tensor<32x128xf32, #blocked>, %arg14: tensor<32x32xf16, #blocked1>) {
    %c0_i32 = arith.constant 0 : i32
    %37 = ttg.local_alloc %arg14 {allocation.offset = 0 : i32} : (tensor<32x32xf16, #blocked1>) -> !ttg.memdesc<32x32xf16, #shared, #ttg.shared_memory>
    %58 = ttg.local_alloc %arg12 : (tensor<32x128xf16, #blocked>) -> !ttg.memdesc<32x128xf16, #shared1, #ttg.shared_memory>
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb1
    %59 = tt.atomic_cas acq_rel, gpu, %arg3, %c0_i32, %c0_i32 : (!tt.ptr<i32>, i32, i32) -> i32
    %60 = arith.cmpi eq, %59, %c0_i32 : i32
    cf.cond_br %60, ^bb1, ^bb2
  ^bb2:  // pred: ^bb1
    %72 = ttg.convert_layout %arg13 : tensor<32x128xf32, #blocked> -> tensor<32x128xf32, #mma>
    %73 = ttg.local_load %37 : !ttg.memdesc<32x32xf16, #shared, #ttg.shared_memory> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %74 = ttg.local_load %58 : !ttg.memdesc<32x128xf16, #shared1, #ttg.shared_memory> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %75 = tt.dot %73, %74, %72, inputPrecision = tf32 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x128xf32, #mma>
    tt.store %arg4, %75 : tensor<32x128xf32, #mma>
    cf.br ^bb3
  ^bb3:
    tt.return
  }
  tt.func public @one_listed(%p: !tt.ptr<f32>) {
    %x = tt.load %p : !tt.ptr<f32>
    tt.store %p, %x : !tt.ptr<f32>
    cf.br ^bb1
  ^bb1:
    tt.return
  }
}
// CHECK: block @kernel (line 17): serial, scheduled
// CHECK-NOT: cf.br
// CHECK: block @kernel ^bb1 (line 22): serial, scheduled
// CHECK-NOT: cf.cond_br
// CHECK: block @kernel ^bb2 (line 26):
// CHECK-NOT: ^bb3
// CHECK: block @one_listed (line 36): serial, scheduled
// IR: tt.func public @kernel(
// IR-NOT: nv_tile.aws.ii
// IR-SAME: {
// IR: %37 = ttg.local_alloc {{.*}}nv_tile.aws.ii = [[II0:[0-9]+]] : i32
// IR: %58 = ttg.local_alloc {{.*}}nv_tile.aws.ii = [[II0]] : i32
// IR: cf.br ^bb1
// IR: %59 = tt.atomic_cas {{.*}}nv_tile.aws.ii = [[II1:[0-9]+]] : i32
// IR: tt.func public @one_listed(%p: !tt.ptr<f32>) attributes {nv_tile.aws.ii = {{[0-9]+}} : i32, nv_tile.aws.stage_count = 1 : i32}
// IR-NOT: nv_tile.aws.ii
// IR: tt.return
