// The target model follows the IR (docs/decisions.md, "The target from the IR"): Triton's
// `ttg.target = "cuda:90"` selects hopper, cuda:100 and cuda:103 blackwell, each `// -----` chunk
// on its own; a target no built-in model describes (cuda:80, hip:gfx942) and an input naming none
// (CUDA Tile IR carries no target) get the default, blackwell, the former with a warning. --model
// overrides, with a warning where it disagrees with the IR. An op of another machine (tcgen05 on
// cuda:90) is a warning naming both, not a silent unknown op.
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %tilesched %s --model=blackwell 2>&1 | FileCheck %s --check-prefix=OPTION --implicit-check-not=warning:
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @hopper_tma(%d: !tt.tensordesc<tensor<64x64xf16>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %a = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %s = arith.addf %a, %a : tensor<64x64xf16>
    }
    tt.return
  }
}
// -----
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @blackwell_mma(%as: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %bs: !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    scf.for %k = %c0 to %n step %c1 : i32 {
      %t = ttng.tc_gen5_mma %as, %bs, %acc[], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    }
    tt.return
  }
}
// -----
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @mma_on_hopper(%as: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %bs: !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    scf.for %k = %c0 to %n step %c1 : i32 {
      %t = ttng.tc_gen5_mma %as, %bs, %acc[], %true, %true : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    }
    tt.return
  }
}
// -----
module attributes {ttg.target = "cuda:80"} {
  tt.func @ampere(%x: f32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %s = arith.addf %x, %x : f32
    }
    tt.return
  }
}
// -----
module attributes {ttg.target = "hip:gfx942"} {
  tt.func @amd(%x: f32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %s = arith.addf %x, %x : f32
    }
    tt.return
  }
}
// -----
cuda_tile.module @tiles {
  entry @axpy(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %x, %tok = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
      continue
    }
    return
  }
}
// -----
module attributes {ttg.target = "cuda:103"} {
  tt.func @b300(%x: f32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %s = arith.addf %x, %x : f32
    }
    tt.return
  }
}

//
// DEFAULT: model hopper: Hopper (sm_90), from the IR's target cuda:90
// DEFAULT-NEXT: block @hopper_tma/scf.for %k (line 14, chunk 1 of 7)
// DEFAULT: %a = tt.descriptor_load {{.*}} tma+tp_smem_wr x8
// DEFAULT: model blackwell: Blackwell (sm_100), from the IR's target cuda:100
// DEFAULT-NEXT: block @blackwell_mma/scf.for %k (line 27, chunk 2 of 7)
// DEFAULT: %t = ttng.tc_gen5_mma {{.*}} tc_and_mma+tp_mma
// DEFAULT: model hopper: Hopper (sm_90), from the IR's target cuda:90
// DEFAULT-NEXT: block @mma_on_hopper/scf.for %k (line 39, chunk 3 of 7)
// DEFAULT: %t = ttng.tc_gen5_mma {{.*}} -
// DEFAULT: model blackwell: Blackwell (sm_100), the default: no built-in model describes the IR's target cuda:80
// DEFAULT: model blackwell: Blackwell (sm_100), the default: no built-in model describes the IR's target hip:gfx942
// DEFAULT: model blackwell: Blackwell (sm_100), the default: the IR names no target
// DEFAULT-NEXT: block @axpy/cuda_tile.for %i (line 72, chunk 6 of 7)
// DEFAULT: model blackwell: Blackwell (sm_100), from the IR's target cuda:103
// DEFAULT: target-from-ir.mlir:40:12: warning: 'ttng.tc_gen5_mma' is a Blackwell (sm_100) op; this loop targets cuda:90 (tcgen05 needs Blackwell's tensor memory (sm_100); Hopper has none), so it is scheduled as an unknown op (latency 1, no resources)
// DEFAULT: target-from-ir.mlir:46:33: warning: no built-in model describes the IR's target cuda:80; the loops are scheduled on the default model 'blackwell' (Blackwell (sm_100)); pass --model to choose another
// DEFAULT: target-from-ir.mlir:57:33: warning: no built-in model describes the IR's target hip:gfx942; the loops are scheduled on the default model 'blackwell' (Blackwell (sm_100)); pass --model to choose another
//
// OPTION: model blackwell: Blackwell (sm_100), as --model asks (the IR targets cuda:90)
// OPTION: model blackwell: Blackwell (sm_100), as --model asks (the IR targets cuda:100)
// OPTION: model blackwell: Blackwell (sm_100), as --model asks (the IR targets hip:gfx942)
// OPTION: model blackwell: Blackwell (sm_100), as --model asks{{$}}
// OPTION-NEXT: block @axpy/cuda_tile.for %i
// OPTION: target-from-ir.mlir:10:60: warning: the IR targets cuda:90 (Hopper (sm_90), model 'hopper'), but --model asks for 'blackwell' (Blackwell (sm_100)); the loops are scheduled on 'blackwell'
// OPTION: target-from-ir.mlir:34:60: warning: the IR targets cuda:90 (Hopper (sm_90), model 'hopper'), but --model asks for 'blackwell'
// OPTION: target-from-ir.mlir:46:33: warning: the IR targets cuda:80, which no built-in model describes, but --model asks for 'blackwell' (Blackwell (sm_100)); the loops are scheduled on 'blackwell'
// OPTION: target-from-ir.mlir:57:33: warning: the IR targets hip:gfx942, which no built-in model describes, but --model asks for 'blackwell'
//
// JSON: "model": "hopper",
// JSON: "status": "ok",
// JSON-NEXT: "unparsed_functions": [],
// JSON-NEXT: "model": {
// JSON-NEXT: "name": "hopper",
// JSON-NEXT: "source": "ir-target",
// JSON-NEXT: "target": "cuda:90",
// JSON-NEXT: "target_model": "hopper",
// JSON-NEXT: "mismatch": false,
// JSON-NEXT: "reason": "Hopper (sm_90), from the IR's target cuda:90"
// JSON: "name": "blackwell",
// JSON-NEXT: "source": "ir-target",
// JSON-NEXT: "target": "cuda:100",
// JSON: "name": "blackwell",
// JSON-NEXT: "source": "default",
// JSON-NEXT: "target": "cuda:80",
// JSON: "target": "hip:gfx942",
// JSON: "name": "blackwell",
// JSON-NEXT: "source": "default",
// JSON-NEXT: "target": "",
// JSON-NEXT: "target_model": "",
// JSON-NEXT: "mismatch": false,
// JSON-NEXT: "reason": "Blackwell (sm_100), the default: the IR names no target"

// A model picked by hand: `mismatch` where it does not describe the chunk's target (the
// playground's notice and switch read it), with the model the target would pick.
// RUN: %tilesched %s --model=blackwell --emit=json | FileCheck %s --check-prefix=PICKED
// PICKED: "name": "blackwell",
// PICKED-NEXT: "source": "option",
// PICKED-NEXT: "target": "cuda:90",
// PICKED-NEXT: "target_model": "hopper",
// PICKED-NEXT: "mismatch": true,
// PICKED: "name": "blackwell",
// PICKED-NEXT: "source": "option",
// PICKED-NEXT: "target": "cuda:100",
// PICKED-NEXT: "target_model": "blackwell",
// PICKED-NEXT: "mismatch": false,
// A target no built-in model describes picks none: nothing to switch back to.
// PICKED: "target": "cuda:80",
// PICKED-NEXT: "target_model": "",
// PICKED-NEXT: "mismatch": false,
