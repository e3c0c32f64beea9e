// More partitions than a CTA has warps (33 > 32): the loop cannot give each agent a warp, so its
// ops are scheduled on the whole SM's issue units, with a warning (docs/decisions.md, "Each agent
// on its own share of the SM"); the fma_issue the 33 ops share bounds the II (33 / 4 -> 9).
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @many(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %a0 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a1 = arith.addf %x, %x {ttg.partition = array<i32: 1>} : f32
      %a2 = arith.addf %x, %x {ttg.partition = array<i32: 2>} : f32
      %a3 = arith.addf %x, %x {ttg.partition = array<i32: 3>} : f32
      %a4 = arith.addf %x, %x {ttg.partition = array<i32: 4>} : f32
      %a5 = arith.addf %x, %x {ttg.partition = array<i32: 5>} : f32
      %a6 = arith.addf %x, %x {ttg.partition = array<i32: 6>} : f32
      %a7 = arith.addf %x, %x {ttg.partition = array<i32: 7>} : f32
      %a8 = arith.addf %x, %x {ttg.partition = array<i32: 8>} : f32
      %a9 = arith.addf %x, %x {ttg.partition = array<i32: 9>} : f32
      %a10 = arith.addf %x, %x {ttg.partition = array<i32: 10>} : f32
      %a11 = arith.addf %x, %x {ttg.partition = array<i32: 11>} : f32
      %a12 = arith.addf %x, %x {ttg.partition = array<i32: 12>} : f32
      %a13 = arith.addf %x, %x {ttg.partition = array<i32: 13>} : f32
      %a14 = arith.addf %x, %x {ttg.partition = array<i32: 14>} : f32
      %a15 = arith.addf %x, %x {ttg.partition = array<i32: 15>} : f32
      %a16 = arith.addf %x, %x {ttg.partition = array<i32: 16>} : f32
      %a17 = arith.addf %x, %x {ttg.partition = array<i32: 17>} : f32
      %a18 = arith.addf %x, %x {ttg.partition = array<i32: 18>} : f32
      %a19 = arith.addf %x, %x {ttg.partition = array<i32: 19>} : f32
      %a20 = arith.addf %x, %x {ttg.partition = array<i32: 20>} : f32
      %a21 = arith.addf %x, %x {ttg.partition = array<i32: 21>} : f32
      %a22 = arith.addf %x, %x {ttg.partition = array<i32: 22>} : f32
      %a23 = arith.addf %x, %x {ttg.partition = array<i32: 23>} : f32
      %a24 = arith.addf %x, %x {ttg.partition = array<i32: 24>} : f32
      %a25 = arith.addf %x, %x {ttg.partition = array<i32: 25>} : f32
      %a26 = arith.addf %x, %x {ttg.partition = array<i32: 26>} : f32
      %a27 = arith.addf %x, %x {ttg.partition = array<i32: 27>} : f32
      %a28 = arith.addf %x, %x {ttg.partition = array<i32: 28>} : f32
      %a29 = arith.addf %x, %x {ttg.partition = array<i32: 29>} : f32
      %a30 = arith.addf %x, %x {ttg.partition = array<i32: 30>} : f32
      %a31 = arith.addf %x, %x {ttg.partition = array<i32: 31>} : f32
      %a32 = arith.addf %x, %x {ttg.partition = array<i32: 32>} : f32
    }
    tt.return
  }
}
// CHECK: block @many/scf.for %i (line 9): cost-based, scheduled, II 9,
// CHECK-NEXT: MII 9 = max(resource 9 [fma_issue]
// CHECK: agents-too-many.mlir:9:5: warning: this loop's ops name 33 partitions, more than the 32 warps of a CTA: they are scheduled on the whole SM's issue units, as one agent
