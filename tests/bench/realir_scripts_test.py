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
        self.assertEqual(loops, {13: {"parent": 0, "tt.num_stages": 3}})

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


# A Hopper loop nest: the inner loop loads by TMA in its body and by a global load under scf.if,
# and multiplies; the outer loop's body holds the inner loop.
NEST = """\
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @k(%lb: index, %ub: index, %c: i1) {
    scf.for %i = %lb to %ub step %lb {
      scf.for %j = %lb to %ub step %lb {
        %a = tt.descriptor_load %d[%i] {loop.stage = 0 : i32} : !tt.tensordesc<tensor<4xf16>> -> tensor<4xf16>
        %r = scf.if %c -> (tensor<4xf16>) {
          %b = tt.load %p : tensor<4x!tt.ptr<f16>>
          scf.yield %b : tensor<4xf16>
        } else {
          %e = triton_nvidia_gpu.dot_async %a, %a, %a : tensor<4xf16> * tensor<4xf16> -> tensor<4xf16>
          scf.yield %e : tensor<4xf16>
        }
        %m = ttng.warp_group_dot %a, %r, %acc {loop.stage = 2 : i32} : tensor<4xf16> * tensor<4xf16> -> tensor<4xf32>
        scf.yield
      }
      scf.yield
    }
    tt.return
  }
}
"""


def op(i, name, line, col, stage, modelled=True):
    return {"id": i, "name": name, "line": line, "col": col, "stage": stage, "modelled": modelled}


def nest_document(inner_stages=(0, 1, 1), model="blackwell", block_model=None):
    """The document tilesched could give for NEST: the outer loop holds the inner one as an op."""
    inner = {"name": "@k/scf.for %j", "line": 4, "status": "scheduled", "generator": "cost-based", "ii": 9,
             "stage_count": 2, "summary": {"op_count": 3, "op_count_lowered": 9},
             "selection": {"rule": "eligible", "serial_threshold": 8, "reason": "", "remedy": ""},
             "ops": [op(0, "tt.descriptor_load", 5, 9, inner_stages[0]), op(1, "scf.if", 6, 9, inner_stages[1]),
                     op(2, "ttng.warp_group_dot", 13, 9, inner_stages[2])],
             "edges": [{"src": 0, "dst": 2, "latency": 3, "distance": 0, "kind": "data"},
                       {"src": 2, "dst": 0, "latency": 1, "distance": 3, "kind": "memory", "ring": "%ring"},
                       {"src": 2, "dst": 0, "latency": 1, "distance": 2, "kind": "barrier", "ring": "%bars"}],
             "rings": [{"value": "%ring", "kind": "smem", "slots": 3, "proven": True, "reason": ""},
                       {"value": "%bars", "kind": "barrier", "slots": 2, "proven": False,
                        "reason": "the slot is not advanced by one"}]}
    outer = {"name": "@k/scf.for %i", "line": 3, "status": "scheduled", "generator": "serial", "ii": 2,
             "stage_count": 1, "summary": {"op_count": 1},
             "selection": {"rule": "below_threshold", "serial_threshold": 8, "reason": "1 op", "remedy": ""},
             "ops": [op(0, "scf.for", 4, 7, 0, modelled=False)], "edges": []}
    if block_model:
        inner["model"] = block_model
    return {"version": 1, "diagnostics": [], "model": model, "blocks": [outer, inner]}


class FiguresTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = Path(self.tmp.name) / "nest__k.mlir"
        self.path.write_text(NEST)

    def tearDown(self):
        self.tmp.cleanup()

    def test_classes_of_the_2024_spelling_and_loads(self):
        self.assertEqual(bench.classify("triton_nvidia_gpu.dot_async"), "mma")
        self.assertEqual(bench.classify("triton_gpu.async_copy_global_to_local"), "async-copy")
        self.assertEqual(bench.classify("triton_nvidia_gpu.dot_wait"), "sync")
        loads = ["tt.descriptor_load", "tt.descriptor_gather", "ttng.async_tma_copy_global_to_local", "tt.load",
                 "triton_gpu.async_copy_global_to_local", "cuda_tile.load_view_tko", "cuda_tile.load_ptr_tko"]
        others = ["tt.descriptor_store", "tt.descriptor_prefetch", "ttng.async_tma_copy_local_to_global", "tt.store",
                  "tt.atomic_rmw", "cuda_tile.store_view_tko", "ttg.local_load", "ttng.tmem_load"]
        self.assertEqual([n for n in loads + others if bench.is_load(n)], loads)
        self.assertTrue(bench.is_dialect_op("triton_gpu.local_alloc"))
        self.assertFalse(bench.is_dialect_op("use"))
        self.assertFalse(bench.is_dialect_op("test.use"))

    def test_ops_in_regions_are_carried_by_the_body_op(self):
        ops, loops = bench.read_text(self.path)
        carried = {(o.line, o.name): (o.node, o.loop, o.carrier.line) for o in ops if o.cls}
        self.assertEqual(carried, {
            (5, "tt.descriptor_load"): (True, 4, 5),
            (7, "tt.load"): (False, 4, 6),
            (10, "triton_nvidia_gpu.dot_async"): (False, 4, 6),  # under `} else {`
            (13, "ttng.warp_group_dot"): (True, 4, 13),
        })
        self.assertEqual({line: info["parent"] for line, info in loops.items()}, {3: 0, 4: 3})

    def test_loop_figures(self):
        fig = bench.loop_figures
        self.assertEqual(fig([("tt.load", 0), ("tt.dot", 1)], 2),
                         {"loads": 1, "mmas": 1, "one_stage": False, "overlap": True})
        self.assertFalse(fig([("tt.load", 1), ("tt.dot", 1)], 2)["overlap"])  # same stage
        self.assertFalse(fig([("tt.load", 1), ("tt.dot", 0)], 2)["overlap"])  # the MMA first
        self.assertFalse(fig([("tt.load", None), ("tt.dot", None)], None)["overlap"])
        self.assertFalse(fig([("tt.descriptor_store", 0), ("tt.dot", 1)], 2)["overlap"])  # a store is no load
        self.assertTrue(fig([("tt.dot", 0)], 1)["one_stage"])
        self.assertTrue(fig([("tt.dot", None)], None)["one_stage"])  # not scheduled

    def test_stated_stages_take_the_first_statement(self):
        loop = {"attr_stages": None, "tt.num_stages": 4}
        self.assertEqual(bench.stated_stages(loop, 3, True), (3, "CHECK"))
        self.assertEqual(bench.stated_stages(loop, 3, False), (4, "tt.num_stages"))
        self.assertEqual(bench.stated_stages(dict(loop, **{"tt.scheduled_max_stage": 1}), 3, True),
                         (2, "tt.scheduled_max_stage"))
        self.assertEqual(bench.stated_stages(dict(loop, attr_stages=2), 3, True), (2, "loop.stage"))
        self.assertEqual(bench.stated_stages({"attr_stages": None}, None, True), (None, ""))

    def test_a_document_measured(self):
        r = bench.measure_doc(self.path, nest_document(), 0, "")
        outer, inner = r["loops"]
        self.assertEqual((outer["line"], outer["loads"], outer["mmas"]), (3, 0, 0))
        self.assertEqual((inner["loads"], inner["mmas"], inner["overlap"], inner["one_stage"]), (2, 2, True, False))
        self.assertEqual((inner["stated"], inner["stated_from"], inner["ours"]), (3, "loop.stage", 2))
        self.assertEqual((inner["rings"], inner["proven"], inner["ring_edges"]), (2, 1, 2))
        self.assertEqual(inner["fallback"], ["the slot is not advanced by one"])
        self.assertEqual((r["target"], r["models"]), ("cuda:90", ["blackwell"]))
        self.assertEqual(dict(r["unmodelled"]), {"scf.for": 1})
        f = bench.figures([r])
        self.assertEqual((f["memory"], f["one_stage"], f["both"], f["overlap"]), (1, 0, 1, 1))
        self.assertEqual((f["stated"], f["equal"], f["within_one"]), (1, 0, 1))
        self.assertEqual((f["loop_ops"], f["unknown_loops"]), (1, 1))
        self.assertEqual(f["targets"], {"cuda:90": {"blackwell": 1}})
        self.assertEqual((f["rings"], f["proven"], f["ring_loops"], f["ring_edges"], f["fallback"]), (2, 1, 1, 2, 1))
        self.assertEqual(f["lowered"], [(3, 9, 8)])
        lines = bench.loop_lines(f)
        self.assertIn("op counts reported for 1 blocks: 3 ops as written, 9 as TileAS sees them; "
                      "under the serial threshold only as written: 1", lines[-1])
        self.assertIn("fell back to conservative edges: 1 (the slot is not advanced by one 1)", lines[-2])
        head = bench.headline(f)
        self.assertIn("- valid files failing: 0 (target 0): MET", head)
        self.assertIn("- loop ops left as unknown ops: 1 (target 0): NOT MET", head)
        self.assertIn("- cuda:90 files on the Hopper model: 0/1 (target all): NOT MET", head)
        self.assertIn("- loops with a load or MMA op at one stage (or not scheduled): 0/1 (0.0 %) "
                      "(target ≤ 12 %): MET", head)
        self.assertIn("- Triton's stated stage count equalled: 0/1 (0.0 %) (target ≥ 25/84 = 29.8 %): NOT MET", head)

    def test_figures_over_two_files(self):
        loads = Path(self.tmp.name) / "loads__g.mlir"
        loads.write_text("tt.func @g(%lb: index, %ub: index) {\n"
                         "  scf.for %i = %lb to %ub step %lb {\n"
                         "    %a = tt.load %p {loop.stage = 0 : i32} : tensor<4x!tt.ptr<f16>>\n"
                         "    %b = tt.load %q {loop.stage = 2 : i32} : tensor<4x!tt.ptr<f16>>\n"
                         "    scf.yield\n  }\n  tt.return\n}\n")
        block = {"name": "@g/scf.for %i", "line": 2, "status": "scheduled", "generator": "serial", "ii": 14,
                 "stage_count": 1, "summary": {"op_count": 8, "op_count_lowered": 12},
                 "selection": {"rule": "no_async_op", "serial_threshold": 8},
                 "ops": [op(0, "tt.load", 3, 5, 0), op(1, "tt.load", 4, 5, 0)], "edges": []}
        results = [bench.measure_doc(self.path, nest_document(), 0, ""),
                   bench.measure_doc(loads, {"diagnostics": [], "blocks": [block]}, 0, "")]
        f = bench.figures(results)
        self.assertEqual((f["memory"], f["one_stage"], f["both"], f["overlap"]), (2, 1, 1, 1))
        self.assertEqual((f["stated"], f["equal"], f["within_one"]), (2, 0, 1))  # 3 against 1 is two stages off
        self.assertEqual(f["rules"], {"below_threshold": 1, "no_async_op": 1})
        self.assertIn("op counts reported for 2 blocks: 11 ops as written, 21 as TileAS sees them; "
                      "under the serial threshold only as written: 1", bench.loop_lines(f)[-1])
        self.assertIn("- loops with a load or MMA op at one stage (or not scheduled): 1/2 (50.0 %) (target ≤ 12 %): "
                      "NOT MET", bench.headline(f))
        self.assertIn("- Triton's stated stage count within one stage: 1/2 (50.0 %) (target ≥ 65/84 = 77.4 %): "
                      "NOT MET", bench.headline(f))

    def test_nothing_to_measure_is_no_verdict(self):
        head = bench.headline(bench.figures([]))
        self.assertIn("- Triton's stated stage count equalled: 0/0 (target ≥ 25/84 = 29.8 %): n/a", head)
        self.assertIn("- cuda:90 files on the Hopper model: 0/0 (target all): n/a", head)
        self.assertIn("- valid files failing: 0 (target 0): MET", head)

    def test_the_model_a_block_names_and_none(self):
        r = bench.measure_doc(self.path, nest_document(block_model={"name": "hopper"}), 0, "")
        self.assertEqual(r["models"], ["hopper"])
        self.assertIn("- cuda:90 files on the Hopper model: 1/1 (target all): MET", bench.headline(bench.figures([r])))
        r = bench.measure_doc(self.path, nest_document(model=None), 0, "")
        self.assertEqual(bench.model_text(r), "not reported")

    def test_a_load_beside_the_mma_is_no_overlap_and_a_failure_is_listed(self):
        doc = nest_document(inner_stages=(1, 1, 1))
        doc["diagnostics"] = [{"severity": "error", "line": 13, "col": 9, "message": "materialization: no"},
                              {"severity": "error", "line": 5, "col": 9, "message": "second"}]
        doc["blocks"][1]["status"] = "failed"
        r = bench.measure_doc(self.path, doc, 1, "")
        inner = r["loops"][1]
        self.assertEqual((inner["overlap"], inner["one_stage"], inner["ours"]), (False, True, None))
        f = bench.figures([r])
        self.assertEqual([why for _, why in f["failing"]], ["exit 1, 13:9: materialization: no"])
        self.assertEqual((f["one_stage"], f["unplaced"], f["within_one"]), (1, 1, 0))
        self.assertIn("- valid files failing: 1 (target 0): NOT MET", bench.headline(f))

    def test_check_lines_state_only_the_one_innermost_loop(self):
        check = "// CHECK-LABEL: @k\n// CHECK: tt.load {{.*}} loop.stage = 1\n"
        plain = NEST.replace(" {loop.stage = 0 : i32}", "").replace(" {loop.stage = 2 : i32}", "")
        self.path.write_text(check + plain)
        r = bench.measure_doc(self.path, None, 2, "no JSON on stdout")
        self.assertEqual([(t["line"], t["stated"], t["stated_from"]) for t in r["loops"]],
                         [(5, None, ""), (6, 2, "CHECK")])
        siblings = plain.replace("      scf.yield\n    }\n", "    }\n    scf.for %k = %lb to %ub step %lb {\n", 1)
        self.path.write_text(check + siblings)
        r = bench.measure_doc(self.path, None, 2, "no JSON on stdout")
        self.assertEqual([(t["line"], t["stated"]) for t in r["loops"]], [(5, None), (6, None), (19, None)])
        self.assertEqual(bench.failure_of(r), "exit 2, no document: no JSON on stdout")


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
