// Some assembly formats put operands after the attribute dictionary (Triton's
// tt.elementwise_inline_asm: `"asm" {constraints = ...} %x : T -> U`) and scf.yield puts its
// dictionary before the operands. The operands are uses like any other and everything prints
// back in the order written.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
#blk = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @unpack(%p: tensor<512x!tt.ptr<i8>, #blk>, %steps: i32, %init: tensor<512xbf16, #blk>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %init) -> (tensor<512xbf16, #blk>) : i32 {
      %bytes = tt.load %p : tensor<512x!tt.ptr<i8>, #blk>
      %lo, %hi = tt.elementwise_inline_asm "prmt.b32 $0, $2, 0, 0x5140; prmt.b32 $1, $2, 0, 0x7362;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = true} %bytes
          : tensor<512xi8, #blk> -> tensor<512xbf16, #blk>, tensor<512xbf16, #blk>
      %s = arith.addf %lo, %hi {tag = 1 : i32} : tensor<512xbf16, #blk>
      %next = arith.addf %acc, %s : tensor<512xbf16, #blk>
      scf.yield {note = "carried"} %next : tensor<512xbf16, #blk>
    }
    tt.return
  }
}
// TABLE: block @unpack/scf.for %i (line 14)
// TABLE: %lo = tt.elementwise_inline_asm

// The load feeds the inline asm (node 0 to node 1), whose results feed the add.
// JSON: "name": "tt.load",
// JSON: "name": "tt.elementwise_inline_asm",
// JSON: "edges": [
// JSON-NEXT: {
// JSON-NEXT: "src": 0,
// JSON-NEXT: "dst": 1,
// JSON: "src": 1,
// JSON-NEXT: "dst": 2,

// IR: %lo, %hi = tt.elementwise_inline_asm "prmt.b32 $0, $2, 0, 0x5140; prmt.b32 $1, $2, 0, 0x7362;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = true{{.*}}} %bytes : tensor<512xi8, #blk> -> tensor<512xbf16, #blk>, tensor<512xbf16, #blk>
// IR: scf.yield {note = "carried"} %next : tensor<512xbf16, #blk>
