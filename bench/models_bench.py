#!/usr/bin/env python3
"""The gallery under the seed-weight and the measured target models (docs/target-model.md).

  python3 bench/models_bench.py [--tilesched build/bin/tilesched] [--timeout S] [--no-write]
                                [--timing] [--realir DIR]

For every loop of examples/*.mlir: the II and stages the seed-weight model of the IR's family gives
(the model the IR's target picks: `hopper` or `blackwell`) beside those of the measured model of
the same family (`hopper-measured`, `blackwell-measured`), with the measured model's SMEM / TMEM
bytes, throughput estimate and bound. It writes that table to docs/benchmarks/models.md (unless
--no-write; docs/benchmarks.md links it) and prints it.

--timing also times each file under both models (whole process, the median of 3 runs) on the
gallery and on the public real-IR sample (--realir, default ../shared/benchmarks/real-ir) and
prints the per-file ratio measured / seed and its median, then over both sets the measured / seed
total, the max and the median wall per file and model, each flagged against its target (<= 1.5x,
<= 2 s, <= 30 ms) as met or NOT met. Each run has a timeout (--timeout,
default 60 s); a run that reaches it is reported as a timeout, never waited for.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DOC = REPO / "docs" / "benchmarks" / "models.md"  # a file of its own: the table is one row per loop
BEGIN, END = "<!-- models-bench:begin -->", "<!-- models-bench:end -->"
REALIR = REPO.parent / "shared" / "benchmarks" / "real-ir"
# The table's measured runs cap the II search at a million seat probes (a tenth of the default):
# at the default the persistent TMA matmul's search takes about 9 s under hopper-measured, every
# other loop ends well under the cap. The timing runs use the default options and report a
# timeout instead.
TABLE_OPTIONS = ["--work-budget=1000000"]


class Timeout(Exception):
    pass


def run(tool, path, model=None, timeout=60.0, options=()):
    """(JSON document or None, seconds); raises Timeout."""
    cmd = [str(tool), str(path), "--emit=json"] + ([f"--model={model}"] if model else []) + list(options)
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Timeout(f"{path.name} --model={model}: over {timeout:g} s")
    seconds = time.perf_counter() - start
    try:
        return json.loads(out.stdout), seconds
    except ValueError:
        return None, seconds


def family(doc):
    """The seed-weight model the document was scheduled on (the IR's target's, or the default)."""
    model = doc["chunks"][0]["model"] if doc.get("chunks") else doc.get("model")
    return model["name"] if isinstance(model, dict) else model


def loops(doc):
    return [b for b in doc.get("blocks", [])]


def fmt_int(v):
    return "—" if v is None else f"{v:,}"


def estimate_text(e):
    """The performance model's time for the schedule: ns (SM cycles) per iteration, and TFLOP/s per GPU."""
    if not e:
        return "—"
    s = e["schedule"]
    ns, cyc = s["ns_per_iteration"], s["cycles_per_iteration"]
    parts = [f"{ns[0]:,.1f}–{ns[1]:,.1f} ns ({cyc[0]:,.0f}–{cyc[1]:,.0f} cycles)"]
    tf = e.get("tflops_per_gpu")
    if tf:
        parts.append(f"{tf[0]:,.0f}–{tf[1]:,.0f} TFLOP/s per GPU")
    return ", ".join(parts)


def bytes_text(m):
    if not m:
        return "—"
    text = f"SMEM {fmt_int(m.get('smem_bytes'))}"
    if m.get("tmem_bytes"):
        text += f", TMEM {fmt_int(m['tmem_bytes'])}"
    return text + ("" if m.get("fits", True) else " (over budget)")


def gallery_rows(tool, timeout):
    rows = []
    for path in sorted(EXAMPLES.glob("*.mlir")):
        seed, _ = run(tool, path, timeout=timeout)
        if not seed or not loops(seed):
            continue
        name = family(seed)
        measured_model = f"{name}-measured"
        try:
            measured, _ = run(tool, path, measured_model, timeout, TABLE_OPTIONS)
            measured_blocks = loops(measured) if measured else []
        except Timeout:
            measured_blocks = None
        for i, b in enumerate(loops(seed)):
            m = measured_blocks[i] if measured_blocks and i < len(measured_blocks) else None
            rows.append({
                "file": path.name, "line": b.get("line"), "seed": name, "seed_ii": b.get("ii"),
                "seed_stages": b.get("stage_count"), "measured": measured_model,
                "timeout": measured_blocks is None,
                "ii": m.get("ii") if m else None, "stages": m.get("stage_count") if m else None,
                "memory": m.get("memory") if m else None, "estimate": m.get("estimate") if m else None,
            })
    return rows


