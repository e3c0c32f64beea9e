// ttg.warp_specialize as Triton prints it: the captured operands in parentheses, an optional
// `attributes {...}`, a `default` region, then `partitionN(%args) num_warps(N)` regions whose
// arguments are declared in the header, and the function type after the last region. Each
// region reads as written (its keyword and header kept verbatim), the partition arguments are
// bound (no "undefined value" warning), and the op is one node of the loop that contains it.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @producer_consumer(%src: !tt.ptr<f32>, %n: i32, %steps: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %it = %c0 to %steps step %c1 : i32 {
      %sum = ttg.warp_specialize(%src, %it)
      attributes {"ttg.partition.types" = ["default", "load"]}
      default {
        %x = arith.addi %it, %n : i32
        ttg.warp_yield %x : i32
      }
      partition0(%p: !tt.ptr<f32>, %step: i32) num_warps(2) {
        %v = tt.load %p : !tt.ptr<f32>
        ttg.warp_return
      } : (!tt.ptr<f32>, i32) -> i32
      %twice = arith.muli %sum, %c1 : i32
    }
    tt.return
  }
}
// TABLE: block @producer_consumer/scf.for %it (line 14)
// TABLE: %sum = ttg.warp_specialize
// TABLE: %twice = arith.muli

// IR: %sum = ttg.warp_specialize(%src, %it) attributes {ttg.partition.types = ["default", "load"]{{.*}}} default {
// IR: ttg.warp_yield %x : i32
// IR: } partition0(%p: !tt.ptr<f32>, %step: i32) num_warps(2) {
// IR-NEXT: %v = tt.load %p : !tt.ptr<f32>
// IR: } : (!tt.ptr<f32>, i32) -> i32
