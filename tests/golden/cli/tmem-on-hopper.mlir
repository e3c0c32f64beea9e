// A Blackwell kernel on a Hopper model: the H100 has no tensor memory, and the memory line says
// so rather than that the model gives TMEM no budget.
// RUN: %tilesched %root/examples/triton-blackwell-tcgen05-gemm.mlir --model=hopper-measured 2>/dev/null | FileCheck %s
// CHECK: memory: SMEM {{.*}}, TMEM 64 KiB (the model's GPU has no tensor memory),
// CHECK-NOT: no budget in the model
