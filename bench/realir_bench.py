#!/usr/bin/env python3
"""Measures tilesched on real Triton / CUDA Tile loops and writes a section of docs/benchmarks.md.

Input: folders of files cut the way ../shared/benchmarks/real-ir/ is cut (one loop-bearing
function per file; bench/realir_split.py makes more). Each file is run as a whole process,
`tilesched FILE --emit=json`, and the document is compared with what this script reads from the
file's text by itself, independently of the target model (Triton's 2024 spelling, `triton_gpu.*`
and `triton_nvidia_gpu.*`, is read as `ttg.*` and `ttng.*`):

- parsed: no error diagnostic (else the first one); "scheduled" when every block was scheduled.
  A file *fails* when its exit status is not 0, it has an error diagnostic or no document.
- GPU ops: TMA / MMA / TMEM / SMEM / async-copy op instances that are nodes of a loop body (ops in
  the regions of an op of the body, e.g. under scf.if, are not nodes and are counted apart),
  classified by name; "modelled" when the document's op has `"modelled": true` (its latency and
  footprint come from the target model, not from the unknown-op default).
- sync ops: wait / fence / barrier / commit nodes; "tied" when an edge of an ordering kind (any
  kind but data and carried) starts or ends at the op; any edge at all is counted too.
- generator and why (the block's `selection`, when the document has it), II, stages; the op
  count as written (`summary.op_count`) beside the count as TileAS sees the lowered loop
  (`summary.op_count_lowered`) when the document has it.
- Triton's stages: `loop.stage` attributes on the body's ops (per op, compared with ours),
  `// CHECK... loop.stage = N` lines belonging to the function, the loop's `tt.num_stages` and
  `tt.scheduled_max_stage`. A loop's *stated* stage count is the first of: its ops' `loop.stage`,
  `tt.scheduled_max_stage` + 1, the function's CHECK lines (only for the function's one innermost
  loop), `tt.num_stages`; ours is equal to it, or within one stage.
- per loop, the figures a kernel engineer looks at: whether it holds a load (TMA, global load or
  async copy into shared memory) or an MMA op, in its body or in the regions of its body's ops
  (those are at the stage of the body op that holds them); whether it got one stage (or was not
  scheduled); for a loop that loads and multiplies, whether a load is in an earlier stage than an
  MMA (a load of a later iteration in flight while the MMA runs).
- ops not modelled, by name (placeholder ops of `-allow-unregistered-dialect` tests, whose
  dialect is none of DIALECTS, apart), and loop ops in a body left as unknown ops.
- the file's `ttg.target` beside the model the document says it was scheduled on (`model`, a name
  or an object with `name`, on the document or on a block); "not reported" when it says none.
- rings: a block's `rings` (`value`, `kind`, `slots`, `proven`, `reason`) and the edges whose
  distance comes from a ring (`ring`); a loop with an unproven ring fell back to conservative
  edges, for the reason the ring gives.

  python3 bench/realir_bench.py [DIR...] [--tilesched build/bin/tilesched] [--out docs/benchmarks.md]
                                [--report FILE.md] [--no-write] [--yardstick] [-- EXTRA TILESCHED ARGS]

With no DIR it reads ../shared/benchmarks/real-ir/ and rewrites its section of docs/benchmarks.md;
with DIRs it writes only what --out / --report name. --yardstick prints, instead of a row per
file, the headline figures against the targets a real-kernel yardstick is held to (TARGETS), with
the failing files and the ops not modelled.
"""

import argparse
import collections
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

