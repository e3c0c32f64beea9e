// The estimate's figures in the text are the JSON document's thousandths rounded half away from
// zero, as the page rounds them, so the two print the same number: 436.662-591.777 ns reads
// 436.7-591.8, 864.591-1100.705 SM cycles 865-1101, 467.784-633.955 TFLOP/s 468-634.
// RUN: %tilesched %root/examples/triton-hopper-tma-wgmma-gemm.mlir --model=hopper-measured | FileCheck %s
// RUN: %tilesched %root/examples/triton-hopper-tma-wgmma-gemm.mlir --model=hopper-measured --emit=json | FileCheck %s --check-prefix=JSON
// CHECK: estimate on NVIDIA H100 80GB HBM3 (hopper-measured data, 1860-1980 MHz): 436.7-591.8 ns per iteration (865-1101 SM cycles);
// CHECK-NEXT: 4 warps, about 153 registers per thread, 468-634 TFLOP/s per GPU
// JSON: "tflops_per_gpu": [
// JSON-NEXT: 467.784,
// JSON-NEXT: 633.955
// JSON: "cycles_per_iteration": [
// JSON-NEXT: 864.591,
// JSON-NEXT: 1100.705
// JSON: "ns_per_iteration": [
// JSON-NEXT: 436.662,
// JSON-NEXT: 591.777
