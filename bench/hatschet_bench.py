#!/usr/bin/env python3
"""Benchmarks tilesched on HatScheT's public loops (CHStone + origami) and writes docs/benchmarks.md.

Each section of the report sits between its own markers and is regenerated here: the HatScheT
loops (below), the open CHStone loops again with a longer optimality search (--open-budget),
scaling on random loops of 50 to 5,000 ops (`bench_scaling` in the native build folder), the
WebAssembly module against native (`node bench/wasm_vs_native.mjs`, when the wasm build exists,
then the same without the size budget: `bash bench/wasm_bound.sh`), the npm bin's start-up
(`python3 bench/npm_bin.py`) and its bounds on real loops. --extra-only regenerates those after the HatScheT
loops, --extra-only wasm (say) one of them.

Per loop, as whole processes: `tilesched import-hatschet G RM`, then `tilesched - --emit=json
--generator=G` with the snippet on stdin. Records MII, II, the best known II and HatScheT's MinII
(chstone-reference-ii.csv), the optimality certificate (proven optimal, or the lower bound), wall
time (median of --repeat runs) and peak RSS (GNU time, one more run), and checks each schedule
against HatScheT's own constraints read from the XML. Failures are counted, not hidden.

  python3 bench/hatschet_bench.py [--tilesched build/bin/tilesched] [--shared ../shared]
                                  [--generator cost-based] [--out docs/benchmarks.md]
                                  [--open-budget N] [--extra-only [SECTION ...]]
"""

import argparse
import csv
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import hatschet_common as hc  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- hatschet-bench:begin -->", "<!-- hatschet-bench:end -->"
OPEN_BEGIN, OPEN_END = "<!-- open-loops:begin -->", "<!-- open-loops:end -->"
DEFAULT_PROOF_BUDGET = 200000  # ScheduleOptions::proofBudget
HATSCHET = (("NIS", "nis_II"), ("ModuloSDC", "modulosdc_II"), ("SAT (exact)", "sat_II"))


def as_int(text: str) -> Optional[int]:
    return int(text) if text and text.isdigit() else None


def read_reference(root: Path) -> Dict[str, dict]:
    with open(root / "chstone-reference-ii.csv", newline="") as f:
        return {row["instance"]: row for row in csv.DictReader(f)}