# Op classes by name, independent of the target model, so a model that misses an op shows as a miss.
GPU_CLASSES = ("tma", "mma", "tmem", "smem", "async-copy")
CLASSES = (
    ("tma", r"tt\.descriptor_(load|store|gather|scatter|reduce|prefetch)|tt\.experimental_descriptor_\w+|"
            r"ttng\.async_tma_(copy_global_to_local|copy_local_to_global|gather|scatter|reduce|prefetch)|"
            r"cuda_tile\.(load|store)_view_tko"),
    ("mma", r"tt\.dot(_scaled)?|ttng\.warp_group_dot|ttng\.dot_async|ttng\.tc_gen5_mma(_scaled)?|cuda_tile\.mma[fi]"),
    ("tmem", r"ttng\.tmem_(alloc|load|store|copy)"),
    ("smem", r"ttg\.local_(alloc|load|store|dealloc|gather|scatter)"),
    ("async-copy", r"ttg\.async_copy_global_to_local|amdg\.buffer_load_to_local|amdg\.async_copy_\w+"),
    ("sync", r"ttg\.async_(wait|commit_group)|ttng\.fence\w*|ttng\.(wait|arrive)_barrier(_named)?|"
             r"ttng\.(barrier_expect|init_barrier|inval_barrier)|ttng\.async_tma_store(_token)?_wait|"
             r"ttng\.(warp_group_)?dot_wait|ttng\.tc_gen5_commit|ttg\.barrier|gpu\.barrier|amdg\.async_\w*wait"),
    ("global", r"tt\.(load|store|atomic_rmw|atomic_cas)|cuda_tile\.(load|store)_ptr_tko|cuda_tile\.atomic_\w+"),
)
CLASS_RX = [(name, re.compile(rf"(?:{rx})$")) for name, rx in CLASSES]
# Triton's 2024 spelling of its GPU dialects (renamed to ttg / ttng in Triton #5266).
SPELLING_2024 = (("triton_gpu.", "ttg."), ("triton_nvidia_gpu.", "ttng."))
# Loads: the ops of these classes that bring data from global memory (TMA copies, global loads,
# async copies into shared memory), not stores, reductions or prefetches.
LOAD_CLASSES = ("tma", "global", "async-copy")
LOADING = re.compile(r"load|gather|global_to_local")
# Ops of these dialects are the ones a target model is expected to know; other names are the
# placeholder ops of `-allow-unregistered-dialect` tests (`"use"`, `test.use`, `some.op`).
DIALECTS = {"tt", "ttg", "ttng", "tlx", "nvws", "amdg", "cuda_tile", "nv_tileas", "scf", "arith", "math", "gpu",
            "ub", "tensor", "llvm", "nvvm", "nvgpu"}
TARGET = re.compile(r'"?\b(?:ttg|triton_gpu)\.target"?\s*=\s*"([^"]*)"')
# Where the document gives the loop's op count as TileAS sees it after lowering (summary.op_count is
# the count as written).
LOWERED_COUNT = ("summary", "op_count_lowered")
ORDERING_FREE = {"data", "carried"}

STATEMENT = re.compile(
    r"^\s*(?:%[\w$.#-]+(?::\d+)?(?:\s*,\s*%[\w$.#-]+(?::\d+)?)*\s*=\s*)?(\"?)([A-Za-z_][\w$]*(?:\.[\w$]+)*)\1")
LOOP_OPS = {"scf.for", "scf.while", "cuda_tile.for", "cuda_tile.loop"}
STAGE_ATTR = re.compile(r"\bloop\.stage\s*=\s*(\d+)")
CLUSTER_ATTR = re.compile(r"\bloop\.cluster\s*=\s*(\d+)")
LABEL = re.compile(r"^\s*//\s*[\w-]*-LABEL\s*:")


def canonical(name: str) -> str:
    return next((new + name[len(old):] for old, new in SPELLING_2024 if name.startswith(old)), name)


def classify(name: str) -> Optional[str]:
    name = canonical(name)
    return next((cls for cls, rx in CLASS_RX if rx.match(name)), None)


def is_load(name: str) -> bool:
    return classify(name) in LOAD_CLASSES and LOADING.search(name) is not None


