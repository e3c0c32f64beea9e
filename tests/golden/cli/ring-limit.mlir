// A chain of 40 ops handing one async handle on (each result forwards the token it reads):
// the cost-based generator's II 1 over 40 stages would need a Pipe_ of 40 slots, more than the
// 32 a Pipe_ holds (facts §4.5). One ring round schedules the loop again with a lifetime edge
// from each deep ring's consumer to its earliest producer: II 2, 20 stages, and it materializes.
// RUN: %tilesched %s --generator=cost-based 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %tilesched %s 2>&1 | FileCheck %s --check-prefix=AUTO --implicit-check-not=error:
// CHECK: block @chain/scf.for %i (line {{[0-9]+}}): cost-based, scheduled, II 2, 20 stages
// CHECK: ring round 1: Pipe_39 needs 40 slots, more than 32; its hand-offs limited to 32: II 2, 20 stages
// AUTO: block @chain/scf.for %i (line {{[0-9]+}}): serial, scheduled, II 40, 1 stage
func.func @chain(%n: index, %x: !tok.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v0 = test.add %x : (!tok.token) -> !tok.token
    %v1 = test.add %v0 : (!tok.token) -> !tok.token
    %v2 = test.add %v1 : (!tok.token) -> !tok.token
    %v3 = test.add %v2 : (!tok.token) -> !tok.token
    %v4 = test.add %v3 : (!tok.token) -> !tok.token
    %v5 = test.add %v4 : (!tok.token) -> !tok.token
    %v6 = test.add %v5 : (!tok.token) -> !tok.token
    %v7 = test.add %v6 : (!tok.token) -> !tok.token
    %v8 = test.add %v7 : (!tok.token) -> !tok.token
    %v9 = test.add %v8 : (!tok.token) -> !tok.token
    %v10 = test.add %v9 : (!tok.token) -> !tok.token
    %v11 = test.add %v10 : (!tok.token) -> !tok.token
    %v12 = test.add %v11 : (!tok.token) -> !tok.token
    %v13 = test.add %v12 : (!tok.token) -> !tok.token
    %v14 = test.add %v13 : (!tok.token) -> !tok.token
    %v15 = test.add %v14 : (!tok.token) -> !tok.token
    %v16 = test.add %v15 : (!tok.token) -> !tok.token
    %v17 = test.add %v16 : (!tok.token) -> !tok.token
    %v18 = test.add %v17 : (!tok.token) -> !tok.token
    %v19 = test.add %v18 : (!tok.token) -> !tok.token
    %v20 = test.add %v19 : (!tok.token) -> !tok.token
    %v21 = test.add %v20 : (!tok.token) -> !tok.token
    %v22 = test.add %v21 : (!tok.token) -> !tok.token
    %v23 = test.add %v22 : (!tok.token) -> !tok.token
    %v24 = test.add %v23 : (!tok.token) -> !tok.token
    %v25 = test.add %v24 : (!tok.token) -> !tok.token
    %v26 = test.add %v25 : (!tok.token) -> !tok.token
    %v27 = test.add %v26 : (!tok.token) -> !tok.token
    %v28 = test.add %v27 : (!tok.token) -> !tok.token
    %v29 = test.add %v28 : (!tok.token) -> !tok.token
    %v30 = test.add %v29 : (!tok.token) -> !tok.token
    %v31 = test.add %v30 : (!tok.token) -> !tok.token
    %v32 = test.add %v31 : (!tok.token) -> !tok.token
    %v33 = test.add %v32 : (!tok.token) -> !tok.token
    %v34 = test.add %v33 : (!tok.token) -> !tok.token
    %v35 = test.add %v34 : (!tok.token) -> !tok.token
    %v36 = test.add %v35 : (!tok.token) -> !tok.token
    %v37 = test.add %v36 : (!tok.token) -> !tok.token
    %v38 = test.add %v37 : (!tok.token) -> !tok.token
    %v39 = test.add %v38 : (!tok.token) -> !tok.token
    scf.yield
  }
  return
}
