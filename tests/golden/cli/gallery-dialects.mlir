// The gallery's Triton and CUDA Tile examples read and schedule with no diagnostic, every loop a
// block, each Triton example on the model of its ttg.target, and their emitted IR reads back (the
// page shows these on the first click).
// RUN: %tilesched %root/examples/triton-hopper-tma-wgmma-gemm.mlir 2>&1 | FileCheck %s --check-prefix=HOPPER --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %root/examples/triton-blackwell-tcgen05-gemm.mlir 2>&1 | FileCheck %s --check-prefix=BLACKWELL --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %root/examples/triton-attention-forward.mlir 2>&1 | FileCheck %s --check-prefix=ATTN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %root/examples/cuda-tile-gemm.mlir --model=blackwell 2>&1 | FileCheck %s --check-prefix=TILE --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %tilesched %root/examples/triton-blackwell-tcgen05-gemm.mlir --emit=ir | %tilesched - --check 2>&1 | FileCheck %s --check-prefix=BACK --implicit-check-not=error:
// RUN: %tilesched %root/examples/cuda-tile-gemm.mlir --model=blackwell --emit=ir | %tilesched - --model=blackwell --check 2>&1 | FileCheck %s --check-prefix=BACK --implicit-check-not=error:
//
// Both ring GEMMs pipeline: their slots come round every 3 (Hopper) and 2 (Blackwell) iterations
// (docs/decisions.md, "Ring buffers"), so the next iterations' TMA copies are issued while the
// MMA of this one runs, a stage later, at the TMA bound (II 16).
// HOPPER: model hopper: Hopper (sm_90), from the IR's target cuda:90
// HOPPER-NEXT: block @hopper_gemm/scf.for %k (line 23): cost-based, scheduled, II 16, 2 stages
// HOPPER: 0 11 12 8 ttng.async_tma_copy_global_to_local@34
// HOPPER-NEXT: 1 0 20 1 ttng.wait_barrier@37
// HOPPER-NEXT: 1 1 21 8 %d = ttng.warp_group_dot
// BLACKWELL: model blackwell: Blackwell (sm_100), from the IR's target cuda:100
// BLACKWELL-NEXT: block @blackwell_gemm/scf.for %k (line 27): cost-based, scheduled, II 16, 2 stages
// The load barrier is armed only after the wait on the MMA barrier says the slot is free (a wait
// acquires barrier writes too), and the MMA waits for the loads.
// BLACKWELL: 0 7 1 1 ttng.wait_barrier@35
// BLACKWELL-NEXT: 0 8 2 1 ttng.barrier_expect@36
// BLACKWELL: 0 13 12 8 ttng.async_tma_copy_global_to_local@40
// BLACKWELL-NEXT: 1 0 20 1 ttng.wait_barrier@43
// BLACKWELL-NEXT: 1 1 21 8 %mma_tok = ttng.tc_gen5_mma
// ATTN: model hopper: Hopper (sm_90), from the IR's target cuda:90
// ATTN-NEXT: block @attention_fwd/scf.for %start (line 22): {{.*}}scheduled
// ATTN: %o_new = tt.dot
// TILE: model blackwell: Blackwell (sm_100), as --model asks
// TILE-NEXT: block @matmul/cuda_tile.for %k (line 18): {{.*}}scheduled
// TILE: %c_next = cuda_tile.mmaf
// BACK: pinned schedule, checked
