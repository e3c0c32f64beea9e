#!/usr/bin/env python3
"""Measures tilesched on real Triton / CUDA Tile loops (issue 13) and writes a section of
docs/benchmarks.md.

Input: folders of files cut the way ../shared/benchmarks/real-ir/ is cut (one loop-bearing
function per file; bench/realir_split.py makes more). Each file is run as a whole process,
`tilesched FILE --emit=json`, and the document is compared with what this script reads from the
file's text by itself, independently of the target model:

- parsed: no error diagnostic (else the first one); "scheduled" when every block was scheduled.
- GPU ops: TMA / MMA / TMEM / SMEM / async-copy op instances that are nodes of a loop body (ops in
  the regions of an op of the body, e.g. under scf.if, are not nodes and are counted apart),
  classified by name; "modelled" when the document's op has `"modelled": true` (its latency and
  footprint come from the target model, not from the unknown-op default).
- sync ops: wait / fence / barrier / commit nodes; "tied" when an edge of an ordering kind (any
  kind but data and carried) starts or ends at the op; any edge at all is counted too.
- generator and why (the block's `selection`, when the document has it), II, stages.
- Triton's stages: `loop.stage` attributes on the body's ops (per op, compared with ours),
  `// CHECK... loop.stage = N` lines belonging to the function, the loop's `tt.num_stages` and
  `tt.scheduled_max_stage`.

  python3 bench/realir_bench.py [DIR...] [--tilesched build/bin/tilesched] [--out docs/benchmarks.md]
                                [--report FILE.md] [--no-write] [-- EXTRA TILESCHED ARGS]

With no DIR it reads ../shared/benchmarks/real-ir/ and rewrites its section of docs/benchmarks.md;
with DIRs it writes only what --out / --report name.
"""

import argparse
import collections
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from realir_split import code_of  # noqa: E402  (the same reading of a line as the cutter's)

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DIR = REPO.parent / "shared" / "benchmarks" / "real-ir"
BEGIN, END = "<!-- realir-bench:begin -->", "<!-- realir-bench:end -->"

# Op classes by name, independent of the target model (issue 13's lists).
GPU_CLASSES = ("tma", "mma", "tmem", "smem", "async-copy")
CLASSES = (
    ("tma", r"tt\.descriptor_(load|store|gather|scatter|reduce|prefetch)|tt\.experimental_descriptor_\w+|"
            r"ttng\.async_tma_(copy_global_to_local|copy_local_to_global|gather|scatter|reduce|prefetch)|"
            r"cuda_tile\.(load|store)_view_tko"),
    ("mma", r"tt\.dot(_scaled)?|ttng\.warp_group_dot|ttng\.tc_gen5_mma(_scaled)?|cuda_tile\.mma[fi]"),
    ("tmem", r"ttng\.tmem_(alloc|load|store|copy)"),
    ("smem", r"ttg\.local_(alloc|load|store|dealloc|gather|scatter)"),
    ("async-copy", r"ttg\.async_copy_global_to_local|amdg\.buffer_load_to_local|amdg\.async_copy_\w+"),
    ("sync", r"ttg\.async_(wait|commit_group)|ttng\.fence\w*|ttng\.(wait|arrive)_barrier(_named)?|"
             r"ttng\.(barrier_expect|init_barrier|inval_barrier)|ttng\.async_tma_store(_token)?_wait|"
             r"ttng\.warp_group_dot_wait|ttng\.tc_gen5_commit|ttg\.barrier|gpu\.barrier|amdg\.async_\w*wait"),
    ("global", r"tt\.(load|store|atomic_rmw|atomic_cas)|cuda_tile\.(load|store)_ptr_tko|cuda_tile\.atomic_\w+"),
)
CLASS_RX = [(name, re.compile(rf"(?:{rx})$")) for name, rx in CLASSES]
ORDERING_FREE = {"data", "carried"}