def is_dialect_op(name: str) -> bool:
    return canonical(name).split(".", 1)[0] in DIALECTS and "." in name


class TextOp:
    def __init__(self, line: int, col: int, name: str, node: bool, loop: int, carrier: Optional["TextOp"]):
        self.line, self.col, self.name, self.node, self.loop = line, col, name, node, loop
        # The body op whose regions hold this op (itself for a node; None when the text does not say).
        self.carrier = self if node else carrier
        self.cls = classify(name)
        self.stage: Optional[int] = None
        self.cluster: Optional[int] = None


def read_text(path: Path) -> Tuple[List[TextOp], Dict[int, dict]]:
    """The ops inside loop bodies (node = directly in a body) and, per loop line, its annotations
    and `parent`, the line of the loop whose body holds it (0: none)."""
    lines = path.read_text(errors="replace").split("\n")
    cuda_tile = any("cuda_tile." in line for line in lines)
    ops: List[TextOp] = []
    loops: Dict[int, dict] = {}
    # Open braces: (kind, loop line, bracket depth outside, carrier of the ops in it);
    # kind "loop" | "region" | "attr".
    stack: List[Tuple[str, int, int, Optional[TextOp]]] = []
    nest, prev_open, pending_loop = 0, False, 0
    current: Optional[TextOp] = None
    for number, raw in enumerate(lines, 1):
        code = code_of(raw)
        text = code.strip()
        if not text:
            continue
        closed: Optional[TextOp] = None  # the carrier of a region closed on this line (`} else {`)
        continued = prev_open or nest > 0 or text.startswith(("->", ":", "*", "{", "attributes"))
        if not continued:
            current, pending_loop = None, 0
            m = STATEMENT.match(raw)  # the raw line: code_of blanks a quoted generic name
            name = m.group(2) if m and not text.startswith("}") else ""
            if name and "." not in name and cuda_tile and name not in ("else", "default"):
                name = "cuda_tile." + name
            inner = next((s for s in reversed(stack) if s[0] != "attr"), None)
            in_loop = next((s[1] for s in reversed(stack) if s[0] == "loop"), 0)
            # An op of a registered dialect, or a placeholder op in generic form ("use1"(%c)): Triton's
            # tests stage those too, and its stated stage count counts them.
            if ("." in name or (m and m.group(1))) and in_loop:
                current = TextOp(number, len(code) - len(code.lstrip()) + 1, name, inner[0] == "loop", in_loop,
                                 inner[3])
                ops.append(current)
            if name in LOOP_OPS:
                pending_loop = number
                loops.setdefault(number, {"parent": in_loop})
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
                    carrier = current.carrier if current is not None else closed
                    stack.append(("loop", pending_loop, nest, None) if pending_loop else
                                 ("region", 0, nest, carrier))
                    pending_loop, nest = 0, 0
                else:
                    stack.append(("attr", 0, -1, None))
            elif ch == "}" and stack:
                kind, loop_line, outer, closed = stack.pop()
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


def model_name(node: dict) -> Optional[str]:
    """The target model a document or a block names: `model` as a name, or an object's `name`."""
    model = node.get("model")
    if isinstance(model, dict):
        model = model.get("name")
    return model if isinstance(model, str) and model else None


def loop_figures(ops: List[Tuple[str, Optional[int]]], stages: Optional[int]) -> dict:
    """A loop's load / MMA figures. ops: (name, stage) of the ops in its body and in the regions of
    its body's ops, each at the stage of the body op holding it (None: not placed); stages: its
    stage count, None when it was not scheduled."""
    loads = [stage for name, stage in ops if is_load(name)]
    mmas = [stage for name, stage in ops if classify(name) == "mma"]
    return {"loads": len(loads), "mmas": len(mmas), "one_stage": stages is None or stages <= 1,
            "overlap": any(load < mma for load in loads if load is not None for mma in mmas if mma is not None)}


