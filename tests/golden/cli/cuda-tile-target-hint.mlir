// CUDA Tile IR names its machine in an entry's `optimization_hints=<sm_NN = {...}>`: the hint
// selects the built-in model as Triton's ttg.target does, and an architecture no built-in model
// describes (sm_89, sm_75) is a warning that names it; the loops are scheduled on the default.
// RUN: %tilesched %s 2>&1 | FileCheck %s
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
cuda_tile.module @hopper {
  entry @k(%a: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 1}> {
    %lower = constant <i32: 0> : tile<i32>
    %upper = constant <i32: 8> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lower to %upper, step %step) : tile<i32> iter_values(%v = %a) -> (tile<i32>) {
      %n = addi %v, %iv : tile<i32>
      continue %n : tile<i32>
    }
    return
  }
}
// -----
cuda_tile.module @ada {
  entry @k(%a: tile<i32>) optimization_hints=<sm_89 = {}> {
    %lower = constant <i32: 0> : tile<i32>
    %upper = constant <i32: 8> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lower to %upper, step %step) : tile<i32> iter_values(%v = %a) -> (tile<i32>) {
      %n = addi %v, %iv : tile<i32>
      continue %n : tile<i32>
    }
    return
  }
}
// CHECK: model hopper: Hopper (sm_90), from the IR's target sm_90
// CHECK: model blackwell: Blackwell (sm_100), the default: no built-in model describes the IR's target sm_89
// CHECK: cuda-tile-target-hint.mlir:20:3: warning: no built-in model describes the IR's target sm_89; the loops are scheduled on the default model 'blackwell' (Blackwell (sm_100)); pass --model to choose another

// JSON: "model": {
// JSON-NEXT: "name": "hopper",
// JSON-NEXT: "source": "ir-target",
// JSON-NEXT: "target": "sm_90",
// JSON-NEXT: "target_model": "hopper",
// JSON: "model": {
// JSON-NEXT: "name": "blackwell",
// JSON-NEXT: "source": "default",
// JSON-NEXT: "target": "sm_89",
// JSON-NEXT: "target_model": "",