STATEMENT = re.compile(
    r"^\s*(?:%[\w$.#-]+(?::\d+)?(?:\s*,\s*%[\w$.#-]+(?::\d+)?)*\s*=\s*)?(\"?)([A-Za-z_][\w$]*(?:\.[\w$]+)*)\1")
LOOP_OPS = {"scf.for", "scf.while", "cuda_tile.for", "cuda_tile.loop"}
STAGE_ATTR = re.compile(r"\bloop\.stage\s*=\s*(\d+)")
CLUSTER_ATTR = re.compile(r"\bloop\.cluster\s*=\s*(\d+)")
LABEL = re.compile(r"^\s*//\s*[\w-]*-LABEL\s*:")


def classify(name: str) -> Optional[str]:
    return next((cls for cls, rx in CLASS_RX if rx.match(name)), None)


class TextOp:
    def __init__(self, line: int, col: int, name: str, node: bool, loop: int):
        self.line, self.col, self.name, self.node, self.loop = line, col, name, node, loop
        self.cls = classify(name)
        self.stage: Optional[int] = None
        self.cluster: Optional[int] = None


def read_text(path: Path) -> Tuple[List[TextOp], Dict[int, dict]]:
    """The ops inside loop bodies (node = directly in a body) and, per loop line, its annotations."""
    lines = path.read_text(errors="replace").split("\n")
    cuda_tile = any("cuda_tile." in line for line in lines)
    ops: List[TextOp] = []
    loops: Dict[int, dict] = {}
    # Open braces: (kind, loop line, bracket depth outside); kind "loop" | "region" | "attr".
    stack: List[Tuple[str, int, int]] = []
    nest, prev_open, pending_loop = 0, False, 0
    current: Optional[TextOp] = None
    for number, raw in enumerate(lines, 1):
        code = code_of(raw)
        text = code.strip()
        if not text:
            continue
        continued = prev_open or nest > 0 or text.startswith(("->", ":", "*", "{", "attributes"))
        if not continued:
            current, pending_loop = None, 0
            m = STATEMENT.match(code)
            name = m.group(2) if m and not text.startswith("}") else ""
            if name and "." not in name and cuda_tile and name not in ("else", "default"):
                name = "cuda_tile." + name
            inner = next((s for s in reversed(stack) if s[0] != "attr"), None)
            in_loop = next((s[1] for s in reversed(stack) if s[0] == "loop"), 0)
            if "." in name and in_loop:
                current = TextOp(number, len(code) - len(code.lstrip()) + 1, name, inner[0] == "loop", in_loop)
                ops.append(current)
            if name in LOOP_OPS:
                pending_loop = number
                loops.setdefault(number, {})
        if current is not None:
            if (m := STAGE_ATTR.search(code)):
                current.stage = int(m.group(1))
            if (m := CLUSTER_ATTR.search(code)):
                current.cluster = int(m.group(1))
        stripped = code.rstrip()
        last_open = len(stripped) - 1 if stripped.endswith("{") else -1
        for k, ch in enumerate(code):
            if ch in "([":
                nest += 1
            elif ch in ")]":
                nest = max(0, nest - 1)
            elif ch == "{":
                if k == last_open:  # a region: its body is read at bracket depth 0
                    stack.append(("loop" if pending_loop else "region", pending_loop, nest))
                    pending_loop, nest = 0, 0
                else:
                    stack.append(("attr", 0, -1))
            elif ch == "}" and stack:
                kind, loop_line, outer = stack.pop()
                if outer >= 0:
                    nest = outer
                if kind == "loop":
                    # the loop's attribute dictionary follows its closing brace: `} {tt.num_stages = 3 : i32}`
                    tail = code[k + 1:]
                    for key in ("tt.num_stages", "tt.scheduled_max_stage"):
                        if (m := re.search(re.escape(key) + r"\s*=\s*(\d+)", tail)):
                            loops[loop_line][key] = int(m.group(1))
        prev_open = text.endswith((",", "->", ":", "*", "=", "attributes")) and not text.endswith("{")
    return ops, loops