def stated_stages(loop: dict, check: Optional[int], sole: bool) -> Tuple[Optional[int], str]:
    """Triton's stated stage count of a loop and where it is stated (module docstring); sole: the loop
    is its function's one innermost loop, which the function's CHECK lines describe."""
    if loop.get("attr_stages") is not None:
        return loop["attr_stages"], "loop.stage"
    if "tt.scheduled_max_stage" in loop:
        return loop["tt.scheduled_max_stage"] + 1, "tt.scheduled_max_stage"
    if check is not None and sole:
        return check, "CHECK"
    if "tt.num_stages" in loop:
        return loop["tt.num_stages"], "tt.num_stages"
    return None, ""


def ring_figures(block: Optional[dict]) -> dict:
    """The block's rings, the edges whose distance a ring gives, and why rings fell back."""
    rings = (block or {}).get("rings", [])
    return {"rings": len(rings), "proven": sum(1 for r in rings if r.get("proven")),
            "ring_edges": sum(1 for e in (block or {}).get("edges", []) if "ring" in e),
            "fallback": [r.get("reason") or "no reason given" for r in rings if not r.get("proven")]}


def measure(tool: Path, path: Path, extra: List[str]) -> dict:
    return measure_doc(path, *run_tool(tool, path, extra))


def measure_doc(path: Path, doc: Optional[dict], code: int, problem: str) -> dict:
    """Everything the bench says about one file, from its text and its document."""
    ops, loops = read_text(path)
    res = {"file": path, "exit": code, "problem": problem, "blocks": [], "errors": [], "warnings": 0,
           "models": [], "unmodelled": collections.Counter(), "loop_ops": collections.Counter()}
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
                if not op.get("modelled"):
                    res["unmodelled"][op["name"]] += 1
                if op["name"] in LOOP_OPS:
                    res["loop_ops"]["unknown" if not op.get("modelled") else "modelled"] += 1
        named = sorted({m for m in map(model_name, res["blocks"]) if m})
        res["models"] = named or [m for m in [model_name(doc)] if m]
    text = [line for line in path.read_text(errors="replace").split("\n") if not line.lstrip().startswith("//")]
    res["target"] = next((m.group(1) for line in text for m in [TARGET.search(line)] if m), None)
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
    # Per loop (block line = the loop's line): Triton's stages beside ours, loads and MMAs, rings.
    res["loops"] = []
    function = path.stem.split("__", 1)[1].split("__line")[0] if "__" in path.stem else ""
    stated = check_stages(path, function)
    res["check_stages"] = max(stated) + 1 if stated else None
    innermost = [line for line in loops if not any(info["parent"] == line for info in loops.values())]
    for line in sorted(loops):
        info = dict(loops[line], line=line)
        staged = [op for op in ops if op.loop == line and op.node and op.stage is not None]
        block = next((b for b in res["blocks"] if b["line"] == line), None)
        agree = 0
        for op in staged:
            hit = by_pos.get((op.line, op.col))
            agree += bool(hit and hit[1].get("stage") is not None and hit[1]["stage"] == op.stage)
        info["attr_stages"] = max(op.stage for op in staged) + 1 if staged else None
        info["staged_ops"], info["agree"] = len(staged), agree
        info["ours"] = block["stage_count"] if block and block["status"] != "failed" else None
        # Triton's own count for our schedule: the highest stage an op starts in, + 1 (seed 001's
        # stage count also counts the stages the last op's latency runs into).
        info["ours_start"] = (max(op.get("stage") or 0 for op in block["ops"]) + 1
                              if info["ours"] is not None and block["ops"] else info["ours"])
        info["stated"], info["stated_from"] = stated_stages(info, res["check_stages"], innermost == [line])
        carried = [(op.name, by_pos.get((op.carrier.line, op.carrier.col), ({}, {}))[1].get("stage")
                    if op.carrier else None) for op in ops if op.loop == line and op.cls]
        info.update(loop_figures(carried, info["ours"]), **ring_figures(block))
        res["loops"].append(info)
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
    for t in r["loops"]:
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


