#!/usr/bin/env python3
"""Tests of bench/realir_split.py and bench/realir_bench.py on the project's own small inputs.

  python3 tests/bench/realir_scripts_test.py [--tilesched build/bin/tilesched]

Without --tilesched the end-to-end case (a real run of the tool) is skipped.
"""
import argparse
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import realir_bench as bench  # noqa: E402
import realir_split as split  # noqa: E402

TOOL = None

# Two chunks: a loop-free function and a loop-bearing one in the first, a declaration and a
# loop-bearing function (a second `@k`) in the second.
TEST_FILE = """\
// RUN: some-opt %s -split-input-file | FileCheck %s
#lay = #ttg.blocked<{sizePerThread = [1], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @plain
tt.func @plain(%a: i32) -> i32 attributes {noinline = false} {
  tt.return %a : i32
}

// CHECK-LABEL: @k
// CHECK: ttg.local_alloc {{.*}} loop.stage = 2
tt.func @k(%lb: i32, %ub: i32,
           %x: tensor<4xf16, #ttg.dot_op<{opIdx = 0, parent = #lay}>>) {
  scf.for %i = %lb to %ub step %lb : i32 {
    %s = ttg.local_alloc %x {loop.cluster = 1 : i32, loop.stage = 0 : i32} : (tensor<4xf16, #lay>) -> !ttg.memdesc<4xf16>
    scf.if %c {
      ttng.fence_async_shared
    }
    ttng.wait_barrier %b, %p : !ttg.memdesc<1xi64>
    %d = tt.dot %s, %s, %x : tensor<4xf16> *
                             tensor<4xf16>
                          -> tensor<4xf16>
  } {tt.num_stages = 3 : i32}
  tt.return
}
}

// -----

module {
tt.func private @decl(%a: i32) -> i32
tt.func @k(%n: index) {
  %r = scf.for %i = %n to %n step %n iter_args(%v = %n) -> (index) {
    scf.yield %v : index
  }
  tt.return
}
}
"""


class SplitTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = Path(self.tmp.name)
        (self.root / "orig" / "origin").mkdir(parents=True)
        self.path = self.root / "orig" / "origin" / "t.mlir"
        self.path.write_text(TEST_FILE)

    def tearDown(self):
        self.tmp.cleanup()

    def test_cuts_one_file_per_loop_bearing_function(self):
        cut, chunks, functions = split.split_file(self.path)
        self.assertEqual((chunks, functions), (2, 4))
        self.assertEqual([name for name, _, _ in cut], ["t__k.mlir", "t__k__line31.mlir"])

    def test_keeps_line_numbers_and_blanks_the_rest(self):
        (name, text, fn), _ = split.split_file(self.path)[0]
        original, kept = TEST_FILE.split("\n"), text.split("\n")
        self.assertEqual(len(kept), len(original))
        self.assertEqual(kept[1], original[1])  # alias
        self.assertEqual(kept[2], original[2])  # module wrapper
        self.assertEqual(kept[3], original[3])  # a CHECK line of the chunk
        self.assertEqual(kept[4:7], ["", "", ""])  # the other function, with its attributes
        self.assertEqual(kept[10:12], original[10:12])  # a header over two lines
        self.assertTrue(all(line == "" for line in kept[26:]))  # the other chunk
        self.assertEqual((fn.first, fn.last), (10, 23))

    def test_declaration_is_not_a_body(self):
        _, second = split.split_file(self.path)[0]
        kept = second[1].split("\n")
        self.assertEqual(kept[29], "")  # the declaration is another function: blanked
        self.assertIn("tt.func @k(%n: index)", kept[30])
        self.assertEqual(second[2].loops, {"scf.for": 1})

    def test_main_writes_under_the_origin(self):
        split.main([str(self.root / "orig"), str(self.root / "out")])
        self.assertTrue((self.root / "out" / "origin" / "t__k.mlir").exists())


class TextTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        cut, _, _ = split.split_file(self._write("t.mlir", TEST_FILE))
        self.first = self._write("t__k.mlir", cut[0][1])

    def _write(self, name, text):
        path = Path(self.tmp.name) / name
        path.write_text(text)
        return path

    def tearDown(self):
        self.tmp.cleanup()

    def test_classes_nodes_and_annotations(self):
        ops, loops = bench.read_text(self.first)
        got = [(op.line, op.name, op.cls, op.node) for op in ops]
        self.assertEqual(got, [
            (14, "ttg.local_alloc", "smem", True),
            (15, "scf.if", None, True),
            (16, "ttng.fence_async_shared", "sync", False),
            (18, "ttng.wait_barrier", "sync", True),
            (19, "tt.dot", "mma", True),
        ])
        self.assertEqual((ops[0].stage, ops[0].cluster, ops[0].col), (0, 1, 5))
        self.assertEqual(loops, {13: {"tt.num_stages": 3}})

    def test_check_lines_under_the_label(self):
        self.assertEqual(bench.check_stages(self.first, "k"), [2])
        self.assertEqual(bench.check_stages(self.first, "plain"), [])

    def test_cuda_tile_ops_without_prefix(self):
        path = self._write("c.mlir", "cuda_tile.module @m {\n  entry @e() {\n"
                           "    %4 = for %i in (%a to %b, step %s) : tile<i64> {\n"
                           "      %5 = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token\n"
                           "      continue\n    }\n    return\n  }\n}\n")
        ops, loops = bench.read_text(path)
        self.assertEqual([(op.name, op.cls) for op in ops],
                         [("cuda_tile.load_ptr_tko", "global"), ("cuda_tile.continue", None)])
        self.assertEqual(list(loops), [3])


@unittest.skipIf(TOOL is None and "--tilesched" not in sys.argv, "no --tilesched")
class EndToEndTest(unittest.TestCase):
    def test_modelled_and_tied_come_from_the_document(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "x__f.mlir"
            # sched.latency makes the alloc's resources an override (modelled); sched.deps gives
            # the wait an explicit edge (an ordering kind).
            path.write_text(
                "func.func @f(%lb: index, %ub: index, %x: tensor<4xf16>, %b: i64) {\n"
                "  scf.for %i = %lb to %ub step %lb {\n"
                "    %s = ttg.local_alloc %x {sched.latency = 3 : i32} : (tensor<4xf16>) -> i64\n"
                "    ttng.wait_barrier %b {sched.deps = [[\"%s\", 1, 0]]} : i64\n"
                "    scf.yield\n"
                "  }\n"
                "  return\n"
                "}\n")
            r = bench.measure(Path(TOOL), path, [])
        self.assertEqual(r["errors"], [])
        self.assertEqual((r["counts"]["smem"], r["counts"]["smem:modelled"]), (1, 1))
        self.assertEqual((r["counts"]["sync"], r["counts"]["sync:tied"]), (1, 1))
        self.assertEqual(len(r["blocks"]), 1)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched")
    args, rest = ap.parse_known_args()
    TOOL = args.tilesched
    unittest.main(argv=[sys.argv[0]] + rest)