def check_stages(path: Path, function: str) -> List[int]:
    """Stages that the file's CHECK lines state for this function: those under a -LABEL naming it
    (to the next -LABEL), or every CHECK line when no label names it."""
    lines = path.read_text(errors="replace").split("\n")
    mine, inside, any_label = [], False, False
    for line in lines:
        if LABEL.match(line):
            any_label = True
            inside = re.search(r"@" + re.escape(function) + r"\b", line) is not None
        if line.lstrip().startswith("//") and (inside or not any_label):
            mine += [int(s) for s in STAGE_ATTR.findall(line)]
    if not mine and any_label and not any(re.search(r"@" + re.escape(function) + r"\b", l) for l in lines
                                          if LABEL.match(l)):
        mine = [int(s) for l in lines if l.lstrip().startswith("//") for s in STAGE_ATTR.findall(l)]
    return mine


def run_tool(tool: Path, path: Path, extra: List[str]) -> Tuple[Optional[dict], int, str]:
    try:
        p = subprocess.run([str(tool), str(path), "--emit=json", *extra], capture_output=True, text=True,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return None, -1, "timed out after 120 s"
    try:
        return json.loads(p.stdout), p.returncode, ""
    except json.JSONDecodeError:
        return None, p.returncode, (p.stderr.strip().splitlines() or ["no JSON on stdout"])[0]


def measure(tool: Path, path: Path, extra: List[str]) -> dict:
    ops, loops = read_text(path)
    doc, code, problem = run_tool(tool, path, extra)
    res = {"file": path, "exit": code, "problem": problem, "blocks": [], "errors": [], "warnings": 0}
    by_pos: Dict[Tuple[int, int], Tuple[dict, dict]] = {}
    if doc:
        for d in doc.get("diagnostics", []):
            if d["severity"] == "error":
                res["errors"].append(f"{d['line']}:{d['col']}: {d['message']}")
            elif d["severity"] == "warning":
                res["warnings"] += 1
        for b in doc.get("blocks", []):
            res["blocks"].append(b)
            for op in b.get("ops", []):
                by_pos[(op["line"], op["col"])] = (b, op)
    counts = collections.Counter()
    for op in ops:
        if op.cls is None:
            continue
        if not op.node:
            counts[f"{op.cls}:nested"] += 1
            continue
        counts[op.cls] += 1
        hit = by_pos.get((op.line, op.col))
        if op.cls in GPU_CLASSES or op.cls == "global":
            counts[f"{op.cls}:modelled"] += bool(hit and hit[1].get("modelled"))
        if op.cls == "sync" and hit:
            block, j = hit[0], hit[1]["id"]
            kinds = {e["kind"] for e in block.get("edges", []) if j in (e["src"], e["dst"])}
            counts["sync:any-edge"] += bool(kinds)
            counts["sync:tied"] += bool(kinds - ORDERING_FREE)
    res["counts"] = counts
    # Triton's stages beside ours, per loop (block line = the loop's line).
    res["triton"] = []
    function = path.stem.split("__", 1)[1].split("__line")[0] if "__" in path.stem else ""
    stated = check_stages(path, function)
    for line in sorted(loops):
        info = dict(loops[line])
        staged = [op for op in ops if op.loop == line and op.node and op.stage is not None]
        block = next((b for b in res["blocks"] if b["line"] == line), None)
        agree = 0
        for op in staged:
            hit = by_pos.get((op.line, op.col))
            agree += bool(hit and hit[1].get("stage") is not None and hit[1]["stage"] == op.stage)
        info["attr_stages"] = max(op.stage for op in staged) + 1 if staged else None
        info["staged_ops"], info["agree"] = len(staged), agree
        info["ours"] = block["stage_count"] if block else None
        res["triton"].append(info)
    res["check_stages"] = max(stated) + 1 if stated else None
    return res


def parsed_text(r: dict) -> str:
    if r["problem"]:
        return "no document: " + r["problem"]
    if not r["errors"]:
        failed = [b for b in r["blocks"] if b["status"] == "failed"]
        if not r["blocks"]:
            return "yes, no loop reached the scheduler"
        return "yes" if not failed else f"yes, {len(failed)} block(s) failed"
    what = "error" if r["blocks"] else "parse error"
    return f"{what} ({len(r['errors'])}): {r['errors'][0][:90]}"


def ratio(a: int, b: int) -> str:
    return f"{a}/{b}" if b else "-"


def generator_text(b: dict) -> str:
    sel = b.get("selection") or {}
    why = sel.get("reason")
    return b["generator"] + (f" ({why})" if why else "")


def triton_text(r: dict) -> str:
    parts = []
    for t in r["triton"]:
        bits = []
        if t.get("attr_stages") is not None:
            bits.append(f"attrs {t['attr_stages']} (agree {t['agree']}/{t['staged_ops']})")
        if "tt.scheduled_max_stage" in t:
            bits.append(f"max_stage+1 {t['tt.scheduled_max_stage'] + 1}")
        if "tt.num_stages" in t:
            bits.append(f"num_stages {t['tt.num_stages']}")
        if bits:
            parts.append(", ".join(bits))
    if r["check_stages"] is not None:
        parts.append(f"CHECK {r['check_stages']}")
    return "; ".join(parts) or "-"


def row_of(r: dict, root: Path) -> List[str]:
    c = r["counts"]
    gpu = sum(c[k] for k in GPU_CLASSES)
    gpu_ok = sum(c[f"{k}:modelled"] for k in GPU_CLASSES)
    placed = [b for b in r["blocks"] if b["status"] != "failed"]
    return [
        str(r["file"].relative_to(root)),
        parsed_text(r),
        ratio(gpu_ok, gpu),
        ratio(c["sync:tied"], c["sync"]),
        "; ".join(generator_text(b) for b in r["blocks"]) or "-",
        "; ".join(str(b["ii"]) for b in placed) or "-",
        "; ".join(str(b["stage_count"]) for b in placed) or "-",
        triton_text(r),
    ]


HEADER = ["file", "parsed (errors)", "GPU ops modelled", "sync ops tied", "generator (why)", "II", "stages",
          "Triton's stages"]


def totals_of(results: List[dict]) -> List[str]:
    c = collections.Counter()
    for r in results:
        c.update(r["counts"])
    n = len(results)
    clean = sum(1 for r in results if not r["errors"] and not r["problem"])
    scheduled = sum(1 for r in results if not r["errors"] and not r["problem"] and r["blocks"]
                    and all(b["status"] != "failed" for b in r["blocks"]))
    blocks = [b for r in results for b in r["blocks"]]
    loops = sum(len(r["triton"]) for r in results)
    gens = collections.Counter(b["generator"] for b in blocks)
    gpu = sum(c[k] for k in GPU_CLASSES)
    gpu_ok = sum(c[f"{k}:modelled"] for k in GPU_CLASSES)
    pct = lambda a, b: f"{a}/{b} ({100.0 * a / b:.1f} %)" if b else "0/0"
    staged = [t for r in results for t in r["triton"] if t["staged_ops"]]
    out = [
        f"- files: {n}; parsed with no error: {pct(clean, n)}; every loop scheduled with no error: "
        f"{pct(scheduled, n)}",
        f"- loops in the text: {loops}; blocks in the documents: {len(blocks)} "
        f"(generator: " + ", ".join(f"{k} {v}" for k, v in sorted(gens.items())) + ")",
        f"- GPU op nodes modelled (TMA / MMA / TMEM / SMEM / async copy): {pct(gpu_ok, gpu)} — " +
        ", ".join(f"{k} {c[k + ':modelled']}/{c[k]}" for k in GPU_CLASSES) +
        f"; global loads/stores {c['global:modelled']}/{c['global']}",
        f"- wait / fence / barrier / commit nodes tied by an ordering edge: {pct(c['sync:tied'], c['sync'])} "
        f"(any edge: {c['sync:any-edge']})",
        "- GPU ops in regions nested in a loop body (not nodes): " +
        (", ".join(f"{k} {c[k + ':nested']}" for k in GPU_CLASSES + ('sync',) if c[k + ':nested']) or "none"),
    ]
    if staged:
        agree = sum(t["agree"] for t in staged)
        total = sum(t["staged_ops"] for t in staged)
        same = sum(1 for t in staged if t["ours"] == t["attr_stages"])
        out.append(f"- loops carrying Triton's `loop.stage` on their ops: {len(staged)}; ops at Triton's stage: "
                   f"{pct(agree, total)}; same stage count: {same}/{len(staged)}")
    return out


def revision() -> str:
    git = ["git", "-C", str(REPO)]
    commit = subprocess.run(git + ["rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(git + ["status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    return f"commit {commit}{' + local changes' if dirty else ''}"


def markdown(results: List[dict], roots: List[Path], command: str) -> str:
    lines = [f"Measured {datetime.date.today().isoformat()}, {revision()}, with `{command}`.", ""]
    lines += totals_of(results)
    lines += ["", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for r in results:
        root = next(p for p in roots if p in r["file"].parents)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row_of(r, root)) + " |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, body: str) -> None:
    text = path.read_text()
    section = (f"{BEGIN}\n## Real Triton and CUDA Tile loops (issue 13)\n\n"
               "`bench/realir_bench.py` on the public sample `../shared/benchmarks/real-ir/` (15 loop-bearing "
               "functions cut from Triton's, the Triton fork's and cuda-tile's tests), default options. Counts are the "
               "script's own reading of the text (op classes by name, ops that are nodes of a loop body); "
               "\"modelled\" (the op's `modelled` in the JSON document: resources from the target model, not the "
               "unknown-op default) and edges come from the document. *Sync ops tied*: wait / fence / barrier / "
               "commit ops with an edge of an ordering kind (not `data` or `carried`). *Triton's stages*: the stage "
               "count its `loop.stage` attributes give (and how many of those ops tilesched puts at the same stage), "
               "`tt.scheduled_max_stage` + 1, `tt.num_stages`, and the highest `loop.stage` + 1 in the function's "
               "CHECK lines.\n\n"
               f"{body}{END}")
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text)


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", type=Path, nargs="*")
    ap.add_argument("--tilesched", type=Path, default=REPO / "build" / "bin" / "tilesched")
    ap.add_argument("--out", type=Path, help="markdown file whose realir-bench section is rewritten")
    ap.add_argument("--report", type=Path, help="write the section's body as a file of its own")
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args(argv)
    # The public sample, wherever this checkout sits (a worktree names it explicitly).
    default = all(d.resolve().parts[-3:] == DEFAULT_DIR.parts[-3:] for d in args.dirs)
    roots = [p.resolve() for p in (args.dirs or [DEFAULT_DIR])]
    files = sorted(f for root in roots for f in root.rglob("*.mlir"))
    if not files:
        print(f"realir_bench: no .mlir files under {', '.join(map(str, roots))}", file=sys.stderr)
        return 2
    results = [measure(args.tilesched, f, extra) for f in files]
    for r in results:
        root = next(p for p in roots if p in r["file"].parents)
        print("  ".join(row_of(r, root)))
    for line in totals_of(results):
        print(line)
    shown = ["python3 bench/realir_bench.py"] + ([] if default else [str(d) for d in args.dirs]) + \
        (["--", *extra] if extra else [])
    body = markdown(results, roots, " ".join(shown))
    if args.no_write:
        return 0
    if args.report:
        args.report.write_text(body)
    out = args.out or (REPO / "docs" / "benchmarks.md" if default else None)
    if out:
        write_section(out, body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
