#!/usr/bin/env python3
"""Tests of bench/gpu/ on the recorded H100 runs (bench/gpu/results/), without a device.

  python3 tests/bench/gpu_results_test.py [--tilesched build/bin/tilesched]

Checks the device script's packing and IR cutting on made-up stage outputs, that the built-in
hopper-measured model and the examples/triton36-* files are what the scripts make from the record,
and, with --tilesched, that docs/benchmarks.md's measured section is what the table script makes.
"""
import argparse
import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "gpu"))
import calibrate  # noqa: E402
import gpu_results as results  # noqa: E402
import triton_kernels  # noqa: E402

TOOL = None


def dump_section(pass_name, body):
    return f"// -----// IR Dump Before {pass_name} ({pass_name.lower()}) ('builtin.module' operation) //----- //\n{body}\n"


class DeviceSide(unittest.TestCase):
    def test_collect_merges_stages_and_keeps_unparsed_lines(self):
        with tempfile.TemporaryDirectory() as d:
            w = Path(d)
            (w / "tt").mkdir()
            (w / "env.txt").write_text("NVIDIA H100\n")
            (w / "micro.jsonl").write_text('{"bench": "clock", "sm_mhz_median": 1980.0}\nnot json\n\n')
            (w / "micro.err").write_text("oops\n")
            (w / "tt" / "b.json").write_text('{"name": "b", "ok": false}')
            (w / "tt" / "a.json").write_text('{"name": "a", "ok": true}')
            results.collect(str(w), str(w / "r.json"))
            r = json.loads((w / "r.json").read_text())
        self.assertEqual(r["micro"], [{"bench": "clock", "sm_mhz_median": 1980.0}])
        self.assertEqual(r["micro_unparsed"], ["not json"])
        self.assertEqual([k["name"] for k in r["kernels"]], ["a", "b"])
        self.assertEqual(r["env"], "NVIDIA H100\n")
        self.assertEqual(r["micro_stderr"], "oops\n")

    def test_cut_dump_keeps_the_passes_around_the_pipeliner(self):
        passes = ["TritonGPUCoalesce", "NVGPUWarpSpecialization", "TritonGPUAssignLatencies",
                  "TritonGPUScheduleLoops", "TritonGPUPipeline", "Canonicalizer", "TritonLoopAwareCSE",
                  "TritonGPUPrefetch", "TritonGPUOptimizeDotOperands", "SymbolDCE"]
        with tempfile.TemporaryDirectory() as d:
            Path(d, "k.stderr").write_text("a warning\n" + "".join(dump_section(p, f"module {{ // {p} }}")
                                                                  for p in passes))
            triton_kernels.cut_dump("k", d)
            kept = Path(d, "k.pipeline.mlir").read_text()
            listed = Path(d, "k.passes.txt").read_text().splitlines()
        self.assertEqual(len(listed), len(passes))
        for p in passes[1:8]:
            self.assertIn(f"// {p} }}", kept)
        for p in (passes[0], passes[8], passes[9]):
            self.assertNotIn(f"// {p} }}", kept)

    def test_extract_keeps_the_module_before_the_pipeliner(self):
        with tempfile.TemporaryDirectory() as d:
            src = Path(d, "k.pipeline.mlir")
            src.write_text(dump_section("TritonGPUScheduleLoops", "module { before }")
                           + dump_section("TritonGPUAssignLatencies", "\nmodule { the loop }\n")
                           + dump_section("TritonGPUPipeline", "module { after }"))
            results.extract(Path(d), Path(d, "ir"))
            self.assertEqual(Path(d, "ir", "k.mlir").read_text(), "module { the loop }\n")