def loop_text(t: dict) -> Tuple[str, str, str, str]:
    """A loop's loads and MMAs, whether a load runs ahead of an MMA, its stated stage count beside
    ours, and its rings."""
    ahead = ("yes" if t["overlap"] else "no") if t["loads"] and t["mmas"] else "-"
    stated = "-"
    if t["stated"] is not None:
        verdict = "=" if t["ours"] == t["stated"] else \
            "±1" if t["ours"] is not None and abs(t["ours"] - t["stated"]) <= 1 else "≠"
        stated = f"{t['stated']} ({t['stated_from']}) {verdict}"
    rings = "-"
    if t["rings"]:
        rings = f"{t['proven']}/{t['rings']} proven, {t['ring_edges']} edges" + \
            "".join(f" (fell back: {why})" for why in t["fallback"])
    return f"{t['loads']}, {t['mmas']}", ahead, stated, rings


def model_text(r: dict) -> str:
    return ", ".join(r["models"]) or "not reported"


def row_of(r: dict, root: Path) -> List[str]:
    c = r["counts"]
    gpu = sum(c[k] for k in GPU_CLASSES)
    gpu_ok = sum(c[f"{k}:modelled"] for k in GPU_CLASSES)
    placed = [b for b in r["blocks"] if b["status"] != "failed"]
    per_loop = list(zip(*map(loop_text, r["loops"]))) or [()] * 4
    return [
        str(r["file"].relative_to(root)),
        parsed_text(r),
        ratio(gpu_ok, gpu),
        ratio(c["sync:tied"], c["sync"]),
        "; ".join(generator_text(b) for b in r["blocks"]) or "-",
        "; ".join(str(b["ii"]) for b in placed) or "-",
        "; ".join(str(b["stage_count"]) for b in placed) or "-",
        triton_text(r),
        *("; ".join(cells) or "-" for cells in per_loop),
        model_text(r) + (f" ({r['target']})" if r["target"] else ""),
    ]


HEADER = ["file", "parsed (errors)", "GPU ops modelled", "sync ops tied", "generator (why)", "II", "stages",
          "Triton's stages", "loads, MMAs", "load ahead of MMA", "stated stages (vs ours)", "rings",
          "model (target)"]


def failure_of(r: dict) -> Optional[str]:
    """Why a file fails: no document, an error diagnostic or an exit status other than 0 (None: it does not)."""
    if r["problem"]:
        return f"exit {r['exit']}, no document: {r['problem']}"
    if r["errors"]:
        return f"exit {r['exit']}, {r['errors'][0]}"
    return f"exit {r['exit']}" if r["exit"] != 0 else None


