// `// -----` splits the input into chunks, each read on its own as `mlir-opt -split-input-file`
// reads it, with the file's line numbers. A parse error inside one function leaves that function
// unscheduled and schedules the others; an error outside every function leaves its whole chunk
// unscheduled; the exit status is 2 all the same, and every output says which chunk a block is in.
// RUN: not %tilesched %s 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=error:
// RUN: %tilesched %s > /dev/null 2>&1; test $? -eq 2
// RUN: not %tilesched %s 2>/dev/null | FileCheck %s --check-prefix=TABLE
// RUN: not %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: not %tilesched %s --emit=ir 2>/dev/null | FileCheck %s --check-prefix=IR
//
// DIAG: split-input.mlir:69:1: note: '@broken' is not scheduled because of the parse error(s) in it; the other functions are
// DIAG: split-input.mlir:70:19: error: expected ')' to close the operand list of 't.bad' opened at 70:15, found ':'
// DIAG: split-input.mlir:75:1: error: unknown operation 'frob'
// DIAG: split-input.mlir:75:1: note: nothing in the chunk of lines 75-79 is scheduled: it has an error outside every function
//
// TABLE: block @first/scf.for %i (line 54, chunk 1 of 3): serial, scheduled
// TABLE: block @second/scf.for %i (line 64, chunk 2 of 3): serial, scheduled
// TABLE-NOT: block
//
// JSON: "chunks": [
// JSON-NEXT: {
// JSON-NEXT: "line": 1,
// JSON-NEXT: "end_line": 59,
// JSON-NEXT: "status": "ok",
// JSON-NEXT: "unparsed_functions": []
// JSON: "line": 61,
// JSON-NEXT: "end_line": 73,
// JSON-NEXT: "status": "partial",
// JSON-NEXT: "unparsed_functions": [
// JSON-NEXT: "@broken"
// JSON: "line": 75,
// JSON-NEXT: "end_line": 79,
// JSON-NEXT: "status": "failed",
// JSON: "name": "@first/scf.for %i",
// JSON-NEXT: "line": 54,
// JSON-NEXT: "chunk": 0,
// JSON: "name": "@second/scf.for %i",
// JSON-NEXT: "line": 64,
// JSON-NEXT: "chunk": 1,
//
// IR: func.func @first
// IR: nv_tile.aws.stage
// IR: // -----
// IR-NEXT: func.func @second
// IR: nv_tile.aws.stage
// IR: func.func @broken(%n: index) {
// IR-NEXT: %y = "t.bad"(%n : (index) -> f32
// IR: // -----
// IR-NEXT: frob
// IR-NEXT: func.func @third(%n: index) {
func.func @first(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = t.load %i {sched.latency = 3 : i32} : f32
    t.store %x : f32
  }
  return
}
// -----
func.func @second(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = t.load %i : f32
  }
  return
}
func.func @broken(%n: index) {
  %y = "t.bad"(%n : (index) -> f32
  return
}

// -----
frob
func.func @third(%n: index) {
  return
}

