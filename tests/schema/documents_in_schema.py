#!/usr/bin/env python3
"""Every key tilesched writes is in the schema: runs the gallery (examples/*.mlir, with --trace and
with --check) and every golden test's own tilesched command lines (their flags, with
--emit=json --trace) and checks each document against core/contract/json-document.json
(scripts/json-schema.py --validate): no key the schema lacks, none out of order, no required key
missing, every type, value and message id as declared.
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile


def golden_flag_sets(path, subst):
    """The flags after `%tilesched %s` on each RUN line of a golden (its own emit form dropped)."""
    text = open(path, encoding="utf-8").read().replace("\\\n// RUN:", " ")
    sets = {()}
    for m in re.finditer(r"//\s*RUN:.*?%tilesched %s([^|>;\n]*)", text):
        args = m.group(1)
        for k in sorted(subst, key=len, reverse=True):
            args = args.replace(k, subst[k])
        flags = [f for f in shlex.split(args) if not f.startswith("--emit") and f != "2"]
        sets.add(tuple(flags))
    return sorted(sets)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilesched", required=True)
    ap.add_argument("--source-dir", required=True)
    a = ap.parse_args()
    root = a.source_dir
    runs = []
    for f in sorted(glob.glob(os.path.join(root, "examples", "*.mlir"))):
        runs += [(f, ["--trace"]), (f, ["--check", "--trace"])]
    for g in sorted(glob.glob(os.path.join(root, "tests", "golden", "**", "*.mlir"), recursive=True)):
        subst = {"%S": os.path.dirname(g), "%root": root,
                 "%shared": os.path.join(os.path.dirname(os.path.abspath(root)), "shared")}
        runs += [(g, list(flags) + ["--trace"]) for flags in golden_flag_sets(g, subst)]
    with tempfile.TemporaryDirectory() as tmp:
        docs = []
        for i, (path, flags) in enumerate(runs):
            r = subprocess.run([a.tilesched, path, "--emit=json", *flags], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=300)
            if not r.stdout.strip():
                continue  # a command line the JSON form refuses (its diagnostic goes to stderr)
            out = os.path.join(tmp, f"{i:04d}-{os.path.basename(path)}.json")
            open(out, "wb").write(r.stdout)
            docs.append(out)
        print(f"{len(docs)} documents from {len(runs)} command lines")
        code = subprocess.run([sys.executable, os.path.join(root, "scripts", "json-schema.py"), "--validate", *docs]).returncode
    return code


if __name__ == "__main__":
    sys.exit(main())
