#!/usr/bin/env python3
"""The npm bin as whole processes (goal: <= 120 ms wall): `node wasm/cli.mjs EXAMPLE
--emit=json` beside the native tool on the same command line and `node -e 0` (Node's own start).

Rounds run the commands in turn, so a drift in the machine's speed touches all of them. Per
run: wall time from spawn to reap, CPU time (user + sys) from the kernel's rusage of that one
child (os.wait4), which includes the child the bin runs itself in with its V8 flags
(wasm/cli.mjs). The bin keeps nothing between runs: every run compiles the module. The first
round is reported apart from the median of the later ones. The load average is printed with
the figures: on a shared machine they include its contention.

When NODE_EXTRA_CA_CERTS is set, Node 20 reads that file and builds its whole certificate store
at every start, before any script runs (~85 ms of `node -e 0`'s ~125 ms on the machine of
docs/benchmarks.md). The bin makes no network connection but cannot undo a cost paid before it
starts, so the bench then also runs the bin and `node -e 0` without the variable.

  python3 bench/npm_bin.py [--example examples/attention-forward.mlir] [--rounds 11]
                           [--tilesched build/bin/tilesched] [--wasm-dir build-wasm/wasm]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Tuple

REPO = Path(__file__).resolve().parent.parent


def run(argv: List[str], env: dict) -> Tuple[float, float, int]:
    """(wall s, cpu s, exit code) of one process, its output discarded."""
    begin = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - begin
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--example", default="examples/attention-forward.mlir")
    ap.add_argument("--rounds", type=int, default=11, help="rounds of the commands (>= 2)")
    ap.add_argument("--tilesched", default="build/bin/tilesched", help="relative to the repository")
    ap.add_argument("--wasm-dir", default="build-wasm/wasm", help="relative to the repository")
    args = ap.parse_args()
    if args.rounds < 2:
        ap.error("--rounds must be at least 2 (the first is reported apart)")

    env = dict(os.environ, TILESCHED_WASM_DIR=str(REPO / args.wasm_dir))
    bin_argv = ["node", "wasm/cli.mjs", args.example, "--emit=json"]
    commands = [
        ("npm bin", bin_argv, env),
        ("native", [str(REPO / args.tilesched), args.example, "--emit=json"], env),
        ("node -e 0", ["node", "-e", "0"], env),
    ]
    extra_cas = "NODE_EXTRA_CA_CERTS" in env
    if extra_cas:
        no_cas = {k: v for k, v in env.items() if k != "NODE_EXTRA_CA_CERTS"}
        commands += [
            ("npm bin *", bin_argv, no_cas),
            ("node -e 0 *", ["node", "-e", "0"], no_cas),
        ]
    load_before = os.getloadavg()[0]
    runs = {name: [] for name, _, _ in commands}
    for _ in range(args.rounds):
        for name, argv, cmd_env in commands:
            wall, cpu, code = run(argv, cmd_env)
            if code != 0:
                print(f"{' '.join(argv)} exited {code}", file=sys.stderr)
                return 1
            runs[name].append((wall, cpu))
    load_after = os.getloadavg()[0]

    print(f"{args.example} --emit=json, {args.rounds} rounds of the commands in turn; "
          f"load average {load_before:.1f} before, {load_after:.1f} after ({os.cpu_count()} CPUs)")
    print(f"  {'command':<12} {'first wall':>11} {'first cpu':>10} {'later wall':>11} {'later cpu':>10}"
          "   (later: median of the other rounds)")
    for name, argv, _ in commands:
        first, later = runs[name][0], runs[name][1:]
        print(f"  {name:<12} {ms(first[0]):>11} {ms(first[1]):>10} "
              f"{ms(statistics.median(w for w, _ in later)):>11} {ms(statistics.median(c for _, c in later)):>10}"
              f"   {' '.join(os.path.relpath(a, REPO) if a.startswith(str(REPO)) else a for a in argv)}")
    # Ratios round by round, then their median: robust to the machine's drift.
    if extra_cas:
        print("  * without NODE_EXTRA_CA_CERTS, which is set here: Node reads it at every start (see the docstring)")
    pairs = [("npm bin", "node -e 0"), ("npm bin", "native")]
    for mine, other in pairs + ([("npm bin *", "node -e 0 *")] if extra_cas else []):
        walls = [a[0] / b[0] for a, b in zip(runs[mine][1:], runs[other][1:])]
        over = [a[0] - b[0] for a, b in zip(runs[mine][1:], runs[other][1:])]
        print(f"  {mine} vs {other}: {statistics.median(walls):.2f}x wall, "
              f"{ms(statistics.median(over))} more (medians of the later rounds' pairs)")
    for name in ["npm bin"] + (["npm bin *"] if extra_cas else []):
        later_wall = statistics.median(w for w, _ in runs[name][1:])
        print(f"  goal <= 120 ms wall, {name}: {'met' if later_wall <= 0.120 else 'NOT met'} at this load")
    return 0


if __name__ == "__main__":
    sys.exit(main())
