// Buffers Triton's memory planner already placed are not added up (docs/decisions.md, "Memory as
// the compiler allocates it"): allocations of one `buffer.id` are one backing buffer of the largest
// member times `buffer.copy`, and allocations at a `buffer.offset` take the SMEM up to the end of
// the highest one. Without the placement the four 32 KiB tiles below would need 128 KiB per copy.
// RUN: %tilesched %s 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK-LABEL: block @by_id
// CHECK: memory: SMEM 96 KiB of 227 KiB
// CHECK-LABEL: block @by_offset
// CHECK: memory: SMEM 80 KiB of 227 KiB
// A warp-specialized loop before the planner ran: its partitions' buffers are the planner's to
// overlay, so more than an SM's SMEM is a warning and the loop is scheduled as written (exit 0).
// CHECK-LABEL: block @warp_specialized
// CHECK: memory: SMEM 256 KiB, over the 227 KiB budget
// CHECK: warning: the loop's shared-memory buffers need 256 KiB {{.*}} Triton's memory planner places them
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @by_id(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // Two 32 KiB tiles overlaid as one backing of 3 copies (96 KiB), and nothing else.
    %a = ttg.local_alloc {buffer.copy = 3 : i32, buffer.id = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc {buffer.copy = 3 : i32, buffer.id = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
      ttg.local_store %x, %b : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
      scf.yield
    }
    tt.return
  }
  tt.func @by_offset(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // Placed at 0 and 48 KiB: the highest ends at 80 KiB, the other overlaps it.
    %a = ttg.local_alloc {buffer.offset = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc {buffer.offset = 49152 : i32} : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
      ttg.local_store %x, %b : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
      scf.yield
    }
    tt.return
  }
  tt.func @warp_specialized(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %va = ttg.memdesc_index %a[%i] {async_task_id = array<i32: 0>} : !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
      %vb = ttg.memdesc_index %b[%i] {async_task_id = array<i32: 1>} : !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
      %x = ttg.local_load %va {async_task_id = array<i32: 1>} : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
      ttg.local_store %x, %vb {async_task_id = array<i32: 1>} : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
      scf.yield
    } {tt.warp_specialize}
    tt.return
  }
}