def readme_wall_times(root: Path) -> Dict[str, str]:
    """Median wall per loop of each HatScheT scheduler, from the README's table."""
    out = {}
    for line in (root / "README.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in [n for n, _ in HATSCHET]:
            out[cells[0]] = cells[4]
    return out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def mb(kb: Optional[int]) -> str:
    return f"{kb / 1024:.1f} MB" if kb is not None else "-"


def pct(n: int, d: int) -> str:
    return f"{n} / {d} ({100.0 * n / d:.1f} %)" if d else "0 / 0"


# --- SVG plots ------------------------------------------------------------------------------

def log_ticks(lo: float, hi: float) -> List[float]:
    ticks, e = [], 10 ** int(f"{lo:e}".split("e")[1])
    while e <= hi * 1.0001:
        for m in (1, 2, 5):
            if lo <= m * e <= hi * 1.0001:
                ticks.append(m * e)
        e *= 10
    return ticks


def scatter_svg(series, title: str, xlabel: str, ylabel: str, lines=()) -> str:
    """Log-log scatter. series: [(label, colour, marker, [(x, y)])]; lines: [(label, colour,
    [(x, y), (x, y)])] drawn as dashed segments."""
    import math
    w, h, left, right, top, bottom = 560, 400, 64, 16, 34, 50
    pts = [p for _, _, _, ps in series for p in ps] + [p for _, _, ps in lines for p in ps]
    xs = [x for x, _ in pts if x > 0] or [1.0]
    ys = [y for _, y in pts if y > 0] or [1.0]
    x0, x1 = min(xs) / 1.3, max(xs) * 1.3
    y0, y1 = min(ys) / 1.3, max(ys) * 1.3
    if x1 / x0 < 10:
        x1 = x0 * 10
    if y1 / y0 < 10:
        y1 = y0 * 10

    def sx(x):
        return left + (math.log10(max(x, x0)) - math.log10(x0)) / \
            (math.log10(x1) - math.log10(x0)) * (w - left - right)

    def sy(y):
        return h - bottom - (math.log10(max(y, y0)) - math.log10(y0)) / \
            (math.log10(y1) - math.log10(y0)) * (h - top - bottom)

    def fmt(v):
        return f"{v:g}"

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
         f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">',
         f'<rect width="{w}" height="{h}" fill="white"/>',
         f'<text x="{w / 2}" y="18" text-anchor="middle" font-size="13">{title}</text>']
    for t in log_ticks(x0, x1):
        o.append(f'<line x1="{sx(t):.1f}" y1="{top}" x2="{sx(t):.1f}" y2="{h - bottom}" '
                 f'stroke="#eee"/><text x="{sx(t):.1f}" y="{h - bottom + 14}" '
                 f'text-anchor="middle">{fmt(t)}</text>')
    for t in log_ticks(y0, y1):
        o.append(f'<line x1="{left}" y1="{sy(t):.1f}" x2="{w - right}" y2="{sy(t):.1f}" '
                 f'stroke="#eee"/><text x="{left - 4}" y="{sy(t) + 4:.1f}" '
                 f'text-anchor="end">{fmt(t)}</text>')
    o.append(f'<rect x="{left}" y="{top}" width="{w - left - right}" '
             f'height="{h - top - bottom}" fill="none" stroke="#888"/>')
    o.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">{xlabel}</text>')
    o.append(f'<text x="14" y="{(top + h - bottom) / 2}" text-anchor="middle" '
             f'transform="rotate(-90 14 {(top + h - bottom) / 2})">{ylabel}</text>')
    legend_y = top + 14
    for label, colour, ps in lines:
        (ax, ay), (bx, by) = ps
        o.append(f'<line x1="{sx(ax):.1f}" y1="{sy(ay):.1f}" x2="{sx(bx):.1f}" y2="{sy(by):.1f}" '
                 f'stroke="{colour}" stroke-dasharray="5,4"/>')
        o.append(f'<text x="{left + 8}" y="{legend_y}" fill="{colour}">- - {label}</text>')
        legend_y += 14
    for label, colour, marker, ps in series:
        for x, y in ps:
            if marker == "x":
                o.append(f'<path d="M{sx(x) - 3:.1f},{sy(y) - 3:.1f}l6,6m0,-6l-6,6" '
                         f'stroke="{colour}"/>')
            else:
                o.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="2.6" fill="{colour}" '
                         f'fill-opacity="0.6"/>')
        o.append(f'<text x="{left + 8}" y="{legend_y}" fill="{colour}">'
                 f'{"x" if marker == "x" else "o"} {label} ({len(ps)})</text>')
        legend_y += 14
    o.append("</svg>")
    return "\n".join(o) + "\n"


# --- report ---------------------------------------------------------------------------------

def environment(tilesched: str, generator: str) -> str:
    cpu = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines()
                if l.startswith("model name")), platform.processor() or "unknown CPU")
    version = hc.run_process([tilesched, "--version"]).stdout.strip() or "unknown version"
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()[0]
    return (f"Measured on {cpu}, {os.cpu_count()} cores "
            f"(load average {load:.1f} at the start: times include contention), {version}, "
            f"commit {commit}{' + local changes' if dirty else ''}, `--generator={generator}`.")


