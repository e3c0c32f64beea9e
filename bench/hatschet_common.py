"""Shared by bench/hatschet_verify.py and bench/hatschet_bench.py (stdlib only).

Reads HatScheT's GraphML + resource-model XML directly (never through tilesched's importer), runs
`tilesched import-hatschet` and `tilesched -` as whole processes, and checks a schedule against
HatScheT's own constraints (SPEC §3.1, benchmarks/hatschet/README.md):
  edge i->j:  S[j] + distance*II >= S[i] + latency(resource(i)) + delay
  resource r with limit L >= 1 and blockingTime b >= 1: at most L ops hold r in each modulo slot,
  an op issued at S holding slots S, S+1, ..., S+b-1 (mod II).
"""

import json
import os
import re
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

SUITES = ("ChStone", "origami")


@dataclass
class Loop:
    suite: str          # ChStone | origami
    name: str           # "adpcm/graph10" or "fir_GM"
    graph: Path
    model: Path

    @property
    def instance(self) -> str:
        """The key of chstone-reference-ii.csv."""
        return f"{self.suite}_{self.name.replace('/', '_')}"


def find_loops(shared: Path, suites=SUITES) -> List[Loop]:
    root = shared / "benchmarks" / "hatschet"
    loops = []
    if "ChStone" in suites:
        for g in sorted((root / "ChStone").glob("*/*.graphml"), key=_natural):
            loops.append(Loop("ChStone", f"{g.parent.name}/{g.stem}", g,
                              g.with_name(g.stem + "_RM.xml")))
    if "origami" in suites:
        for g in sorted((root / "origami").glob("*.graphml"), key=_natural):
            loops.append(Loop("origami", g.stem, g, g.with_name(g.stem + "RM.xml")))
    return loops


def _natural(p: Path):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", str(p))]


# --- HatScheT files, read directly ----------------------------------------------------------

@dataclass
class HatschetLoop:
    resources: Dict[str, Tuple[int, int, int]]    # name -> (limit, latency, blockingTime)
    node_resource: Dict[str, str]                  # node id -> resource name
    edges: List[Tuple[str, str, int, int]]         # (src, dst, delay, distance)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _nospace(s: str) -> str:
    return "".join(s.split())


def read_hatschet(loop: Loop) -> HatschetLoop:
    resources = {}
    for el in ET.parse(loop.model).getroot().iter():
        if _local(el.tag) in ("Resource", "resource"):
            limit = el.get("limit")
            resources[_nospace(el.get("name"))] = (
                -1 if limit == "inf" else int(limit), int(el.get("latency")),
                int(el.get("blockingTime")))
    root = ET.parse(loop.graph).getroot()
    keys, defaults = {}, {}
    for el in root:
        if _local(el.tag) == "key":
            name = el.get("attr.name", el.get("id"))
            keys[el.get("id")] = name
            for d in el:
                if _local(d.tag) == "default":
                    defaults[name] = d.text
    graph = next(el for el in root if _local(el.tag) == "graph")

    def data(el):
        out = dict(defaults)
        for d in el:
            if _local(d.tag) == "data":
                out[keys.get(d.get("key"), d.get("key"))] = (d.text or "").strip()
        return out

    node_resource, edges = {}, []
    for el in graph:
        tag = _local(el.tag)
        if tag == "node" and el.get("id") != "modsched_info":
            node_resource[el.get("id")] = _nospace(data(el)["uses_resource"])
        elif tag == "edge":
            d = data(el)
            delay = d["delay"] if "delay" in d else d["latency"]
            dist = d["distance"] if "distance" in d else d["backward"]
            dist = {"true": "1", "false": "0"}.get(dist, dist)
            edges.append((el.get("source"), el.get("target"), int(delay), int(dist)))
    return HatschetLoop(resources, node_resource, edges)


def hatschet_violations(h: HatschetLoop, ii: int, start: Dict[str, int]) -> List[str]:
    """Every violated HatScheT constraint, as a sentence with the numbers."""
    if ii < 1:
        return [f"II {ii} is not a valid initiation interval"]
    out = [f"node {n} has no start time" for n in h.node_resource if n not in start]
    if out:
        return out
    for src, dst, delay, dist in h.edges:
        lat = h.resources[h.node_resource[src]][1]
        if start[dst] + dist * ii < start[src] + lat + delay:
            out.append(f"edge {src}->{dst}: S[{dst}] + {dist}*{ii} = {start[dst] + dist * ii} < "
                       f"S[{src}] + {lat} + {delay} = {start[src] + lat + delay}")
    held: Dict[Tuple[str, int], List[str]] = {}
    for node, res in h.node_resource.items():
        limit, _, blocking = h.resources[res]
        if limit >= 1:
            for k in range(blocking):
                held.setdefault((res, (start[node] + k) % ii), []).append(node)
    for (res, slot), nodes in sorted(held.items()):
        limit = h.resources[res][0]
        if len(nodes) > limit:
            out.append(f"resource {res} holds {len(nodes)} units in modulo slot {slot} "
                       f"(limit {limit}): nodes {', '.join(nodes)}")
    return out


# --- tilesched as whole processes -----------------------------------------------------------

@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str
    wall: float               # seconds, spawn to reap
    timed_out: bool = False


