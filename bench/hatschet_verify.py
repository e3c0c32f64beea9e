#!/usr/bin/env python3
"""Checks tilesched's schedules of HatScheT's benchmark loops against HatScheT's own semantics.

For every loop: `tilesched import-hatschet G RM`, then `tilesched - --emit=json`, then each start
cycle is checked against the constraints computed straight from the GraphML and resource XML
(edges with latency(resource(src)) + delay and distances; resource limits per modulo slot with
blockingTime), not from the snippet. Exit status 0 when every loop was scheduled and satisfies
them, 1 otherwise (or, with --allow-unscheduled, only when some schedule violates them).
TILESCHED_TEST_SCALE below 1 (the sanitized run sets 0.1) checks every (1/scale)-th loop only, as
the property tests run a fraction of their cases there.

  bench/hatschet_verify.py [--tilesched build/bin/tilesched] [--shared ../shared]
                           [--suite ChStone|origami|all] [--generator cost-based] [--only SUBSTR]
"""

import argparse
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import hatschet_common as hc  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilesched", default=hc.default_tilesched(REPO))
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--suite", choices=["ChStone", "origami", "all"], default="ChStone")
    ap.add_argument("--generator", default="cost-based")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per process")
    ap.add_argument("--only", default="", help="only loops whose name contains this")
    ap.add_argument("--allow-unscheduled", action="store_true",
                    help="fail only on violated constraints, not on loops left unscheduled")
    args = ap.parse_args()

    if not (args.shared / "benchmarks" / "hatschet").is_dir():
        print(f"skipped: {args.shared}/benchmarks/hatschet is missing")
        return 0
    suites = hc.SUITES if args.suite == "all" else (args.suite,)
    loops = [l for l in hc.find_loops(args.shared, suites) if args.only in l.instance]
    scale = float(os.environ.get("TILESCHED_TEST_SCALE", "1"))
    if 0 < scale < 1:
        loops = loops[::round(1 / scale)]
        print(f"TILESCHED_TEST_SCALE={scale}: every {round(1 / scale)}th loop")

    scheduled = violated = 0
    unscheduled = []
    for loop in loops:
        o = hc.run_loop(args.tilesched, loop, args.generator, args.timeout)
        if not o.scheduled:
            unscheduled.append(o)
            print(f"{loop.instance}: {o.status}: {o.message}")
            continue
        scheduled += 1
        if o.violations:
            violated += 1
            print(f"{loop.instance}: II {o.ii}: {len(o.violations)} HatScheT constraint(s) violated")
            for v in o.violations[:10]:
                print(f"  {v}")
    print(f"{len(loops)} loops: {scheduled} scheduled, {len(unscheduled)} not scheduled, "
          f"{violated} violating HatScheT's constraints "
          f"({args.generator} generator, {args.tilesched})")
    if violated or (unscheduled and not args.allow_unscheduled):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