def figures(results: List[dict]) -> dict:
    """The per-loop and per-file figures summed over a run."""
    loops = [t for r in results for t in r["loops"]]
    memory = [t for t in loops if t["loads"] or t["mmas"]]
    both = [t for t in memory if t["loads"] and t["mmas"]]
    stated = [t for t in loops if t["stated"] is not None]
    blocks = [b for r in results for b in r["blocks"]]
    unmodelled, loop_ops = collections.Counter(), collections.Counter()
    targets: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        unmodelled.update(r["unmodelled"])
        loop_ops.update(r["loop_ops"])
        if r["target"]:
            targets[r["target"]][model_text(r)] += 1
    lowered = [(b["summary"]["op_count"], b[LOWERED_COUNT[0]][LOWERED_COUNT[1]],
                (b.get("selection") or {}).get("serial_threshold")) for b in blocks
               if LOWERED_COUNT[1] in b.get(LOWERED_COUNT[0], {})]
    return {
        "files": len(results), "loops": len(loops), "blocks": len(blocks),
        "failing": [(r, failure_of(r)) for r in results if failure_of(r)],
        "memory": len(memory), "one_stage": sum(t["one_stage"] for t in memory),
        "unplaced": sum(t["ours"] is None for t in memory),
        "both": len(both), "overlap": sum(t["overlap"] for t in both),
        "stated": len(stated), "stated_from": collections.Counter(t["stated_from"] for t in stated),
        "equal": sum(t["ours"] == t["stated"] for t in stated),
        "within_one": sum(t["ours"] is not None and abs(t["ours"] - t["stated"]) <= 1 for t in stated),
        "equal_start": sum(t["ours_start"] == t["stated"] for t in stated),
        "within_one_start": sum(t["ours_start"] is not None and abs(t["ours_start"] - t["stated"]) <= 1
                                for t in stated),
        "unmodelled": collections.Counter({k: v for k, v in unmodelled.items() if is_dialect_op(k)}),
        "placeholders": collections.Counter({k: v for k, v in unmodelled.items() if not is_dialect_op(k)}),
        "loop_ops": sum(loop_ops.values()), "unknown_loops": loop_ops["unknown"],
        "targets": dict(sorted(targets.items())),
        "rings": sum(t["rings"] for t in loops), "proven": sum(t["proven"] for t in loops),
        "ring_loops": sum(1 for t in loops if t["rings"]), "ring_edges": sum(t["ring_edges"] for t in loops),
        "fallback": sum(1 for t in loops if t["fallback"]),
        "fallback_reasons": collections.Counter(why for t in loops for why in t["fallback"]),
        "rules": collections.Counter((b.get("selection") or {}).get("rule", "not reported") for b in blocks
                                     if b["generator"] == "serial"),
        "lowered": lowered,
    }


def pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100.0 * a / b:.1f} %)" if b else "0/0"


def counted(counter: collections.Counter) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))) or "none"


def loop_lines(f: dict) -> List[str]:
    """The loop figures, in words (the real-IR section's totals and the yardstick's detail)."""
    selection = ""
    if f["lowered"]:
        written = sum(w for w, _, _ in f["lowered"])
        seen = sum(s for _, s, _ in f["lowered"])
        crossed = sum(1 for w, s, t in f["lowered"] if t is not None and w < t <= s)
        selection = (f"; op counts reported for {len(f['lowered'])} blocks: {written} ops as written, {seen} as "
                     f"TileAS sees them; under the serial threshold only as written: {crossed}")
    return [
        f"- files failing (exit status not 0, an error diagnostic or no document): {len(f['failing'])}" +
        "".join(f"\n  - {r['file'].name}: {why}" for r, why in f["failing"]),
        f"- loops with a load or MMA op: {f['memory']}; at one stage or not scheduled: "
        f"{pct(f['one_stage'], f['memory'])} (not scheduled: {f['unplaced']})",
        f"- loops that load and multiply: {f['both']}; a load in an earlier stage than an MMA: "
        f"{pct(f['overlap'], f['both'])}",
        f"- loops whose stage count Triton states: {f['stated']} (" + counted(f["stated_from"]) +
        f"); ours equal: {pct(f['equal'], f['stated'])}; within one stage: {pct(f['within_one'], f['stated'])}; "
        f"counted as Triton counts (the highest stage an op starts in, + 1): equal {pct(f['equal_start'], f['stated'])}, "
        f"within one {pct(f['within_one_start'], f['stated'])}",
        f"- dialect ops not modelled: {sum(f['unmodelled'].values())} ({counted(f['unmodelled'])}); "
        f"placeholder ops of unregistered dialects: {sum(f['placeholders'].values())} ({counted(f['placeholders'])})",
        f"- loop ops in loop bodies: {f['loop_ops']}; left as unknown ops (not modelled): {f['unknown_loops']}",
        "- files by `ttg.target` and the model the document names: " +
        ("; ".join(f"{t}: {counted(models)}" for t, models in f["targets"].items()) or "no target in the text"),
        f"- rings: {f['rings']} in {f['ring_loops']} loops ({f['proven']} proven), edges at a ring's distance: "
        f"{f['ring_edges']}; loops that fell back to conservative edges: {f['fallback']}" +
        (f" ({counted(f['fallback_reasons'])})" if f["fallback"] else ""),
        f"- serial blocks by rule: {counted(f['rules'])}" + selection,
    ]


