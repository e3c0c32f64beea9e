#!/usr/bin/env python3
"""Cuts public compiler test files into one file per loop-bearing function, the way the sample in
../shared/benchmarks/real-ir/ is cut (its README): each `// -----` chunk is its own input (as
`mlir-opt -split-input-file` reads it); for each function of a chunk that holds a loop, the chunk's
lines are kept -- aliases, the `module` wrapper, comments, CHECK lines -- except the lines of the
chunk's other functions, and every line outside the chunk is blanked, so the line numbers are
those of the original file. Nothing else is changed.

A function is `tt.func`, `func.func` or CUDA Tile's `entry` / `testing$func` (with or without the
`cuda_tile.` prefix). A loop is `scf.for`, `scf.while`, or CUDA Tile's `for` / `loop`.

  python3 bench/realir_split.py SRC OUT      SRC/<origin>/*.mlir -> OUT/<origin>/<file>__<fn>.mlir
  python3 bench/realir_split.py --list SRC   counts only

A second function of the same name in one file gets `__line<N>` (its header line) appended.
The test files themselves are public reference data: keep them and the cut files out of the
repository (this script is the project's own).
"""

import argparse
import re
import sys
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Tuple

sys.dont_write_bytecode = True

SPLIT_MARKER = re.compile(r"^\s*// -----\s*$")
FUNCTION_HEADER = re.compile(
    r"^\s*(?:tt\.func|func\.func|(?:cuda_tile\.)?(?:entry|testing\$func))\b[^@]*@(\"[^\"]*\"|[\w$.\-]+)")
LOOP_OPS = (
    ("scf.for", re.compile(r"\bscf\.for\b")),
    ("scf.while", re.compile(r"\bscf\.while\b")),
    # CUDA Tile's custom form, printed without the prefix inside cuda_tile.module.
    ("cuda_tile.for", re.compile(r"(?:^|[=\s])(?:cuda_tile\.)?for\s+(?:unsigned\s+)?%")),
    ("cuda_tile.loop", re.compile(r"(?:^|[=\s])(?:cuda_tile\.)?loop\s*(?:iter_values\b|:|\{)")),
)


class Function(NamedTuple):
    name: str
    first: int  # 0-based line index of the header
    last: int  # 0-based line index of the closing brace (the header for a declaration)
    loops: Dict[str, int]


def code_of(line: str) -> str:
    """The line without its `//` comment and with string literals emptied (braces in them do not count)."""
    out, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c == '"':
            j = i + 1
            while j < n and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_end(code: List[str], first: int, stop: int) -> int:
    """Index of the line closing the function whose header is at `first`. The body starts at the
    first `{` outside parentheses and angle brackets that does not open an `attributes {...}`
    dictionary; a header whose statement ends without one is a declaration."""
    nest, pre, body = 0, 0, 0  # ( [ < depth before the body; header dictionaries; body braces
    for k in range(first, stop):
        text = code[k]
        for m in re.finditer(r"attributes\s*\{|->|[()\[\]<>{}]", text):
            tok = m.group(0)
            if body:
                body += tok.endswith("{") - (tok == "}")
                if body == 0:
                    return k
            elif tok in "([<":
                nest += 1
            elif tok in ")]>":
                nest -= 1
            elif tok.endswith("{"):
                if tok == "{" and nest == 0 and pre == 0:
                    body = 1
                else:
                    pre += 1
            elif tok == "}":
                pre -= 1
        if not body and nest == 0 and pre == 0 and text.strip():
            following = next((code[j].strip() for j in range(k + 1, stop) if code[j].strip()), "")
            if not text.rstrip().endswith(("->", ",", "attributes", "(")) and \
                    not following.startswith(("->", "attributes", "{")):
                return k  # a declaration
    return stop - 1


def chunks_of(lines: List[str]) -> List[Tuple[int, int]]:
    bounds, start = [], 0
    for i, line in enumerate(lines):
        if SPLIT_MARKER.match(line):
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, len(lines)))
    return bounds


def functions_of(lines: List[str], code: List[str], start: int, stop: int) -> List[Function]:
    found, k = [], start
    while k < stop:
        m = FUNCTION_HEADER.match(code[k])
        if not m:
            k += 1
            continue
        last = function_end(code, k, stop)
        body = "\n".join(code[k:last + 1])
        loops = {name: len(rx.findall(body)) for name, rx in LOOP_OPS}
        found.append(Function(m.group(1).strip('"'), k, last, {n: c for n, c in loops.items() if c}))
        k = last + 1
    return found


def split_file(path: Path) -> Tuple[List[Tuple[str, str, Function]], int, int]:
    """(file name, text, function) per loop-bearing function; also the chunk and function counts."""
    lines = path.read_text().split("\n")
    code = [code_of(line) for line in lines]
    out, seen, n_chunks, n_functions = [], set(), 0, 0
    for start, stop in chunks_of(lines):
        n_chunks += 1
        functions = functions_of(lines, code, start, stop)
        n_functions += len(functions)
        for fn in functions:
            if not fn.loops:
                continue
            kept = [""] * len(lines)
            kept[start:stop] = lines[start:stop]
            for other in functions:
                if other is not fn:
                    kept[other.first:other.last + 1] = [""] * (other.last + 1 - other.first)
            name = f"{path.stem}__{fn.name}"
            if name in seen:
                name += f"__line{fn.first + 1}"
            seen.add(name)
            out.append((name + ".mlir", "\n".join(kept), fn))
    return out, n_chunks, n_functions


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="print counts per file, write nothing")
    ap.add_argument("src", type=Path, help="folder of <origin>/ folders holding whole test files")
    ap.add_argument("out", type=Path, nargs="?", help="where the cut files go")
    args = ap.parse_args(argv)
    if not args.list and args.out is None:
        ap.error("give OUT, or --list")
    totals = {"files": 0, "chunks": 0, "functions": 0, "loop-bearing": 0, "loops": 0}
    for origin in sorted(p for p in args.src.iterdir() if p.is_dir()):
        for path in sorted(origin.glob("*.mlir")):
            cut, n_chunks, n_functions = split_file(path)
            loops = sum(sum(fn.loops.values()) for _, _, fn in cut)
            totals["files"] += 1
            totals["chunks"] += n_chunks
            totals["functions"] += n_functions
            totals["loop-bearing"] += len(cut)
            totals["loops"] += loops
            print(f"{origin.name}/{path.name}: {n_chunks} chunks, {n_functions} functions, "
                  f"{len(cut)} loop-bearing, {loops} loops")
            if args.list:
                continue
            folder = args.out / origin.name
            folder.mkdir(parents=True, exist_ok=True)
            for name, text, _ in cut:
                (folder / name).write_text(text)
    print("total: " + ", ".join(f"{v} {k}" for k, v in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
