#!/usr/bin/env python3
"""The exact II back end on CHStone: tilesched at its default budgets beside the heuristic alone
(--proof-budget=0: no window search, no SAT solver) and HatScheT's best, per loop.

Measures every CHStone loop of ../shared/benchmarks/hatschet/ twice as whole processes (see
hatschet_common.run_loop; every schedule is checked against HatScheT's own constraints from the
XML), records the figures in bench/results/exact_ii.json, and renders docs/benchmarks.md's
section between <!-- exact-ii:begin --> and <!-- exact-ii:end --> from that record (totals and
the loops where the proof or the solver changed something) and docs/benchmarks/exact-ii-schedules.md
(every new best-known II with its checked schedule). tests/bench/exact_bench_test.py checks that
both are the record's and that the tool still gives the recorded II and status on the loops the
solver changed.

  python3 bench/exact_bench.py [--tilesched build/bin/tilesched] [--shared ../shared]
                               [--timeout S] [--render-only]
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import hatschet_common as hc  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORD = REPO / "bench" / "results" / "exact_ii.json"
DOC = REPO / "docs" / "benchmarks.md"
SCHEDULES = REPO / "docs" / "benchmarks" / "exact-ii-schedules.md"
BEGIN, END = "<!-- exact-ii:begin -->", "<!-- exact-ii:end -->"
HEURISTIC = ["--proof-budget=0"]


def measure(tilesched: str, shared: Path, timeout: float) -> dict:
    import csv
    with open(shared / "benchmarks" / "hatschet" / "chstone-reference-ii.csv", newline="") as f:
        reference = {row["instance"]: row for row in csv.DictReader(f)}
    loops = []
    for loop in hc.find_loops(shared, ("ChStone",)):
        full = hc.run_loop(tilesched, loop, "cost-based", timeout)
        alone = hc.run_loop(tilesched, loop, "cost-based", timeout, extra=HEURISTIC)
        ref = reference.get(loop.instance, {})
        best = ref.get("best_II", "")
        row = {
            "loop": loop.name, "ops": full.ops, "mii": full.mii,
            "ii": full.ii if full.scheduled else None, "status": full.optimality,
            "lower_bound": full.lower_bound, "wall_s": round(full.wall, 3),
            "violations": len(full.violations) if full.scheduled else None,
            "heuristic_ii": alone.ii if alone.scheduled else None,
            "heuristic_wall_s": round(alone.wall, 3),
            "hatschet_best": int(best) if best.isdigit() else None,
            "hatschet_proven": ref.get("proven_optimal") == "1",
        }
        if row["ii"] is not None and (row["hatschet_best"] is None or row["ii"] < row["hatschet_best"]):
            row["schedule"] = dict(sorted(full.start.items(), key=lambda kv: (kv[1], kv[0])))
        loops.append(row)
        print(f"{loop.name}: II {row['ii']} ({row['status']}, bound {row['lower_bound']}) in "
              f"{row['wall_s']:.2f} s; heuristic alone {row['heuristic_ii']}", file=sys.stderr)
    version = subprocess.run([tilesched, "--version"], capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    return {
        "measured": datetime.date.today().isoformat(),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
                   f"load average {os.getloadavg()[0]:.1f} at the start",
        "tool": f"{version}, commit {commit}",
        "loops": loops,
    }


def render(record: dict) -> str:
    loops = record["loops"]
    scheduled = [r for r in loops if r["ii"] is not None]
    both = [r for r in scheduled if r["heuristic_ii"] is not None]
    with_best = [r for r in scheduled if r["hatschet_best"] is not None]
    walls = sorted(r["wall_s"] for r in scheduled)
    out = [BEGIN, "## Exact II by SAT on CHStone", "",
           "Regenerate with `python3 bench/exact_bench.py` (`--render-only` re-renders this section from "
           "`bench/results/exact_ii.json`). Measured " + record["measured"] + " on " + record["machine"] +
           " (times include contention), " + record["tool"] + ", `--generator=cost-based`.",
           "Per loop: tilesched at its default budgets (heuristics, window search, then CaDiCaL on what "
           "is still open: docs/decisions.md, \"Exact II by SAT\") and the heuristic alone "
           "(`--proof-budget=0`), beside the best II any HatScheT scheduler found (chstone-reference-ii.csv). "
           "Every schedule is re-checked against HatScheT's own constraints from the XML.", "",
           "| CHStone, %d loops | sum of II | proven optimal | at or below HatScheT's best | schedules violating HatScheT's constraints | median wall | max wall |" % len(loops),
           "|---|---|---|---|---|---|---|"]
    out.append("| default budgets | %d | %d / %d | %d / %d | %d | %.1f ms | %.1f s |" % (
        sum(r["ii"] for r in scheduled), sum(r["status"] == "proven" for r in scheduled), len(loops),
        sum(r["ii"] <= r["hatschet_best"] for r in with_best), len(with_best),
        sum(r["violations"] or 0 for r in scheduled),
        1000 * walls[len(walls) // 2] if walls else 0, walls[-1] if walls else 0))
    out.append("| heuristic alone (`--proof-budget=0`) | %d | - | %d / %d | - | - | - |" % (
        sum(r["heuristic_ii"] for r in both),
        sum(r["heuristic_ii"] <= r["hatschet_best"] for r in both if r["hatschet_best"] is not None),
        len(with_best)))
    out += ["", "Loops where the proof or the solver changed the result, or that stay open:", "",
            "| loop | ops | MII | heuristic alone | II | status | lower bound | HatScheT best | wall |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in loops:
        if r["ii"] is None or r["ii"] != r["heuristic_ii"] or r["status"] != "proven":
            best = r["hatschet_best"]
            out.append("| %s | %d | %d | %s | %s | %s | %d | %s | %.2f s |" % (
                r["loop"], r["ops"], r["mii"], r["heuristic_ii"], r["ii"], r["status"], r["lower_bound"],
                "-" if best is None else "%d%s" % (best, " (proven)" if r["hatschet_proven"] else ""),
                r["wall_s"]))
    fresh = [r for r in loops if r.get("schedule")]
    out += ["", "New best-known IIs (no HatScheT scheduler has a schedule this short), %d loops, with their "
            "checked schedules: [benchmarks/exact-ii-schedules.md](benchmarks/exact-ii-schedules.md)." % len(fresh)]
    out.append(END)
    return "\n".join(out)


def render_schedules(record: dict) -> str:
    # The schedules are long; they have a file of their own so the report page stays readable.
    out = ["# Exact II by SAT: new best-known CHStone schedules", "",
           "Written by `python3 bench/exact_bench.py` from `bench/results/exact_ii.json`, with the summary in "
           "[../benchmarks.md](../benchmarks.md). No HatScheT scheduler has a schedule this short; each "
           "schedule below passed HatScheT's constraints and tilesched's own checker.", ""]
    for r in record["loops"]:
        if r.get("schedule"):
            cycles = ", ".join(f"{k}: {v}" for k, v in r["schedule"].items())
            out += [f"<details><summary>{r['loop']}: II {r['ii']} ({r['status']}, lower bound "
                    f"{r['lower_bound']})</summary>", "", "Start cycles by GraphML node id: " + cycles, "",
                    "</details>", ""]
    return "\n".join(out)


def write_doc(section: str) -> None:
    text = DOC.read_text()
    if BEGIN in text:
        head, rest = text.split(BEGIN, 1)
        text = head + section + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    DOC.write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tilesched", default=hc.default_tilesched(REPO))
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--render-only", action="store_true")
    args = ap.parse_args()
    if not args.render_only:
        record = measure(args.tilesched, args.shared, args.timeout)
        RECORD.parent.mkdir(parents=True, exist_ok=True)
        RECORD.write_text(json.dumps(record, indent=1) + "\n")
    record = json.loads(RECORD.read_text())
    write_doc(render(record))
    SCHEDULES.write_text(render_schedules(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
