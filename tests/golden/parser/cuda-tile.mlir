// CUDA Tile IR as cuda-tile-opt prints it: inside `cuda_tile.module` op names drop the
// `cuda_tile.` prefix (MLIR's default dialect). They are read as cuda_tile ops, printed back as
// written, and a `for ... iter_values(...)` is a loop scheduled like scf.for: its carried value
// feeds the next iteration through `continue` (a carried edge at distance 1).
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --generator=cost-based --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --generator=cost-based --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --generator=cost-based --emit=ir | %tilesched - --generator=cost-based --emit=ir | FileCheck %s --check-prefix=IR
cuda_tile.module @kernels {
  entry @accumulate(%base: tile<ptr<i32>>, %n: tile<i64>) {
    %zero = constant <i32: 0> : tile<i32>
    %c0 = constant <i64: 0> : !cuda_tile.tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    %total = for %k in (%c0 to %n, step %c1) : tile<i64>
                 iter_values(%acc = %zero) -> (tile<i32>) {
      %addr = ptr_to_int %base : tile<ptr<i32>> -> tile<i64>
      %off = addi %addr, %k : tile<i64>
      %p = int_to_ptr %off : tile<i64> -> tile<ptr<i32>>
      %v, %tok = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      %big = cmpi greater_than %k, %c1, signed : tile<i64> -> tile<i1>
      %w = if %big -> (tile<i32>) {
        %d = muli %v, %v : tile<i32>
        yield %d : tile<i32>
      } else {
        yield %v : tile<i32>
      }
      %sum = addi %acc, %w : tile<i32>
      continue %sum : tile<i32>
    }
    %t = store_ptr_tko weak %base, %total : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
// TABLE: block @accumulate/cuda_tile.for %k (line 14): cost-based, scheduled
// TABLE: %sum = cuda_tile.addi

// JSON: "name": "@accumulate/cuda_tile.for %k",
// JSON: "name": "cuda_tile.if",
// JSON: "name": "cuda_tile.addi",
// JSON-NEXT: "label": "%sum",
// JSON: "kind": "carried"

// IR: cuda_tile.module @kernels {
// IR-NEXT: entry @accumulate(%base: tile<ptr<i32>>, %n: tile<i64>) {
// IR: %c0 = constant <i64: 0> : !cuda_tile.tile<i64>
// IR: %total = for %k in (%c0 to %n, step %c1) : tile<i64> iter_values(%acc = %zero) -> (tile<i32>) {
// IR: %w = if %big -> (tile<i32>) {
// IR: } else {
// IR: continue %sum : tile<i32>
// IR-NEXT: } {nv_tile.aws.ii = {{[0-9]+}} : i32, nv_tile.aws.stage_count =
// IR: return
