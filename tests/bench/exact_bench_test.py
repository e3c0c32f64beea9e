#!/usr/bin/env python3
"""docs/benchmarks.md's "Exact II by SAT on CHStone" section and docs/benchmarks/exact-ii-schedules.md
are current.

  python3 tests/bench/exact_bench_test.py --tilesched build/bin/tilesched [--shared ../shared]

Both must be what bench/exact_bench.py renders from its record (bench/results/exact_ii.json),
and the tool must still give the recorded II and optimality status on every CHStone loop where the
proof changed the heuristic's result and that took under 10 s, plus the record's fastest loops of
each benchmark program; each schedule is checked against HatScheT's constraints again.
"""
import argparse
import json
import sys
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
import exact_bench  # noqa: E402
import hatschet_common as hc  # noqa: E402

TOOL = None
SHARED = None


class ExactSection(unittest.TestCase):
    def setUp(self):
        self.record = json.loads(exact_bench.RECORD.read_text())

    def test_the_section_is_the_record_rendered(self):
        doc = exact_bench.DOC.read_text()
        self.assertIn(exact_bench.BEGIN, doc)
        section = exact_bench.BEGIN + doc.split(exact_bench.BEGIN, 1)[1].split(exact_bench.END, 1)[0] + exact_bench.END
        self.assertEqual(section, exact_bench.render(self.record),
                         "docs/benchmarks.md is stale: python3 bench/exact_bench.py --render-only")

    def test_the_schedules_file_is_the_record_rendered(self):
        self.assertEqual(exact_bench.SCHEDULES.read_text(), exact_bench.render_schedules(self.record),
                         "docs/benchmarks/exact-ii-schedules.md is stale: python3 bench/exact_bench.py --render-only")

    def test_the_record_covers_every_chstone_loop(self):
        if SHARED is None or not (SHARED / "benchmarks" / "hatschet").is_dir():
            self.skipTest("no ../shared/benchmarks/hatschet")
        names = {loop.name for loop in hc.find_loops(SHARED, ("ChStone",))}
        self.assertEqual(names, {r["loop"] for r in self.record["loops"]})

    def test_the_tool_still_gives_the_recorded_results(self):
        if TOOL is None or SHARED is None or not (SHARED / "benchmarks" / "hatschet").is_dir():
            self.skipTest("needs --tilesched and ../shared/benchmarks/hatschet")
        rows = {r["loop"]: r for r in self.record["loops"]}
        picked = [r for r in rows.values()
                  if r["ii"] is not None and r["ii"] != r["heuristic_ii"] and r["wall_s"] < 10]
        self.assertTrue(picked, "no loop where the proof changed the result in under 10 s")
        fastest = {}
        for r in sorted(rows.values(), key=lambda r: r["wall_s"]):
            fastest.setdefault(r["loop"].split("/")[0], r)
        picked += [r for r in fastest.values() if r not in picked]
        loops = {loop.name: loop for loop in hc.find_loops(SHARED, ("ChStone",))}
        for r in picked:
            with self.subTest(loop=r["loop"]):
                out = hc.run_loop(TOOL, loops[r["loop"]], "cost-based", 120.0)
                self.assertEqual((out.ii, out.optimality, out.lower_bound), (r["ii"], r["status"], r["lower_bound"]))
                self.assertEqual(out.violations, [])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    args, rest = ap.parse_known_args()
    TOOL, SHARED = args.tilesched, args.shared
    unittest.main(argv=[sys.argv[0]] + rest)
