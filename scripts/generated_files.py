"""The write-or-check step the generators share (scripts/options.py, scripts/json-schema.py): their
outputs are checked in, and a CTest runs each with --check."""
import os
import sys


def write_or_check(root, outputs, check, source, script):
    """Writes each of `outputs` (path under `root` -> text) that differs, or with `check` writes
    nothing and reports it; returns the paths that differed."""
    stale = []
    for rel, text in outputs.items():
        path = os.path.join(root, rel)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        stale.append(rel)
        if check:
            print(f"{rel} is not what {source} generates; run python3 {script}", file=sys.stderr)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"wrote {rel}")
    return stale
