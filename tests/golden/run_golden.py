#!/usr/bin/env python3
"""Runs the `// RUN:` lines of one golden test file, lit-style.

Substitutions: %tilesched (the native binary), %FileCheck, %s (this file), %S (its folder),
%root (the source tree), %shared (../shared beside it). Each RUN line is a shell pipeline; lines
ending in `\\` continue. A RUN line prefixed with `not` must exit non-zero. Exit 0 when every RUN
line succeeds.
"""
import argparse
import os
import re
import subprocess
import sys


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", required=True)
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("test")
    a = ap.parse_args()

    text = open(a.test, encoding="utf-8").read()
    runs, cur = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        part = m.group(1)
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        runs.append(cur + part)
        cur = ""
    if not runs:
        print(f"{a.test}: no RUN lines", file=sys.stderr)
        return 1

    subst = {
        "%tilesched": a.tilesched,
        "%FileCheck": a.filecheck,
        "%shared": os.path.join(os.path.dirname(os.path.abspath(a.source_dir)), "shared"),
        "%root": a.source_dir,
        "%s": a.test,
        "%S": os.path.dirname(a.test),
    }
    for cmd in runs:
        for k in sorted(subst, key=len, reverse=True):
            cmd = cmd.replace(k, subst[k])
        if cmd.lstrip().startswith("FileCheck"):
            cmd = cmd.replace("FileCheck", a.filecheck, 1)
        cmd = cmd.replace("| FileCheck", "| " + a.filecheck)
        print(f"RUN: {cmd}")
        # `not CMD` succeeds when CMD fails (lit semantics); pipefail makes every stage count.
        script = "not() { if \"$@\"; then return 1; else return 0; fi; }\n" + cmd
        r = subprocess.run(["bash", "-o", "pipefail", "-c", script], text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            print(f"FAILED (exit {r.returncode}): {cmd}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
