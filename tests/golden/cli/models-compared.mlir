// The Blackwell attention example schedules on both built-in models, differently: on Hopper its
// tcgen05 / TMEM ops are unknown ops (latency 1, no unit), so its II is the softmax recurrence's;
// on Blackwell the tensor-memory round trips of S and O make the recurrence longer. The
// playground's Hopper-vs-Blackwell comparison (web e2e) shows these differences.
// RUN: %tilesched %root/examples/triton-blackwell-attention.mlir --model=blackwell 2>&1 | FileCheck %s --check-prefix=BLACKWELL --implicit-check-not=error:
// RUN: %tilesched %root/examples/triton-blackwell-attention.mlir --model=hopper 2>&1 | FileCheck %s --check-prefix=HOPPER --implicit-check-not=error:
//
// BLACKWELL: model blackwell: Blackwell (sm_100), as --model asks (the IR targets cuda:100)
// BLACKWELL: block @blackwell_attention_fwd/scf.for %start (line 32): cost-based, scheduled, II 61, 2 stages
// BLACKWELL-NOT: warning:
// HOPPER: model hopper: Hopper (sm_90), as --model asks (the IR targets cuda:100)
// HOPPER: block @blackwell_attention_fwd/scf.for %start (line 32): cost-based, scheduled, II 41, 2 stages
// HOPPER: triton-blackwell-attention.mlir:15:{{[0-9]+}}: warning: the IR targets cuda:100 (Blackwell (sm_100), model 'blackwell'), but --model asks for 'hopper' (Hopper (sm_90)); the loops are scheduled on 'hopper'
// HOPPER: warning: 'ttng.tc_gen5_mma' is a Blackwell (sm_100) op; this loop targets Hopper (sm_90), model 'hopper'
