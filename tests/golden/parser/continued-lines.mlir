// MLIR is free-form: a custom op's operands, its type list and its function type may run over
// several lines. A line continues the op above when it cannot start an operation (`-> T`, a
// type after a trailing `,` or `:`, a keyword operand); the types are read as written.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %tilesched %s --emit=ir | %tilesched - --emit=ir | FileCheck %s --check-prefix=IR
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#opA = #ttg.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#opB = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_over_lines(%base: !tt.ptr<f16>, %n: i32, %k_tiles: i32,
                          %b: tensor<64x64xf16, #opB>) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i64
    %one = arith.constant 1 : i64
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %desc = tt.make_tensor_descriptor %base, [%n, %n],
        [%c64, %one] : !tt.ptr<f16>,
        !tt.tensordesc<64x64xf16>
    %res = scf.for %i = %c0 to %k_tiles step %c1
        iter_args(%sum = %zero)
        -> (tensor<64x64xf32, #acc>) : i32 {
      %off = arith.muli %i, %n : i32
      %a_blk = tt.descriptor_load %desc[%c0, %off] :
          !tt.tensordesc<64x64xf16>
          -> tensor<64x64xf16, #blk>
      %a = ttg.convert_layout %a_blk
          : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #opA>
      %next = tt.dot %a, %b, %sum :
          tensor<64x64xf16, #opA> *
          tensor<64x64xf16, #opB>
          -> tensor<64x64xf32, #acc>
      scf.yield %next : tensor<64x64xf32, #acc>
    }
    tt.return %res : tensor<64x64xf32, #acc>
  }
}
// TABLE: block @dot_over_lines/scf.for %i (line 23)
// TABLE: %next = tt.dot

// JSON: "name": "tt.descriptor_load",
// JSON: "name": "tt.dot",
// JSON: "kind": "carried"

// IR: %desc = tt.make_tensor_descriptor %base, [%n, %n], [%c64, %one] : !tt.ptr<f16>, !tt.tensordesc<64x64xf16>
// IR: %a_blk = tt.descriptor_load %desc[%c0, %off] {{.*}}: !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blk>
// IR: %a = ttg.convert_layout %a_blk {{.*}}: tensor<64x64xf16, #blk> -> tensor<64x64xf16, #opA>
// IR: %next = tt.dot %a, %b, %sum {{.*}}: tensor<64x64xf16, #opA> * tensor<64x64xf16, #opB> -> tensor<64x64xf32, #acc>
