// A GEMM tile loop in CUDA Tile IR as cuda-tile-opt prints it (the form tileiras reads): inside
// cuda_tile.module the op names drop their `cuda_tile.` prefix. Each block of the grid walks K:
// it loads a 128x32 tile of A and a 32x128 tile of B through partition views, multiplies them
// into the accumulator carried by the `for` loop (mmaf), and stores the result tile after it.
// Run: tilesched examples/cuda-tile-gemm.mlir --model=blackwell
cuda_tile.module @gemm {
  entry @matmul(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %k_tiles: tile<i32>) {
    %a_view = make_tensor_view %a_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %b_view = make_tensor_view %b_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %c_view = make_tensor_view %c_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %a_tiles = make_partition_view %a_view : partition_view<tile=(128x32), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(32x128), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>
    %bm, %bn, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %k_tiles, step %c1) : tile<i32>
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
    return
  }
}
