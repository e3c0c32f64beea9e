#!/usr/bin/env python3
"""The product's docs and comments describe the product, not the work that made it.

Fails (exit 1, naming each finding) when
  - grep finds work-log words in the docs, the README, CONTRIBUTING.md or the comments of core/,
    web/src and wasm/: ordinal work-session labels, issue numbers, step logs (history is git's);
  - docs/decisions.md is longer than 600 lines or docs/benchmarks.md longer than 350;
  - a file cites a section of docs/decisions.md (`decisions.md, "Title"`) that the page does not
    have as a heading or a bold entry title.

  python3 scripts/check-docs.py [--root DIR] [--plant FILE=TEXT]

--plant checks a copy of the tree with TEXT appended to FILE (relative to the root), for the test
that shows the check fails on a planted finding.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True

PATTERN = r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)[ -]session|issue [0-9]+|step log"
SCANNED = ["docs/", "README.md", "CONTRIBUTING.md", "core/", "web/src", "wasm/"]
LINE_LIMITS = {"docs/decisions.md": 600, "docs/benchmarks.md": 350}
# Where other files cite decisions.md's sections by title.
CITING = ["README.md", "CONTRIBUTING.md", "docs", "core", "wasm", "web/src", "web/tests", "bench", "scripts", "tests",
          "tools", "CMakeLists.txt"]
CITATION = re.compile(r"decisions\.md`?,?\s*\(?\\?\"([^\"\\]{2,80})\\?\"")


def work_log_words(root: Path) -> list:
    paths = [p for p in SCANNED if (root / p).exists()]
    r = subprocess.run(["grep", "-rniE", PATTERN, *paths], cwd=root, capture_output=True, text=True)
    if r.returncode > 1:
        return [f"grep failed: {r.stderr.strip()}"]
    return [f"{line}: work-log words (history belongs in git)" for line in r.stdout.splitlines()]


def line_limits(root: Path) -> list:
    found = []
    for rel, limit in LINE_LIMITS.items():
        n = len((root / rel).read_text().splitlines())
        if n > limit:
            found.append(f"{rel}: {n} lines, over the limit of {limit}")
    return found


def titles(decisions: str) -> set:
    out = set()
    for line in decisions.splitlines():
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            out.add(heading.group(1).strip())
        out.update(re.findall(r"\*\*`?([^*`]+?)`?[.:]?\*\*", line))
    return out


def citations(root: Path) -> list:
    known = titles((root / "docs/decisions.md").read_text())
    found = []
    for rel in CITING:
        base = root / rel
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()) if base.exists() else []
        for f in files:
            if "fuzz-regressions" in f.parts or f.name in ("decisions.md", Path(__file__).name):
                continue
            try:
                text = f.read_text()
            except (UnicodeDecodeError, OSError):
                continue
            for n, line in enumerate(text.splitlines(), 1):
                for title in CITATION.findall(line):
                    if not any(t == title or t.startswith(title) for t in known):
                        found.append(f"{f.relative_to(root)}:{n}: cites decisions.md, \"{title}\", which has no such section")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--plant", help="FILE=TEXT: append TEXT to FILE in a copy of the tree first")
    args = ap.parse_args()
    root = args.root
    with tempfile.TemporaryDirectory() as tmp:
        if args.plant:
            rel, text = args.plant.split("=", 1)
            copy = Path(tmp)
            for p in sorted({q.rstrip("/") for q in SCANNED + CITING + list(LINE_LIMITS)}):
                src = root / p
                if src.is_dir():
                    shutil.copytree(src, copy / p, dirs_exist_ok=True,
                                    ignore=shutil.ignore_patterns("node_modules", "fuzz-regressions"))
                elif src.exists():
                    (copy / p).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(src, copy / p)
            with open(copy / rel, "a") as f:
                f.write("\n" + text + "\n")
            root = copy
        found = work_log_words(root) + line_limits(root) + citations(root)
    for line in found:
        print(line)
    print(f"docs: {len(found)} finding(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
