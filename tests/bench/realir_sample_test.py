#!/usr/bin/env python3
"""Every file of the public real-IR sample (../shared/benchmarks/real-ir/) parses with no
error, every loop in its text reaches the scheduler as a block and is scheduled, and its GPU ops
(TMA, MMA, TMEM, SMEM, async copy, as bench/realir_bench.py classes them) are recognised by the
built-in target model (the JSON op field `modelled`).

  python3 tests/bench/realir_sample_test.py --tilesched build/bin/tilesched [--dir DIR]
"""
import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import realir_bench as bench  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", required=True, type=Path)
    ap.add_argument("--dir", type=Path, default=bench.DEFAULT_DIR)
    a = ap.parse_args()
    files = sorted(a.dir.rglob("*.mlir"))
    if not files:
        print(f"no .mlir files under {a.dir}", file=sys.stderr)
        return 1
    failures = []
    results = [bench.measure(a.tilesched, f, []) for f in files]
    gpu_nodes = sum(r["counts"][c] for r in results for c in bench.GPU_CLASSES)
    gpu_modelled = sum(r["counts"][f"{c}:modelled"] for r in results for c in bench.GPU_CLASSES)
    for f, r in zip(files, results):
        name = f.relative_to(a.dir)
        if r["problem"] or r["exit"] != 0 or r["errors"]:
            failures.append(f"{name}: exit {r['exit']}, {r['problem'] or (r['errors'] or ['-'])[0]}")
            continue
        _, loops = bench.read_text(f)
        lines = {b["line"] for b in r["blocks"]}
        missing = sorted(set(loops) - lines)
        if missing:
            failures.append(f"{name}: the loop(s) at line(s) {missing} did not reach the scheduler")
        unscheduled = [b["name"] for b in r["blocks"] if b["status"] == "failed"]
        if unscheduled:
            failures.append(f"{name}: not scheduled: {', '.join(unscheduled)}")
        for c in bench.GPU_CLASSES:
            if r["counts"][f"{c}:modelled"] != r["counts"][c]:
                failures.append(f"{name}: {r['counts'][f'{c}:modelled']}/{r['counts'][c]} {c} ops modelled")
    print(f"{len(files)} files, GPU op nodes modelled {gpu_modelled}/{gpu_nodes}")
    for line in failures:
        print("FAIL " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