def chstone_table(outcomes: List[hc.Outcome], ref: Dict[str, dict], walls: Dict[str, str]):
    with_best = [o for o in outcomes if as_int(ref.get(o.loop.instance, {}).get("best_II", ""))]
    best = {o.loop.instance: as_int(ref[o.loop.instance]["best_II"]) for o in with_best}
    minii = {o.loop.instance: as_int(ref.get(o.loop.instance, {}).get("minII_lb", ""))
             for o in outcomes}
    done = [o for o in outcomes if o.scheduled]
    at_best = [o for o in with_best if o.scheduled and o.ii <= best[o.loop.instance]]
    better = [o for o in with_best if o.scheduled and o.ii < best[o.loop.instance]]
    at_minii = [o for o in done if minii[o.loop.instance] and o.ii == minii[o.loop.instance]]
    at_own_mii = [o for o in done if o.mii and o.ii == o.mii]
    ours_done = [o for o in with_best if o.scheduled]
    ours_sum_text = (str(sum(o.ii for o in ours_done)) if len(ours_done) == len(with_best)
                     else f"- ({len(with_best) - len(ours_done)} missing)")
    walls_all = sorted(o.wall for o in outcomes if o.wall > 0)
    proven = [o for o in done if o.optimality == "proven"]
    ref_proven = [i for i in ref if ref[i].get("proven_optimal") == "1"]
    rows = ["| CHStone, 263 loops | scheduled | at best known II | gave up | at MinII "
            "| proven optimal | sum of II (loops with a best known) | median wall per loop (process) | max wall |",
            "|---|---|---|---|---|---|---|---|---|"]
    rows.append(f"| **tilesched** | {len(done)} / {len(outcomes)} | {pct(len(at_best), len(with_best))} "
                f"| {len(outcomes) - len(done)} | {pct(len(at_minii), len(outcomes))} "
                f"| {pct(len(proven), len(outcomes))} | {ours_sum_text} "
                f"| {ms(statistics.median(walls_all)) if walls_all else '-'} "
                f"| {ms(walls_all[-1]) if walls_all else '-'} |")
    best_sum = sum(best.values())
    for name, column in HATSCHET:
        iis = {i: ref[i][column] for i in ref}
        solved = [i for i, v in iis.items() if as_int(v)]
        n_best = sum(1 for i in best if as_int(iis.get(i, "")) == best[i])
        n_min = sum(1 for i in solved if minii.get(i) and as_int(iis[i]) == minii[i])
        gave_up = sum(1 for v in iis.values() if v == "fail")
        missing = [i for i in best if not as_int(iis.get(i, ""))]
        total = (str(sum(as_int(iis[i]) for i in best)) if not missing
                 else f"- ({len(missing)} missing)")
        # Only the exact scheduler proves anything: the CSV's proven flag, where it found the best.
        n_proven = (pct(sum(1 for i in ref_proven if as_int(iis.get(i, "")) == best.get(i)), len(ref))
                    if column == "sat_II" else "-")
        rows.append(f"| {name} | {len(solved)} / {len(ref)} | {pct(n_best, len(best))} | {gave_up} "
                    f"| {pct(n_min, len(ref))} | {n_proven} | {total} | {walls.get(name, '-')} | - |")
    rows.append(f"| best known (any HatScheT scheduler) | {len(best)} / {len(ref)} | - | - | "
                f"{pct(sum(1 for i in best if minii.get(i) == best[i]), len(ref))} "
                f"| {pct(len(ref_proven), len(ref))} | {best_sum} | - | - |")
    notes = [f"- At our own MII bound (max of the four bounds tilesched reports): "
             f"{pct(len(at_own_mii), len(done))} of the scheduled loops. Proven optimal: the II is "
             f"the MII, or the exact search (`--proof-budget`, default "
             f"{DEFAULT_PROOF_BUDGET:,} nodes) showed every smaller II infeasible: "
             f"{len(proven) - len([o for o in proven if o.ii == o.mii])} loops beyond the MII."]
    beyond_hatschet = [o for o in proven if o.loop.instance not in ref_proven]
    if beyond_hatschet:
        notes.append("- Proven optimal here but not by HatScheT's exact scheduler: " + ", ".join(
            f"{o.loop.instance} (II {o.ii}, MII {o.mii})" for o in beyond_hatschet) + ".")
    if better:
        notes.append("- Below the best known II: " + ", ".join(
            f"{o.loop.instance} ({o.ii} < {best[o.loop.instance]})" for o in better) + ".")
    worse = [o for o in with_best if o.scheduled and o.ii > best[o.loop.instance]]
    if worse:
        notes.append("- Above the best known II: " + ", ".join(
            f"{o.loop.instance} ({o.ii} > {best[o.loop.instance]})" for o in worse[:40]) +
            (f" and {len(worse) - 40} more" if len(worse) > 40 else "") + ".")
    bound_diff = [o for o in done if minii[o.loop.instance] and o.mii and o.mii != minii[o.loop.instance]]
    notes.append(f"- tilesched's MII equals HatScheT's MinII on "
                 f"{sum(1 for o in done if minii[o.loop.instance] and o.mii == minii[o.loop.instance])} "
                 f"of the {sum(1 for o in done if minii[o.loop.instance])} scheduled loops that have one"
                 + (": differs on " + ", ".join(f"{o.loop.instance} ({o.mii} vs {minii[o.loop.instance]})"
                                                for o in bound_diff[:20]) if bound_diff else "") + ".")
    unsolved = [o for o in outcomes if o.loop.instance in ref and not best.get(o.loop.instance)]
    if unsolved:
        notes.append("- The loops no HatScheT scheduler solved in 45 s: " + ", ".join(
            f"{o.loop.instance} ({o.ops} ops: " +
            (f"II {o.ii} in {ms(o.wall)})" if o.scheduled else f"{o.status})") for o in unsolved) + ".")
    return rows, notes


