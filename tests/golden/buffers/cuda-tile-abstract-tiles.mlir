// CUDA Tile IR's tiles have no memory space: where a tile lives is the compiler's choice, so a
// loop that keeps a 32 MiB tile across stages, or stores one through a view, is scheduled (exit 0)
// with no shared- or tensor-memory buffer; the kept tile is counted as registers.
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %tilesched %s --generator=cost-based --model=hopper 2>&1 | FileCheck %s --implicit-check-not=error:
cuda_tile.module @kernels {
  entry @big(%a: tile<2048x4096xf32>, %b: tile<2048x4096xf32>,
             %view: partition_view<tile=(2048x4096), tensor_view<8192x8192xf32, strides=[8192,1]>>) {
    %lower = constant <i32: 0> : tile<i32>
    %upper = constant <i32: 64> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lower to %upper, step %step) : tile<i32> iter_values(%acc = %a) -> (tile<2048x4096xf32>) {
      %x = addf %acc, %b : tile<2048x4096xf32>
      %y = mulf %x, %x : tile<2048x4096xf32>
      %z = addf %y, %x : tile<2048x4096xf32>
      %t = store_view_tko weak %z, %view[%iv, %iv] : tile<2048x4096xf32>, partition_view<tile=(2048x4096), tensor_view<8192x8192xf32, strides=[8192,1]>>, tile<i32> -> token
      continue %z : tile<2048x4096xf32>
    }
    return
  }
}
// CHECK: block @big/cuda_tile.for %iv (line 12): cost-based, scheduled
// CHECK-NEXT: MII
// CHECK: memory: SMEM 0 B of 227 KiB, registers about {{[0-9]+}} per thread (over 255: spills)
// CHECK-NEXT: buffers: %z registers 32 MiB