def run_process(argv: List[str], stdin_text: Optional[str] = None,
                timeout: float = 60.0) -> Run:
    """Runs argv to completion; wall time is spawn to reap of that one process."""
    with tempfile.TemporaryFile("w+") as fin, tempfile.TemporaryFile("w+") as fout, \
            tempfile.TemporaryFile("w+") as ferr:
        if stdin_text is not None:
            fin.write(stdin_text)
            fin.flush()
            fin.seek(0)
        begin = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=ferr)
        killed = []

        def kill():
            killed.append(True)
            try:
                os.kill(proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # it ended just now
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        proc.wait()
        timer.cancel()
        wall = time.perf_counter() - begin
        fout.seek(0)
        ferr.seek(0)
        return Run(proc.returncode, fout.read(), ferr.read(), wall, bool(killed))


def peak_rss_kb(argv: List[str], stdin_text: str, timeout: float = 60.0) -> Optional[int]:
    """Peak resident set of argv, measured by GNU time in a process of its own: the rusage of a
    child forked from this interpreter would include the interpreter's own pages (Linux keeps
    the high-water mark across exec). None when /usr/bin/time is missing."""
    if not Path("/usr/bin/time").exists():
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        run = run_process(["/usr/bin/time", "-f", "%M", "-o", report.name] + argv, stdin_text,
                          timeout)
        text = report.read().strip().splitlines()
        if run.timed_out or not text or not text[-1].isdigit():
            return None
        return int(text[-1])


def import_loop(tilesched: str, loop: Loop, timeout: float = 60.0) -> Run:
    return run_process([tilesched, "import-hatschet", str(loop.graph), str(loop.model)],
                       timeout=timeout)


def schedule_argv(tilesched: str, generator: str, extra: Optional[List[str]] = None) -> List[str]:
    return [tilesched, "-", "--emit=json", f"--generator={generator}"] + (extra or [])


_ID = re.compile(r'hls\.id = "((?:[^"\\]|\\.)*)"')


def node_ids_by_line(snippet: str) -> Dict[int, str]:
    """Snippet line -> GraphML node id, from the `hls.id` the importer writes on each op."""
    out = {}
    for number, line in enumerate(snippet.splitlines(), start=1):
        m = _ID.search(line)
        if m:
            out[number] = re.sub(r"\\(.)", r"\1", m.group(1))
    return out


@dataclass
class Outcome:
    """One loop through import, scheduling and HatScheT's verifier."""
    loop: Loop
    ops: int = 0
    status: str = "not run"   # scheduled | failed | import error | crashed | timeout | ...
    ii: int = 0
    mii: int = 0
    mii_parts: Dict[str, int] = field(default_factory=dict)
    optimality: str = "unknown"       # proven | bound | unknown (the JSON's optimality block)
    lower_bound: int = 0              # no schedule exists below it
    import_wall: float = 0.0
    wall: float = 0.0                 # median over the timed runs
    max_rss_kb: Optional[int] = None  # when measured
    violations: List[str] = field(default_factory=list)
    message: str = ""
    start: Dict[str, int] = field(default_factory=dict)  # GraphML node id -> start cycle

    @property
    def scheduled(self) -> bool:
        return self.status == "scheduled" and self.ii > 0


def run_loop(tilesched: str, loop: Loop, generator: str, timeout: float, repeat: int = 1,
             measure_rss: bool = False, extra: Optional[List[str]] = None) -> Outcome:
    """Import, schedule (`repeat` timed runs; the JSON of the first), verify; optionally one
    more run under GNU time for the peak RSS. `extra`: more command-line options."""
    out = Outcome(loop)
    imp = import_loop(tilesched, loop, timeout)
    out.import_wall = imp.wall
    if imp.exit_code != 0:
        out.status, out.message = "import error", imp.stderr.strip()[:500]
        return out
    snippet = imp.stdout
    argv = schedule_argv(tilesched, generator, extra)
    run = run_process(argv, snippet, timeout)
    walls = [run.wall]
    while len(walls) < repeat and not run.timed_out:
        walls.append(run_process(argv, snippet, timeout).wall)
    out.wall = statistics.median(walls)
    if measure_rss and not run.timed_out:
        out.max_rss_kb = peak_rss_kb(argv, snippet, timeout)
    if run.timed_out:
        out.status, out.message = "timeout", f"killed after {timeout:g} s"
        return out
    try:
        doc = json.loads(run.stdout)
    except json.JSONDecodeError:
        out.status = "crashed"
        out.message = f"exit {run.exit_code}, no JSON; stderr: {run.stderr.strip()[:300]}"
        return out
    errors = [d["message"] for d in doc.get("diagnostics", []) if d.get("severity") == "error"]
    blocks = doc.get("blocks", [])
    if len(blocks) != 1:
        out.status = "failed"
        out.message = f"{len(blocks)} blocks; " + "; ".join(errors)[:500]
        return out
    block = blocks[0]
    out.ops = len(block.get("ops", []))
    out.status = block.get("status", "?")
    out.ii = block.get("ii", 0)
    mii = block.get("mii") or {}
    out.mii_parts = {k: mii[k] for k in ("resource", "recurrence", "fine_density", "dependency")
                     if isinstance(mii.get(k), int)}
    out.mii = mii.get("lower_bound", max(out.mii_parts.values(), default=0))
    optimality = block.get("optimality") or {}
    out.optimality = optimality.get("status", "unknown")
    out.lower_bound = optimality.get("lower_bound", 0)
    if not out.scheduled:
        out.message = "; ".join(errors)[:500]
        return out
    ids = node_ids_by_line(snippet)
    start = {ids[op["line"]]: op["cycle"] for op in block["ops"] if op.get("line") in ids}
    out.violations = hatschet_violations(read_hatschet(loop), out.ii, start)
    out.start = start
    return out


def default_tilesched(repo: Path) -> str:
    for candidate in ("build/bin/tilesched", "build-hatschet/bin/tilesched"):
        if (repo / candidate).exists():
            return str(repo / candidate)
    return str(repo / "build/bin/tilesched")
