// The gallery's two loops that no schedule fits (docs/decisions.md, "Memory budgets"): a Hopper
// GEMM with 512x512 f32 tiles (1 MiB per TMA tile, 227 KiB of SMEM per SM) and a Blackwell GEMM
// with a 1 MiB TMEM accumulator (256 KiB of TMEM). Each fails with a located error at its largest
// buffer naming every buffer of the space and its bytes; the block is `failed`, exit status 1,
// and its buffers are still reported. --unlimited-smem lifts the SMEM budget only.
// RUN: not %tilesched %root/examples/hopper-tma-wgmma-gemm-512x512-f32.mlir --model=hopper 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not %tilesched %root/examples/hopper-tma-wgmma-gemm-512x512-f32.mlir --model=hopper --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %root/examples/hopper-tma-wgmma-gemm-512x512-f32.mlir --model=hopper --unlimited-smem 2>&1 | FileCheck %s --check-prefix=LIFTED --implicit-check-not=error:
// RUN: not %tilesched %root/examples/blackwell-tcgen05-gemm-1mib-tmem.mlir 2>&1 | FileCheck %s --check-prefix=TMEM
// RUN: not %tilesched %root/examples/blackwell-tcgen05-gemm-1mib-tmem.mlir --unlimited-smem 2>&1 | FileCheck %s --check-prefix=TMEM
//
// SMEM: block @hopper_gemm_512x512_f32/scf.for %k (line 18): cost-based, failed
// SMEM-NEXT: MII 16 = max(resource 16 [tma], recurrence 9, fine-density 8, dependency 1)
// SMEM-NEXT: memory: SMEM 4 MiB, over the 227 KiB budget
// SMEM-NEXT: buffers: %ta smem 2 MiB (2 slots), %tb smem 1 MiB, %done smem 1 MiB
// SMEM-NEXT: in SMEM because the GPU has no tensor memory: %done (tileiras keeps a tile the pipeline hands between stages in tensor memory where there is any, else in shared memory)
// SMEM-NEXT: the loop's shared-memory buffers need 4 MiB (4194304 B), more than the 227 KiB (232448 B) per SM of model 'hopper', and no schedule fits them: whatever the schedule, they need at least 1 MiB (1048576 B): %ta 2 MiB (2 slots of 1 MiB), %tb 1 MiB, %done 1 MiB (--unlimited-smem lifts the SMEM budget)
// SMEM-NOT: estimate
// SMEM: hopper-tma-wgmma-gemm-512x512-f32.mlir:21:13: error: the loop's shared-memory buffers need 4 MiB (4194304 B)
// SMEM-NOT: memory round
//
// JSON: "status": "failed",
// JSON: "buffers": [
// JSON-NEXT: {
// JSON-NEXT: "value": "%ta",
// JSON-NEXT: "space": "smem",
// JSON-NEXT: "bytes_per_slot": 1048576,
// JSON-NEXT: "slots": 2,
// JSON-NEXT: "bytes": 2097152,
// JSON-NEXT: "kind": "tma-tile",
// JSON: "memory": {
// JSON-NEXT: "smem_bytes": 4194304,
// JSON-NEXT: "smem_budget": 232448,
// JSON-NEXT: "tmem_bytes": 0,
// JSON-NEXT: "tmem_budget": null,
// JSON-NEXT: "register_bytes": 0,
// JSON-NEXT: "fits": false,
// JSON: "estimate": null,
//
// LIFTED: block @hopper_gemm_512x512_f32/scf.for %k (line 18): cost-based, scheduled, II 16, 2 stages
// LIFTED: memory: SMEM 4 MiB (budget lifted)
// LIFTED-NEXT: buffers: %ta smem 2 MiB (2 slots), %tb smem 1 MiB, %done smem 1 MiB
// LIFTED-NEXT: in SMEM because the GPU has no tensor memory: %done (tileiras keeps a tile the pipeline hands between stages in tensor memory where there is any, else in shared memory)
// LIFTED-NEXT: estimate: none, no CTA fits on an SM of the NVIDIA H100 80GB HBM3: its buffers need 4 MiB of SMEM
//
// TMEM: block @blackwell_gemm_1mib_tmem/scf.for %k (line 13): serial, failed
// TMEM: memory: SMEM 128 KiB {{.*}}, TMEM 1088 KiB, over the 256 KiB budget
// TMEM-NEXT: buffers: %acc_n tmem 1 MiB, %mma_done tmem 1 MiB (shares %acc_n's), %ta smem 64 KiB, %tb smem 64 KiB, %ta_tmem tmem 64 KiB
// TMEM: blackwell-tcgen05-gemm-1mib-tmem.mlir:19:16: error: the loop's tensor-memory buffers need 1088 KiB (1114112 B), more than the 256 KiB (262144 B) per SM of model 'blackwell', and no schedule fits them: whatever the schedule, they need at least 1 MiB (1048576 B): %acc_n 1 MiB, %mma_done 1 MiB, %ta_tmem 64 KiB
// TMEM-NOT: --unlimited-smem