def loop_rows(outcomes: List[hc.Outcome], ref: Dict[str, dict]) -> List[str]:
    rows = ["| loop | ops | MII | II | lower bound | best known | HatScheT MinII | status | wall | peak RSS |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for o in outcomes:
        r = ref.get(o.loop.instance, {})
        status = o.status + (f", {len(o.violations)} HatScheT violations" if o.violations else "")
        bound = f"{o.lower_bound}{' (optimal)' if o.optimality == 'proven' else ''}" if o.lower_bound else "-"
        rows.append(f"| {o.loop.suite}/{o.loop.name} | {o.ops} | {o.mii or '-'} | {o.ii or '-'} | {bound} "
                    f"| {r.get('best_II') or '-'} | {r.get('minII_lb') or '-'} | {status} "
                    f"| {ms(o.wall) if o.wall else '-'} | {mb(o.max_rss_kb)} |")
    return rows


def open_loops_section(tilesched: str, outcomes: List[hc.Outcome], ref: Dict[str, dict],
                       generator: str, budget: int, timeout: float) -> str:
    """The CHStone loops no HatScheT scheduler solved, at the default and at a longer budget."""
    unsolved = [o for o in outcomes if o.loop.instance in ref and not as_int(ref[o.loop.instance]["best_II"])]
    extra = [f"--proof-budget={budget}", "--work-budget=0"]
    rows = ["| loop | ops | MII | II (default) | lower bound (default) | wall (default) "
            f"| II ({budget:,} nodes) | lower bound ({budget:,} nodes) | wall ({budget:,} nodes) |",
            "|---|---|---|---|---|---|---|---|---|"]
    for o in unsolved:
        long = hc.run_loop(tilesched, o.loop, generator, timeout, 1, extra=extra)
        print(f"open loop {o.loop.instance}: II {long.ii}, bound {long.lower_bound} ({long.optimality}), "
              f"{ms(long.wall)}", file=sys.stderr)
        fmt = lambda x: (f"II {x.ii}" if x.scheduled else x.status, f"{x.lower_bound} ({x.optimality})")
        rows.append(f"| {o.loop.suite}/{o.loop.name} | {o.ops} | {o.mii} | {fmt(o)[0]} | {fmt(o)[1]} | {ms(o.wall)} "
                    f"| {fmt(long)[0]}{' (' + str(len(long.violations)) + ' violations)' if long.violations else ''} "
                    f"| {fmt(long)[1]} | {ms(long.wall)} |")
    return "\n".join([
        OPEN_BEGIN, "## The open CHStone loops", "",
        "The CHStone loops no HatScheT scheduler solved in 45 s a loop, scheduled with the default "
        "budgets and again with a longer optimality search (`--proof-budget=N --work-budget=0`, "
        "`python3 bench/hatschet_bench.py --open-budget N`). The lower bound is proved: no schedule "
        "exists at a smaller II (the MII bounds, then the exact window search climbing from the MII "
        "one II at a time); a schedule the search finds below the heuristic's II is the result.",
        "", *rows, OPEN_END])


def write_report(out_path: Path, section: str, begin: str = BEGIN, end: str = END):
    text = out_path.read_text() if out_path.exists() else ""
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + section + rest.split(end, 1)[1]
    else:
        text = (text.rstrip() + "\n\n" if text.strip() else "# Benchmarks\n\n") + section + "\n"
    out_path.write_text(text)


def command_section(name: str, title: str, intro: str, commands: List[List[str]], timeout: float) -> str:
    """A report section holding each command's output verbatim (or why it did not run)."""
    lines = [f"<!-- {name}:begin -->", f"## {title}", "", intro]
    for argv in commands:
        try:
            r = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=timeout)
            body = r.stdout.rstrip() if r.returncode == 0 else f"exit {r.returncode}: {r.stderr.strip()[:500]}"
        except (OSError, subprocess.TimeoutExpired) as e:
            body = f"not measured: {e}"
        lines += ["", f"`{' '.join(argv)}`:", "", "```", body, "```"]
    return "\n".join(lines + [f"<!-- {name}:end -->"])


