// The Blackwell attention example schedules on both built-in models, differently: on Hopper its
// tcgen05 / TMEM ops are unknown ops (latency 1, no unit), so its II is the softmax recurrence's;
// on Blackwell the tensor-memory round trips of S and O make the recurrence longer. The
// playground's Hopper-vs-Blackwell comparison (web e2e) shows these differences.
// RUN: %tilesched %root/examples/triton-blackwell-attention.mlir --model=blackwell 2>&1 | FileCheck %s --check-prefix=BLACKWELL --implicit-check-not=error:
// RUN: %tilesched %root/examples/triton-blackwell-attention.mlir --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER --implicit-check-not=error:
//
// BLACKWELL: block @blackwell_attention_fwd/scf.for %start (line 32): cost-based, scheduled, II 61, 2 stages
// BLACKWELL-NOT: not supported by target model
// HOPPER: block @blackwell_attention_fwd/scf.for %start (line 32): cost-based, scheduled, II 41, 2 stages
// HOPPER: warning: 'ttng.tc_gen5_mma' is not supported by target model 'hopper'