# The targets a real-kernel yardstick is held to, as fractions so that they read on any set (the
# kept-back set of 84 loops whose stage count Triton states gives them as 25/84 and 65/84).
TARGETS = {"one_stage": (12, 100), "overlap": (85, 100), "equal": (25, 84), "within_one": (65, 84)}


def headline(f: dict) -> List[str]:
    """The headline figures against TARGETS, each MET, NOT MET or n/a (no loop of the kind)."""
    def line(label: str, shown: str, target: str, ok: Optional[bool]) -> str:
        return f"- {label}: {shown} (target {target}): {'n/a' if ok is None else 'MET' if ok else 'NOT MET'}"

    def share(key: str, of: str, most: bool) -> Tuple[str, Optional[bool]]:
        """The figure against its target (at most / at least the target's fraction of loops)."""
        num, den = TARGETS[key]
        target = f"{num} %" if den == 100 else f"{num}/{den} = {100.0 * num / den:.1f} %"
        if not f[of]:
            return ("≤ " if most else "≥ ") + target, None
        if most:
            return "≤ " + target, f[key] * den <= num * f[of]
        return "≥ " + target, f[key] * den >= num * f[of]
    hopper = sum(n for model, n in f["targets"].get("cuda:90", {}).items() if model == "hopper")
    sm90 = sum(f["targets"].get("cuda:90", {}).values())
    unmodelled = sum(f["unmodelled"].values())
    return [
        f"Yardstick: {f['files']} files, {f['loops']} loops, {f['blocks']} blocks",
        line("valid files failing", str(len(f["failing"])), "0", not f["failing"]),
        line("loops with a load or MMA op at one stage (or not scheduled)", pct(f["one_stage"], f["memory"]),
             *share("one_stage", "memory", True)),
        line("loops that load and multiply with a load in an earlier stage than an MMA",
             pct(f["overlap"], f["both"]), *share("overlap", "both", False)),
        line("Triton's stated stage count equalled", pct(f["equal"], f["stated"]), *share("equal", "stated", False)),
        line("Triton's stated stage count within one stage", pct(f["within_one"], f["stated"]),
             *share("within_one", "stated", False)),
        line("dialect ops not modelled", f"{unmodelled} instances of {len(f['unmodelled'])} ops", "0",
             unmodelled == 0),
        line("loop ops left as unknown ops", str(f["unknown_loops"]), "0", f["unknown_loops"] == 0),
        line("cuda:90 files on the Hopper model", f"{hopper}/{sm90}", "all", hopper == sm90 if sm90 else None),
    ]


def totals_of(results: List[dict]) -> List[str]:
    c = collections.Counter()
    for r in results:
        c.update(r["counts"])
    n = len(results)
    clean = sum(1 for r in results if not r["errors"] and not r["problem"])
    scheduled = sum(1 for r in results if not r["errors"] and not r["problem"] and r["blocks"]
                    and all(b["status"] != "failed" for b in r["blocks"]))
    blocks = [b for r in results for b in r["blocks"]]
    loops = sum(len(r["loops"]) for r in results)
    gens = collections.Counter(b["generator"] for b in blocks)
    gpu = sum(c[k] for k in GPU_CLASSES)
    gpu_ok = sum(c[f"{k}:modelled"] for k in GPU_CLASSES)
    staged = [t for r in results for t in r["loops"] if t["staged_ops"]]
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
    return out + loop_lines(figures(results))