def section(rows):
    out = [BEGIN, "## The gallery under the seed-weight and the measured models", "",
           "Made by `python3 bench/models_bench.py` (a test checks it is current). Each loop of `examples/` under the "
           "seed-weight model the IR's target picks (`hopper`, `blackwell`; the default) and under the measured model of "
           "the same family (`--model=hopper-measured`, `--model=blackwell-measured`: SM cycles, costs that follow each "
           "op's shape; docs/target-model.md). *Bytes*: the measured schedule's SMEM and TMEM per SM "
           "(`memory`). *Estimate*: the performance model's time per iteration for the measured schedule on the family's "
           "GPU (`estimate`: a range in ns and SM cycles, TFLOP/s per GPU for an MMA loop, and its bound; "
           "docs/decisions.md, \"The performance model\"; [../benchmarks.md](../benchmarks.md)'s H100 section compares it "
           "with measured kernels). The measured runs cap the II search "
           "at a million seat probes (`--work-budget=1000000`; docs/decisions.md, \"Long footprints slow the search\"). A loop over the SMEM or TMEM "
           "budget is not scheduled under either model (its error names the buffers).", "",
           "| loop | seed model: II / stages | measured model: II / stages | bytes | estimate | bound |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        measured = "timeout" if r["timeout"] else (
            "not scheduled" if not r["ii"] else f"{fmt_int(r['ii'])} / {r['stages']}")
        seed = "not scheduled" if not r["seed_ii"] else f"{fmt_int(r['seed_ii'])} / {r['seed_stages']}"
        bound = (r["estimate"] or {}).get("schedule", {}).get("bound", "—").replace("|", "\\|")
        out.append(f"| {r['file']}:{r['line']} | `{r['seed']}`: {seed} | "
                   f"`{r['measured']}`: {measured} | {bytes_text(r['memory'])} | {estimate_text(r['estimate'])} | "
                   f"{bound} |")
    out.append(END)
    return "\n".join(out)


def timing(tool, files, timeout, repeats=3):
    """(file, seed seconds, measured seconds or 'timeout') per file, seconds the median of `repeats`."""
    out = []
    for path in files:
        seed_doc, _ = run(tool, path, timeout=timeout)
        if not seed_doc or not loops(seed_doc):
            continue
        measured_model = f"{family(seed_doc)}-measured"
        seed = statistics.median(run(tool, path, timeout=timeout)[1] for _ in range(repeats))
        try:
            measured = statistics.median(run(tool, path, measured_model, timeout)[1] for _ in range(repeats))
        except Timeout:
            measured = "timeout"
        out.append((path, measured_model, seed, measured))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", default=str(REPO / "build" / "bin" / "tilesched"))
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--timing", action="store_true")
    ap.add_argument("--realir", default=str(REALIR))
    args = ap.parse_args()
    text = section(gallery_rows(args.tilesched, args.timeout))
    print(text)
    if not args.no_write:
        DOC.write_text(text + "\n")
    if args.timing:
        walls, seed_total, measured_total = [], 0.0, 0.0
        for label, files in (("gallery", sorted(EXAMPLES.glob("*.mlir"))),
                             ("real-IR sample", sorted(Path(args.realir).rglob("*.mlir")))):
            rows = timing(args.tilesched, files, args.timeout)
            print(f"\n{label}: scheduling time per file, seed vs measured model (median of 3 runs)")
            ratios = []
            for path, model, seed, measured in rows:
                if measured == "timeout":
                    print(f"  {path.name}: seed {seed:.3f} s, {model} timeout (over {args.timeout:g} s)")
                    measured = float("inf")  # a timeout counts, above any ratio and any wall
                else:
                    print(f"  {path.name}: seed {seed:.3f} s, {model} {measured:.3f} s, ratio {measured / seed:.2f}")
                ratios.append(measured / seed)
                walls += [seed, measured]
                seed_total += seed
                measured_total += measured
            timeouts = sum(1 for r in rows if r[3] == "timeout")
            median = statistics.median(ratios) if ratios else float("nan")
            print(f"  median ratio {median:.2f} over {len(ratios)} files ({timeouts} timeouts, each counted as "
                  f"the highest ratio)")
        print("\n" + "\n".join(targets(walls, seed_total, measured_total)))


def targets(walls, seed_total, measured_total):
    """The issue's speed targets over every file of both sets, each flagged met or NOT met."""
    ratio = measured_total / seed_total if seed_total else float("nan")
    wall_max = max(walls, default=float("nan"))
    wall_median = statistics.median(walls) if walls else float("nan")
    checks = (("measured/seed total", f"{ratio:.2f}x ({measured_total:.3f} s / {seed_total:.3f} s)", ratio <= 1.5,
               "<= 1.5x"),
              ("max wall per file and model", f"{wall_max:.3f} s", wall_max <= 2.0, "<= 2 s"),
              ("median wall per file and model", f"{wall_median * 1000:.1f} ms", wall_median <= 0.030, "<= 30 ms"))
    return [f"{name}: {value}, target {goal}: {'met' if ok else 'NOT met'}" for name, value, ok, goal in checks]

if __name__ == "__main__":
    main()