class Record(unittest.TestCase):
    def test_the_record_has_every_kernel_and_microbenchmark(self):
        ks = results.kernels(results.runs())
        self.assertEqual(sorted(ks), sorted(triton_kernels.kernel_table()))
        benches = {m["bench"] for run in results.runs() for m in run["micro"]}
        for b in ("clock", "smem_load_latency", "smem_load_bandwidth", "mbarrier_arrive_wait", "mbarrier_pingpong",
                  "global_load_latency_l2", "global_load_latency_dram", "cpasync_tile_latency", "bulk_copy_latency",
                  "tma_tile_latency", "tma_tile_rate", "tma_tile_stream", "wgmma", "gemm_load_rate", "alu_tile"):
            self.assertIn(b, benches)
        for name in ks:
            self.assertTrue((results.IR_DIR / f"{name}.mlir").exists(), name)

    def test_a_failed_record_gives_way_to_a_later_run_and_a_second_success_is_a_repeat(self):
        runs = [{"kernels": [{"name": "x", "ok": False}, {"name": "y", "ok": True, "v": 1}]},
                {"kernels": [{"name": "x", "ok": True, "v": 2}, {"name": "y", "ok": True, "v": 3}]}]
        ks = results.kernels(runs)
        self.assertEqual(ks["x"][0]["v"], 2)
        self.assertEqual(ks["x"][1], [])
        self.assertEqual(ks["y"][0]["v"], 1)
        self.assertEqual([r["v"] for r in ks["y"][1]], [3])

    def test_the_built_in_model_is_what_calibrate_makes_of_the_record(self):
        ms = calibrate.measurements()
        for path, text in calibrate.outputs().items():
            self.assertEqual(path.read_text(), text, path.name)
        c = calibrate.costs(ms)
        # the tile product at the measured 4,030.7 FLOP/cycle plus one wgmma's 52-cycle drain
        self.assertEqual(c["dot"], ("flops / (0.9841 * rate) + 52", "flops / (0.9841 * rate)", 573, 521))
        # the least-squares line through the four L2-hit TMA latencies; transport at the rate of a
        # tiled matmul's loads on every SM (gemm_load_rate, the reference tiles, 3 stages, 2 CTAs per SM)
        self.assertEqual(c["tma"], ("332.1 + bytes / 112.4", "bytes / 37.9", 478, 433))
        self.assertEqual(c["load"], ("314.2 + bytes / 112.4", "bytes / 55", 460, 298))
        for size in (4096, 8192, 16384, 32768):
            measured = calibrate.pick(ms, "tma_tile_latency", bytes=size)["cycles_warm"]
            self.assertLess(abs(calibrate.evaluate(c["tma"][0], bytes=size) - measured) / measured, 0.06, size)
        # a later run's record of a benchmark supersedes an earlier one (run 5 re-measured the TMA latency)
        self.assertEqual(calibrate.pick(ms, "tma_tile_latency", bytes=16384)["cycles_warm"], 475.0)
        # the B200 figures at their reference shapes are the fork's table values
        b = calibrate.blackwell_costs()
        self.assertEqual(b["dot"][2:], (559, 256))
        self.assertEqual(b["tmem_ld"][2:], (532, 256))

    def test_a_matmuls_shared_tiles_load_faster_than_distinct_ones(self):
        # the same machine (run 5): every SM streaming its own L2-resident tiles gets 30.17 B/cycle;
        # a matmul grid's programs, sharing each A and B tile, get more
        ms = calibrate.measurements()
        distinct = calibrate.pick(ms, "tma_tile_stream", bytes=16384, ctas=132, source="l2")
        self.assertEqual(distinct["bytes_per_cycle_per_sm"], 30.17)
        self.assertGreater(calibrate.gemm_rate(ms, "tma"), 1.2 * distinct["bytes_per_cycle_per_sm"])

    def test_a_kernels_loads_alone_are_its_configurations_record(self):
        ms = calibrate.measurements()
        ks = results.kernels(results.runs())
        # mm_128x128x64_s3_w4: 32 KiB a step at cp.async's 55.0 B/cycle per SM, 2 CTAs per SM
        self.assertAlmostEqual(results.loads_alone(ks["mm_128x128x64_s3_w4"][0], ms), 32768 / 55.0)
        self.assertAlmostEqual(results.loads_alone(ks["tma_128x128x64_s3_w4"][0], ms), 32768 / 37.9)
        self.assertIsNone(results.loads_alone(ks["attn_d64_128x64_s3_w4"][0], ms))
        # two 128x64x64 products at the measured 4,030.7 FLOP/cycle
        self.assertAlmostEqual(results.mma_alone(ks["attn_d64_128x64_s3_w4"][0], ms), 4 * 128 * 64 * 64 / 4030.7,
                               delta=0.5)

    def test_the_void_store_load_chain_of_run_1_is_superseded(self):
        # run 1's 4.82 cycles was the xor alone (ptxas forwarded the store); run 3 used volatile accesses
        self.assertGreater(calibrate.pick(calibrate.measurements(), "smem_store_load_latency")["cycles"], 20)

    def test_the_examples_are_the_recorded_loops_with_their_header(self):
        ks = results.kernels(results.runs())
        for example, (kernel, _) in results.EXAMPLES.items():
            text = (REPO / "examples" / f"{example}.mlir").read_text()
            self.assertEqual(text, results.example_text(example, ks[kernel][0]), example)
            self.assertIn(f"// Run: tilesched examples/{example}.mlir --model=hopper-measured", text)


def perturbed(records, factor):
    """The records with every kernel's measured time scaled by `factor`."""
    out = json.loads(json.dumps(records))
    for run in out:
        for k in run["kernels"]:
            if k.get("ok"):
                k["timing"]["ms_median"] *= factor
                k["ns_per_iteration_busiest_sm"] *= factor
                k["tflops"] /= factor
    return out


class NoKernelTime(unittest.TestCase):
    def test_the_models_do_not_read_a_kernels_time(self):
        # the microbenchmarks are the only calibration input: scaling every kernel's time changes
        # neither measured model
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for path, run in zip(calibrate.RUNS, perturbed(results.runs(), 1.37)):
                paths.append(Path(d, path.name))
                paths[-1].write_text(json.dumps(run))
            self.assertEqual(calibrate.outputs(paths), calibrate.outputs())


@unittest.skipIf(TOOL is None, "needs --tilesched")
class Table(unittest.TestCase):
    def test_the_documented_section_is_what_the_table_script_makes(self):
        text, rows = results.section(TOOL)
        doc = results.DOC.read_text()
        self.assertIn(text, doc)
        self.assertEqual(len(rows), len(triton_kernels.kernel_table()))
        within = [r for r in rows if abs(r["ratio"] - 1) <= 0.25]
        self.assertGreaterEqual(len(within), 12, [(r["kernel"], round(r["ratio"], 2)) for r in rows])
        for r in rows:
            self.assertLessEqual(r["width"], 0.25, r["kernel"])
            self.assertNotEqual(r["generator"], "serial", r["kernel"])
            self.assertGreater(r["stages"], 1, r["kernel"])
            self.assertAlmostEqual(r["ratio"], r["mid"] / r["ns"])
        # perturbing every measured time leaves every estimate as it was
        original = results.runs
        try:
            results.runs = lambda: perturbed(original(), 0.61)
            again = results.rows(TOOL, results.runs())
        finally:
            results.runs = original
        self.assertEqual([(r["lo"], r["hi"], r["bound"]) for r in again], [(r["lo"], r["hi"], r["bound"]) for r in rows])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched")
    args, rest = ap.parse_known_args()
    TOOL = args.tilesched
    Table.__unittest_skip__ = TOOL is None
    unittest.main(argv=[sys.argv[0]] + rest)