def revision() -> str:
    git = ["git", "-C", str(REPO)]
    commit = subprocess.run(git + ["rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(git + ["status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    return f"commit {commit}{' + local changes' if dirty else ''}"


def markdown(results: List[dict], roots: List[Path], command: str, yardstick: bool) -> str:
    lines = [f"Measured at {revision()}, with `{command}`.", ""]
    lines += headline(figures(results)) + [""] if yardstick else []
    lines += totals_of(results)
    lines += ["", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for r in results:
        root = next(p for p in roots if p in r["file"].parents)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row_of(r, root)) + " |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, body: str) -> None:
    text = path.read_text()
    section = (f"{BEGIN}\n## Real Triton and CUDA Tile loops\n\n"
               "`bench/realir_bench.py` on the public sample `../shared/benchmarks/real-ir/` (15 loop-bearing "
               "functions cut from Triton's, the Triton fork's and cuda-tile's tests), default options. Counts are the "
               "script's own reading of the text (op classes by name, ops that are nodes of a loop body); "
               "\"modelled\" (the op's `modelled` in the JSON document: resources from the target model, not the "
               "unknown-op default) and edges come from the document. *Sync ops tied*: wait / fence / barrier / "
               "commit ops with an edge of an ordering kind (not `data` or `carried`). *Triton's stages*: the stage "
               "count its `loop.stage` attributes give (and how many of those ops tilesched puts at the same stage), "
               "`tt.scheduled_max_stage` + 1, `tt.num_stages`, and the highest `loop.stage` + 1 in the function's "
               "CHECK lines; *stated stages*: the first of those that applies to the loop (CHECK lines only for the "
               "function's one innermost loop, `tt.num_stages` last), equal (=) to ours, within one stage (±1) or "
               "not (≠). Per loop: *loads, MMAs*: its TMA copies, global loads and async copies into shared memory, "
               "and its MMA ops, in its body or in the regions of its body's ops (at the stage of the body op holding "
               "them); *load ahead of MMA*: for a loop with both, whether some load is in an earlier stage than some "
               "MMA, i.e. a load of a later iteration is in flight while the MMA runs; *rings*: the block's `rings` "
               "that were proven and the edges whose distance comes from a ring, and why a ring fell back to "
               "conservative edges. *Model (target)*: the model the document says it scheduled on, beside the "
               "module's `ttg.target`. A file *fails* when it exits with a status other than 0, has an error "
               "diagnostic or gives no document.\n\n"
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
    ap.add_argument("--yardstick", action="store_true",
                    help="print the headline figures against the yardstick's targets instead of a row per file")
    args = ap.parse_args(argv)
    # The public sample, wherever this checkout sits (a worktree names it explicitly).
    default = all(d.resolve().parts[-3:] == DEFAULT_DIR.parts[-3:] for d in args.dirs)
    roots = [p.resolve() for p in (args.dirs or [DEFAULT_DIR])]
    files = sorted(f for root in roots for f in root.rglob("*.mlir"))
    if not files:
        print(f"realir_bench: no .mlir files under {', '.join(map(str, roots))}", file=sys.stderr)
        return 2
    results = [measure(args.tilesched, f, extra) for f in files]
    if args.yardstick:
        print("\n".join(headline(figures(results)) + loop_lines(figures(results))))
    else:
        for r in results:
            root = next(p for p in roots if p in r["file"].parents)
            print("  ".join(row_of(r, root)))
        print("\n".join(totals_of(results)))
    shown = ["python3 bench/realir_bench.py"] + ([] if default else [str(d) for d in args.dirs]) + \
        (["--yardstick"] if args.yardstick else []) + (["--", *extra] if extra else [])
    body = markdown(results, roots, " ".join(shown), args.yardstick)
    if args.no_write:
        return 0
    if args.report:
        args.report.write_text(body)
    out = args.out or (REPO / "docs" / "benchmarks.md" if default and not args.yardstick else None)
    if out:
        write_section(out, body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