EXTRA_SECTIONS = ("scaling", "wasm", "npm-bin", "npm-bin-bounds")


def extra_sections(tilesched: str, out: Path, names=EXTRA_SECTIONS):
    bin_dir = Path(os.path.relpath(Path(tilesched).resolve().parent, REPO))
    sections = {}
    sections["scaling"] = lambda: command_section(
        "scaling", "Scaling: random loops of 50 to 5,000 ops",
        "Cost-based generator in-process (`bench/scaling.cpp`): local dependences, carried edges, "
        "pools that widen with the loop so the II stays in the same range; time per block (median "
        "of 3) and the growth exponent of a least-squares fit of log(time) on log(ops).",
        [[str(bin_dir / "bench_scaling"), "--sizes", "50,100,200,500,1000,2000,5000"]], 600)
    sections["wasm"] = lambda: command_section(
        "wasm", "WebAssembly module vs native",
        "Module size (gzip -9) and the in-process time of the same command line on every example, "
        "natively and in the module, under Node and in headless Chromium, the playground's engine "
        "(V8's optimising tier in both; `bench/wasm_vs_native.mjs`). "
        "Goals: <= 400 KB gzip (CaDiCaL included), <= 1.25x native in total and geometric mean. "
        "Then the same bench on the module built at -O3 throughout without landing pads "
        "(`bench/wasm_bound.sh`; not a module to ship): what the engines cost this code at best. "
        "Above that bound, the shipped module's ratio is what the 400 KB budget costs; "
        "where the bound is at or over 1.25x, no build meets the goal.",
        [["node", "bench/wasm_vs_native.mjs"], ["bash", "bench/wasm_bound.sh"]], 900)
    sections["npm-bin"] = lambda: command_section(
        "npm-bin", "npm bin start-up",
        "The npm bin (`wasm/cli.mjs`: Node, which runs the bin again in a child with its V8 flags; "
        "the module compiled up front by V8's baseline tier in every run, nothing kept between "
        "runs; one run of the command line) as whole processes, beside the native tool and Node's "
        "own start (`node -e 0`); wall time and the CPU time the kernel accounts to the process "
        "and the child it waits for (`bench/npm_bin.py`). Rows marked * run without NODE_EXTRA_CA_CERTS when "
        "it is set: Node 20 then reads that file and builds its certificate store at every start, "
        "before the bin runs. Goal: <= 120 ms wall.",
        [["python3", "bench/npm_bin.py"]], 600)
    sections["npm-bin-bounds"] = lambda: command_section(
        "npm-bin-bounds", "npm bin on real loops: memory and time",
        "Every example and every loop of the real-IR sample under the four built-in models through "
        "the npm bin with `--trace` (the playground's command line): the module's peak memory and "
        "the module's time as the bin runs it (its V8 flags; the bin's fixed start apart) against the native tool's "
        "(`bench/npm_bin_bounds.mjs`; tests/wasm/memory-bound.test.mjs asserts the memory bound). "
        "The ten runs nearest a goal, then the worst of each. Goals: <= 256 MiB, <= 2x native.",
        [["node", "bench/npm_bin_bounds.mjs"]], 1200)
    for name in names:
        write_report(out, sections[name](), f"<!-- {name}:begin -->", f"<!-- {name}:end -->")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilesched", default=hc.default_tilesched(REPO))
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--generator", default="cost-based")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per process")
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed runs per loop; the median is reported")
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "benchmarks.md")
    ap.add_argument("--open-budget", type=int, default=20000000,
                    help="--proof-budget for the open loops' second run (0 skips it)")
    ap.add_argument("--extra-only", nargs="*", choices=EXTRA_SECTIONS, metavar="SECTION",
                    help="regenerate only the scaling, wasm, npm-bin and npm-bin-bounds sections, or those named")
    args = ap.parse_args()
    if args.extra_only is not None:
        extra_sections(args.tilesched, args.out, args.extra_only or EXTRA_SECTIONS)
        return 0

    root = args.shared / "benchmarks" / "hatschet"
    if not root.is_dir():
        print(f"{root} is missing", file=sys.stderr)
        return 2
    ref = read_reference(root)
    loops = hc.find_loops(args.shared)
    outcomes = []
    for i, loop in enumerate(loops, 1):
        o = hc.run_loop(args.tilesched, loop, args.generator, args.timeout, args.repeat,
                        measure_rss=True)
        o.ops = len(hc.read_hatschet(loop).node_resource)
        outcomes.append(o)
        print(f"[{i}/{len(loops)}] {loop.instance}: {o.status} II {o.ii} MII {o.mii} "
              f"{ms(o.wall)} {mb(o.max_rss_kb)} {o.message[:120]}", file=sys.stderr)
    chstone = [o for o in outcomes if o.loop.suite == "ChStone"]
    origami = [o for o in outcomes if o.loop.suite == "origami"]

    rows, notes = chstone_table(chstone, ref, readme_wall_times(root))
    checked = [o for o in outcomes if o.scheduled]
    violating = [o for o in checked if o.violations]
    biggest = max(chstone, key=lambda o: o.ops) if chstone else None
    ori_done = [o for o in origami if o.scheduled]

    svg_dir = args.out.parent / "benchmarks"
    svg_dir.mkdir(parents=True, exist_ok=True)
    with_best = [o for o in chstone if o.scheduled and as_int(ref.get(o.loop.instance, {}).get("best_II", ""))]
    pairs = [(as_int(ref[o.loop.instance]["best_II"]), o.ii) for o in with_best]
    top = max([max(p) for p in pairs], default=10)
    (svg_dir / "hatschet-ii.svg").write_text(scatter_svg(
        [("at or below best known", "#1f77b4", "o", [p for p in pairs if p[1] <= p[0]]),
         ("above best known", "#d62728", "o", [p for p in pairs if p[1] > p[0]])],
        "CHStone: tilesched II vs best known HatScheT II", "best known II", "tilesched II",
        [("equal", "#888", [(1, 1), (top, top)])]))
    timed = [o for o in outcomes if o.wall > 0]
    (svg_dir / "hatschet-time.svg").write_text(scatter_svg(
        [("scheduled", "#1f77b4", "o", [(o.ops, o.wall * 1000) for o in timed if o.scheduled]),
         ("not scheduled", "#d62728", "x", [(o.ops, o.wall * 1000) for o in timed if not o.scheduled])],
        "Wall time per loop (whole process) vs ops", "ops", "ms",
        [("ModuloSDC median 150 ms", "#2ca02c", [(10, 150), (3000, 150)]),
         ("goal 7.5 ms (1/20)", "#ff7f0e", [(10, 7.5), (3000, 7.5)])]))

    rel = os.path.relpath(svg_dir, args.out.parent)
    section = [
        BEGIN,
        "## HatScheT benchmark loops (CHStone + origami)",
        "",
        "Regenerate with `python3 bench/hatschet_bench.py` (options: `--tilesched PATH`, "
        "`--generator`, `--timeout`, `--repeat`). " + environment(args.tilesched, args.generator),
        "Each loop runs as whole processes: `tilesched import-hatschet G RM`, then "
        "`tilesched - --emit=json` with the snippet on stdin; wall time is spawn to exit of the "
        "scheduling process (median of `--repeat` runs), peak RSS is GNU time's `%M` for one more run. "
        "HatScheT's figures are "
        "from `../shared/benchmarks/hatschet/` (counts recomputed from its CSV, median times "
        "from its README). Loops that fail, crash or time out are counted as not scheduled.",
        "",
        *rows,
        "",
        *notes,
        f"- Every schedule is re-checked against HatScheT's own constraints read from the XML "
        f"(edges `S[j] + distance*II >= S[i] + latency(resource(i)) + delay`, resource limits per "
        f"modulo slot with blockingTime): {len(checked)} schedules checked, {len(violating)} "
        f"violating" + (": " + ", ".join(o.loop.instance for o in violating[:20]) if violating else "")
        + ".",
    ]
    if biggest:
        section.append(f"- Largest loop {biggest.loop.instance} ({biggest.ops} ops): {biggest.status}"
                       + (f", II {biggest.ii}" if biggest.scheduled else "")
                       + f", {ms(biggest.wall)}, peak RSS {mb(biggest.max_rss_kb)}.")
    rss = sorted(o.max_rss_kb for o in outcomes if o.max_rss_kb is not None)
    if rss:
        section.append(f"- Peak RSS over all {len(rss)} measured loops: median {mb(statistics.median(rss))}, "
                       f"max {mb(rss[-1])}.")
    ori_walls = sorted(o.wall for o in origami if o.wall > 0)
    section += [
        f"- origami: {len(ori_done)} / {len(origami)} scheduled, "
        f"{sum(1 for o in ori_done if o.mii and o.ii == o.mii)} at tilesched's MII, median wall "
        f"{ms(statistics.median(ori_walls)) if ori_walls else '-'} (no reference IIs).",
        "",
        f"![tilesched II vs best known II]({rel}/hatschet-ii.svg)",
        f"![wall time vs ops]({rel}/hatschet-time.svg)",
        "",
        f"Per-loop results ({len(outcomes)} loops): [{rel}/hatschet-loops.md]({rel}/hatschet-loops.md).",
        END,
    ]
    # The per-loop table has a file of its own, so the report page stays readable.
    (svg_dir / "hatschet-loops.md").write_text("\n".join([
        "# HatScheT benchmark loops, one row per loop", "",
        "Written by `python3 bench/hatschet_bench.py` with the summary in "
        "[../benchmarks.md](../benchmarks.md); " + environment(args.tilesched, args.generator), "",
        *loop_rows(outcomes, ref), ""]))
    write_report(args.out, "\n".join(section))
    if args.open_budget > 0:
        write_report(args.out, open_loops_section(args.tilesched, chstone, ref, args.generator,
                                                  args.open_budget, max(args.timeout, 600.0)),
                     OPEN_BEGIN, OPEN_END)
    extra_sections(args.tilesched, args.out)
    print(f"wrote {args.out} and {svg_dir}/hatschet-*", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
