// A partitioned loop inside a partitioned loop (docs/decisions.md, "Each agent on its own share of
// the SM"): the inner loop is one op of the outer body, run by partitions 1 and 2; each inner
// agent's issue units go to the outer agent of the same partition, so the outer partition 1 holds
// only its own fma_issue and partition 2 its own xu and fma_issue, and an op of no partition (%a2)
// runs in, and holds the units of, every agent.
// RUN: %tilesched %s 2>/dev/null | FileCheck %s
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @nest(%n: i32, %x: f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %a0 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      scf.for %j = %c0 to %c4 step %c1 : i32 {
        %b0 = arith.mulf %x, %x {ttg.partition = array<i32: 1>} : f32
        %b1 = arith.mulf %x, %x {ttg.partition = array<i32: 2>} : f32
        %b2 = math.exp %x {ttg.partition = array<i32: 2>} : f32
      } {ttg.partition = array<i32: 1, 2>, ttg.partition_num_warps = array<i32: 4, 2, 1>}
      %a1 = arith.addf %x, %x {ttg.partition = array<i32: 0>} : f32
      %a2 = arith.addf %x, %x : f32
    } {ttg.partition_num_warps = array<i32: 4, 2, 1>}
    tt.return
  }
}
// CHECK: block @nest/scf.for %j (line {{[0-9]+}}): serial, scheduled
// CHECK: partition 1  compute      2   256    1  0       fma_issue (partition 1)
// CHECK-NEXT: partition 2  compute      1   256    2  0       xu (partition 2), fma_issue (partition 2)
// CHECK: block @nest/scf.for %i (line {{[0-9]+}}): serial, scheduled
// CHECK: partition 0  compute      4   256    3  0       fma_issue (partition 0)
// CHECK-NEXT: partition 1  compute      2   256    2  0       fma_issue (partition 1)
// CHECK-NEXT: partition 2  compute      1   256    2  0       xu (partition 2), fma_issue (partition 2)
// CHECK: scf.for@{{[0-9]+}} {{.*}}: xu (partition 2) x4, fma_issue (partition 1) x4, fma_issue (partition 2) x4
// CHECK: %a2 = arith.addf {{.*}}fma_issue (partition 0)+fma_issue (partition 1)+fma_issue (partition 2)
