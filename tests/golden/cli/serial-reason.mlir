// Generator selection says why a block is serial, and what would give a modulo schedule (issue 13
// item 6): the table names command-line options, the JSON `selection` block plain words.
// RUN: %tilesched %s | FileCheck %s --check-prefix=TABLE
// RUN: %tilesched %s --emit=json | FileCheck %s --check-prefix=JSON
// RUN: %tilesched %s --serial-threshold=3 | FileCheck %s --check-prefix=LOWER
// RUN: %tilesched %s --serial-threshold=3 --emit=json | FileCheck %s --check-prefix=LOWERJSON
// RUN: %tilesched %s --generator=serial | FileCheck %s --check-prefix=ASKED
module {
  // Four ops with a TMA load: under the default threshold of 8; a threshold of 4 would reach the
  // cost-based generator.
  func.func @small(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = nv_tileas.async.tiled_tma_load %d[%i], %bar : !nv_tileas.AsyncToken
      %a = nv_tileas.async.wait %t : tensor<128x64xf16>
      %s = arith.addf %a, %a : tensor<128x64xf16>
      %u = arith.mulf %s, %s : tensor<128x64xf16>
      scf.yield
    }
    return
  }
  // No TMA, WGMMA or async-pipeline op: a lower threshold would not help, only the cost-based
  // generator would pipeline it.
  func.func @plain(%x: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = arith.addf %x, %x : f32
      %b = arith.mulf %a, %a : f32
      %c = arith.addf %b, %x : f32
      scf.yield
    }
    return
  }
  // force_serial_execution on the loop wins over everything.
  func.func @forced(%d: !nv_tileas.tma_desc<128x64xf16>, %n: index, %bar: !nv_tileas.mbarrier) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = nv_tileas.async.tiled_tma_load %d[%i], %bar : !nv_tileas.AsyncToken
      %a = nv_tileas.async.wait %t : tensor<128x64xf16>
      scf.yield
    } {tileas.schedule.constraint.force_serial_execution}
    return
  }
}
// TABLE: block @small/scf.for %i (line {{[0-9]+}}): serial, scheduled
// TABLE-NEXT: serial: 4 ops, under the serial threshold of 8; for a modulo schedule: --generator=cost-based or --serial-threshold=4
// TABLE: block @plain/scf.for %i (line {{[0-9]+}}): serial, scheduled
// TABLE-NEXT: serial: 3 ops, under the serial threshold of 8; for a modulo schedule: --generator=cost-based
// TABLE: block @forced/scf.for %i (line {{[0-9]+}}): serial, scheduled
// TABLE-NEXT: serial: force_serial_execution on the loop; for a modulo schedule: remove force_serial_execution from the loop

// JSON: "name": "@small/scf.for %i",
// JSON: "selection": {
// JSON-NEXT: "rule": "below_threshold",
// JSON-NEXT: "serial_threshold": 8,
// JSON-NEXT: "reason": "4 ops, under the serial threshold of 8",
// JSON-NEXT: "remedy": "ask for the cost-based generator, or set the serial threshold to 4 or lower"
// JSON-NEXT: "remedies": [
// JSON-NEXT: {
// JSON-NEXT: "id": "set_option",
// JSON-NEXT: "option": "generator",
// JSON-NEXT: "value": "cost-based"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "id": "lower_option",
// JSON-NEXT: "option": "serial-threshold",
// JSON-NEXT: "value": 4
// JSON: "name": "@plain/scf.for %i",
// JSON: "rule": "below_threshold",
// JSON-NEXT: "serial_threshold": 8,
// JSON-NEXT: "reason": "3 ops, under the serial threshold of 8",
// JSON-NEXT: "remedy": "ask for the cost-based generator"
// JSON: "name": "@forced/scf.for %i",
// JSON: "rule": "force_serial",
// JSON: "remedy": "remove force_serial_execution from the loop"
// JSON-NEXT: "remedies": [
// JSON-NEXT: {
// JSON-NEXT: "id": "remove_attribute",
// JSON-NEXT: "attribute": "force_serial_execution"

// With the threshold at 3 the TMA loop reaches the cost-based generator and says nothing more.
// LOWER: block @small/scf.for %i (line {{[0-9]+}}): cost-based, scheduled
// LOWER-NOT: serial:
// LOWER: block @plain/scf.for %i (line {{[0-9]+}}): serial, scheduled
// LOWER-NEXT: serial: no TMA, WGMMA or async-pipeline op among its 3 ops; for a modulo schedule: --generator=cost-based
// LOWERJSON: "name": "@plain/scf.for %i",
// LOWERJSON: "rule": "no_async_op",
// LOWERJSON-NEXT: "serial_threshold": 3,
// LOWERJSON-NEXT: "reason": "no TMA, WGMMA or async-pipeline op among its 3 ops",
// LOWERJSON-NEXT: "remedy": "ask for the cost-based generator"

// ASKED: block @small/scf.for %i (line {{[0-9]+}}): serial, scheduled
// ASKED-NEXT: serial: the serial generator was requested; for a modulo schedule: --generator=cost-based
