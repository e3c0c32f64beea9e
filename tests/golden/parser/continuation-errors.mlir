// Lines that continue an op are read as one op; when a continuation is cut short the error names
// the cause where it is: a type list ending in `,` or `*` before a line that starts an op, a
// region header whose arguments have no region. Each chunk is its own input.
// RUN: not %tilesched %s 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error:
//
// DIAG: continuation-errors.mlir:11:26: error: the types of 'tt.foo' end with ',', but '%y' starts a new operation; complete or remove the last type
// DIAG: continuation-errors.mlir:22:24: error: the types of 'tt.dot' end with '*', but 'tt.return' starts a new operation; complete or remove the last type
// DIAG: continuation-errors.mlir:36:5: error: expected '{' to start the region whose arguments are declared at 35:5, found '%y'
module {
  tt.func @trailing_comma(%a: i32) {
    %x = tt.foo %a : i32,
    %y = arith.addi %a, %a : i32
    tt.return
  }
}

// -----

module {
  tt.func @trailing_star(%a: tensor<4xf32>) {
    %x = tt.dot %a, %a :
        tensor<4xf32> *
    tt.return
  }
}

// -----

module {
  tt.func @header_without_region(%a: i32) {
    %x = ttg.warp_specialize(%a)
    default {
      ttg.warp_yield
    }
    partition0(%b: i32) num_warps(4)
    %y = arith.addi %a, %a : i32
    tt.return
  }
}
