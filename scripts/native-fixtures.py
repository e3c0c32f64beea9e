#!/usr/bin/env python3
"""Writes web/tests/fixtures/native-*.json, the documents the native tool prints for a few
examples (the web unit tests parse them as the module's output), or with --check fails when a
checked-in one differs from what the tool prints now.

  python3 scripts/native-fixtures.py [--tilesched build/bin/tilesched]          regenerate
  python3 scripts/native-fixtures.py [--tilesched build/bin/tilesched] --check  compare (CTest)
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE_DIR = os.path.join("web", "tests", "fixtures")

# fixture -> (example, arguments). The JSON document carries no file name, so the bytes do not
# depend on the working directory.
FIXTURES = {
    "native-broken.json": ("examples/broken.mlir", ["--emit=json"]),
    "native-hopper-tma-wgmma-gemm.json": ("examples/hopper-tma-wgmma-gemm.mlir", ["--emit=json", "--trace"]),
    "native-infeasible.json": ("examples/infeasible.mlir", ["--emit=json", "--trace", "--generator=cost-based"]),
    "native-seed-worked-example.json": (
        "examples/seed-worked-example.mlir",
        ["--emit=json", "--trace", "--generator=cost-based"],
    ),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", default=os.path.join(ROOT, "build", "bin", "tilesched"))
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    a = ap.parse_args()

    on_disk = sorted(f for f in os.listdir(os.path.join(ROOT, FIXTURE_DIR)) if f.startswith("native-"))
    unknown = [f for f in on_disk if f not in FIXTURES]
    for f in unknown:
        print(f"{FIXTURE_DIR}/{f}: not listed in scripts/native-fixtures.py; add its example and arguments",
              file=sys.stderr)

    stale = []
    for name, (example, args) in sorted(FIXTURES.items()):
        run = subprocess.run([a.tilesched, os.path.join(ROOT, example), *args], capture_output=True)
        if run.returncode not in (0, 1, 2) or not run.stdout:
            print(f"{name}: tilesched {example} {' '.join(args)} failed (exit {run.returncode})", file=sys.stderr)
            return 1
        path = os.path.join(ROOT, FIXTURE_DIR, name)
        current = open(path, "rb").read() if os.path.exists(path) else None
        if current == run.stdout:
            continue
        if a.check:
            stale.append(name)
            print(f"{FIXTURE_DIR}/{name} differs from tilesched {example} {' '.join(args)}", file=sys.stderr)
        else:
            with open(path, "wb") as out:
                out.write(run.stdout)
            print(f"wrote {FIXTURE_DIR}/{name}")
    if stale:
        print("regenerate them with: python3 scripts/native-fixtures.py", file=sys.stderr)
    return 1 if stale or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
