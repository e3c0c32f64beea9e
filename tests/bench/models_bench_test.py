#!/usr/bin/env python3
"""The measured target models on the gallery (docs/target-model.md, "Shape-aware costs").

  python3 tests/bench/models_bench_test.py --tilesched build/bin/tilesched

Every loop of examples/ that hopper (blackwell) schedules is scheduled by hopper-measured
(blackwell-measured); every estimate names its bound, and an MMA loop's estimate never beats the
tensor cores: its cycles per iteration are at least its MMAs' at the measured rate. And the gallery table
docs/benchmarks/models.md is what bench/models_bench.py makes now.
"""
import argparse
import sys
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
import models_bench as bench  # noqa: E402

TOOL = None
MEASURED = ("hopper-measured", "blackwell-measured")


class Gallery(unittest.TestCase):
    def test_every_loop_schedules_under_both_measured_models_within_the_peak(self):
        mma_loops = 0
        for path in sorted(bench.EXAMPLES.glob("*.mlir")):
            for model in MEASURED:
                # the loops the same machine's seed-weight model schedules (a loop whose
                # sched.footprint names Blackwell's TMEM slots is not a Hopper loop)
                seed, _ = bench.run(TOOL, path, model.replace("-measured", ""), 600)
                seed_blocks = [b for b in (seed or {}).get("blocks", []) if b.get("ii")]
                if not seed_blocks:
                    continue
                with self.subTest(file=path.name, model=model):
                    doc, _ = bench.run(TOOL, path, model, 600, bench.TABLE_OPTIONS)
                    self.assertIsNotNone(doc)
                    measured = {b["line"]: b for b in doc["blocks"]}
                    for line in (b["line"] for b in seed_blocks):
                        self.assertIn(line, measured)
                        b = measured[line]
                        self.assertGreater(b["ii"], 0, line)
                        e = b["estimate"]
                        if not e:
                            continue
                        self.assertTrue(e["schedule"]["bound"], (path.name, b["line"]))
                        tensor = [x for x in e["schedule"]["bounds"] if x["what"].startswith("tensor cores")]
                        if not e.get("flops_per_iteration") or not tensor:
                            continue
                        mma_loops += 1
                        # never faster than the tensor cores at their measured rate
                        for i in (0, 1):
                            self.assertGreaterEqual(e["schedule"]["cycles_per_iteration"][i], tensor[0]["cycles"][i],
                                                    (path.name, b["line"]))
        self.assertGreater(mma_loops, 10)

    def test_the_documented_table_is_what_the_script_makes(self):
        text = bench.section(bench.gallery_rows(TOOL, 600))
        self.assertEqual(text + "\n", bench.DOC.read_text())
        self.assertNotIn("timeout", text)


class Targets(unittest.TestCase):
    def test_each_speed_target_is_flagged_met_or_not(self):
        met = bench.targets([0.010, 0.020, 0.030, 1.9], 1.0, 1.5)
        self.assertEqual([line.endswith(": met") for line in met], [True, True, True], met)
        self.assertIn("1.50x", met[0])
        missed = bench.targets([0.020, 0.040, 0.050, 2.5], 1.0, 1.6)
        self.assertEqual([line.endswith("NOT met") for line in missed], [True, True, True], missed)
        # a timeout is an infinite wall: the max and the total miss their targets
        timeout = bench.targets([0.010, 0.010, float("inf")], 1.0, float("inf"))
        self.assertEqual([line.endswith("NOT met") for line in timeout], [True, True, False], timeout)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", required=True)
    args, rest = ap.parse_known_args()
    TOOL = args.tilesched
    unittest.main(argv=[sys.argv[0]] + rest)
