#!/usr/bin/env python3
"""tilesched on the loops the Triton fork's modulo scheduler published (facebookexperimental/triton,
third_party/tlx/tools/sched2tlx/examples/*/schedule_graph.json; the files' loops are kept unchanged
under bench/peer/ with their source URL and commit).

  python3 bench/peer_bench.py --tilesched build/bin/tilesched            # print the table
  python3 bench/peer_bench.py --tilesched build/bin/tilesched --write-doc  # and docs/benchmarks.md
  python3 bench/peer_bench.py --tilesched build/bin/tilesched --check-doc  # exit 1 if the doc differs

Each loop becomes one tilesched problem, the fork's own numbers and nothing else (SCHEMA.md beside
the examples):
  * every graph node is an op `peer.<kind>` (no target-model entry applies), its dependences are
    `sched.deps` edges with the edge's latency and distance (parallel edges with the same ends and
    distance keep the largest latency), `sched.latency = 0`, so an op's stage is busy for its
    reservation only, and stages count start cycles as the fork does;
  * the reservation table is the fork's: one unit per pipeline (pools `pipe_tma`, `pipe_tc`,
    `pipe_cuda`, `pipe_sfu` of capacity 1), an op holding its pipeline for max(self_latency, 1)
    consecutive cycles; NONE ops hold nothing (ModuloReservationTable.cpp).
The fork's schedule is checked by pinning its cycles (`--check`), the fork's II on the loop.
SMEM is the fork's buffer-depth rule (ModuloSchedulePass.cpp, computeBufferCount) applied to each
schedule: a buffer produced in the loop needs floor(lifetime / II) + 1 copies, lifetime from the
issue of the TMA load that fills it (or its producer) to the end (cycle + latency, plus distance x
II) of its last consumer, seen through NONE zero-latency views; with its paired mbarrier.
"""
import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PEER = REPO / "bench" / "peer"
DOC = REPO / "docs" / "benchmarks.md"
BEGIN, END = "<!-- peer-bench:begin -->", "<!-- peer-bench:end -->"
PIPES = {"TMA": "pipe_tma", "TC": "pipe_tc", "CUDA": "pipe_cuda", "SFU": "pipe_sfu"}


def loops():
    """(case, kernel, loop) for every loop of every stored file, in file-name order."""
    for path in sorted(PEER.glob("*.json")):
        doc = json.loads(path.read_text())
        for entry in doc["loops"]:
            yield path.stem, doc, entry["schedule_loop"]


def edges_of(loop):
    merged = {}
    for e in loop["graph"]["edges"]:
        key = (e["src"], e["dst"], e["distance"])
        merged[key] = max(merged.get(key, e["latency"]), e["latency"])
    return merged


def snippet(name, loop, pin=False):
    """The loop as a sched.* snippet; `pin`: with the fork's cycles as nv_tile.aws pins."""
    nodes = loop["graph"]["nodes"]
    deps = {n["id"]: [] for n in nodes}
    for (src, dst, dist), lat in sorted(edges_of(loop).items()):
        deps[dst].append(f'["@n{src}", {lat}, {dist}]')
    ii = loop["II"]
    rank = {}
    if pin:
        by_stage = sorted(nodes, key=lambda n: (n["schedule"]["cycle"] // ii, n["schedule"]["cycle"], n["id"]))
        for n in by_stage:
            stage = n["schedule"]["cycle"] // ii
            rank[n["id"]] = (stage, sum(1 for m in rank.values() if m[0] == stage))
    pools = ", ".join(f"{p} = 1 : i32" for p in PIPES.values())
    out = [f"// {name}: converted by bench/peer_bench.py from the Triton fork's schedule graph",
           f"module attributes {{sched.pools = {{{pools}}}}} {{",
           f"  func.func @{re.sub(r'[^A-Za-z0-9_]', '_', name)}(%n: index) {{",
           "    %c0 = arith.constant 0 : index", "    %c1 = arith.constant 1 : index",
           "    scf.for %i = %c0 to %n step %c1 {"]
    for n in nodes:
        pipe = PIPES.get(n["pipeline"])
        rows = max(n["self_latency"], 1) if pipe else 0
        footprint = "[" + ", ".join([f'["{pipe}"]'] * rows) + "]"
        attrs = [f'sched.label = "n{n["id"]}"', "sched.latency = 0 : i32", f"sched.footprint = {footprint}"]
        if deps[n["id"]]:
            attrs.append("sched.deps = [" + ", ".join(deps[n["id"]]) + "]")
        if pin:
            stage, order = rank[n["id"]]
            attrs += [f"nv_tile.aws.stage = {stage} : i32", f"nv_tile.aws.order = {order} : i32",
                      f'nv_tile.aws.cycle = {n["schedule"]["cycle"]} : i32']
        kind = re.sub(r"[^A-Za-z0-9_]", "_", n["op_kind"])
        out.append(f'      "peer.{kind}"() {{{", ".join(attrs)}}} : () -> ()')
    out.append("    }" + (f" {{nv_tile.aws.ii = {ii} : i32}}" if pin else ""))
    out += ["    return", "  }", "}", ""]
    return "\n".join(out)


def smem_bytes(loop, cycle, ii):
    """SMEM of the buffers produced in the loop under the fork's depth rule, at these cycles."""
    nodes = {n["id"]: n for n in loop["graph"]["nodes"]}
    edges = loop["graph"]["edges"]
    buffers = {b["id"]: b for b in loop["buffers"]}

    def last_end(start, dist, seen):
        end = None
        for e in edges:
            if e["src"] != start or e["dst"] in seen:
                continue
            seen.add(e["dst"])
            c = nodes[e["dst"]]
            d = dist + e["distance"]
            if c["pipeline"] == "NONE" and c["latency"] == 0:
                sub = last_end(c["id"], d, seen)
                end = sub if end is None else max(end, sub) if sub is not None else end
                continue
            here = cycle[c["id"]] + c["latency"] + d * ii
            end = here if end is None else max(end, here)
        return end

    total = 0
    for n in nodes.values():
        b = buffers.get(n.get("produces_buffer"))
        if b is None or b["kind"] != "smem":
            continue
        start = min([cycle[n["id"]]] + [cycle[e["src"]] for e in edges
                                         if e["dst"] == n["id"] and nodes[e["src"]]["pipeline"] == "TMA"])
        end = last_end(n["id"], 0, {n["id"]})
        count = max((max(end if end is not None else cycle[n["id"]], cycle[n["id"]]) - start) // ii + 1, 1)
        barrier = buffers.get(b.get("paired_buffer_id"))
        total += count * (b["size_bytes"] + (barrier["size_bytes"] if barrier else 0))
    return total


def run(tool, text, *args):
    t0 = time.perf_counter()
    p = subprocess.run([tool, "-", *args], input=text, capture_output=True, text=True)
    ms = (time.perf_counter() - t0) * 1000
    return p, ms


def measure(tool):
    rows = []
    for case, doc, loop in loops():
        name = f"{case}/loop{loop['id']}"
        text = snippet(name, loop)
        p, ms = run(tool, text, "--generator=cost-based", "--emit=json")
        block = json.loads(p.stdout)["blocks"][0]
        seeds = json.loads(run(tool, text, "--generator=cost-based", "--emit=json", "--compaction-budget=0")[0]
                           .stdout)["blocks"][0]
        chk = json.loads(run(tool, snippet(name, loop, pin=True), "--check", "--emit=json")[0].stdout)["blocks"][0]
        ops = sorted(block["ops"], key=lambda o: o["id"])
        ours = {n["id"]: ops[i]["cycle"] for i, n in enumerate(loop["graph"]["nodes"])}
        fork = {n["id"]: n["schedule"]["cycle"] for n in loop["graph"]["nodes"]}
        violations = chk.get("violations", [])
        rows.append({
            "loop": name, "ops": len(loop["graph"]["nodes"]),
            "fork_ii": loop["II"], "fork_stages": loop["max_stage"] + 1,
            "ii": block["ii"], "ii_proven": block["optimality"]["status"] == "proven",
            "seed_stages": seeds["stage_count"], "stages": block["stage_count"],
            "stage_bound": block["optimality"]["stage_bound"], "stages_proven": block["optimality"]["stages_proven"],
            "fork_smem": smem_bytes(loop, fork, loop["II"]), "smem": smem_bytes(loop, ours, block["ii"]),
            "ms": ms, "fork_status": chk["status"],
            "fork_violations": sorted({v["kind"] for v in violations}),
            "fork_violation": violations[0]["message"] if violations else "",
        })
    return rows


def section(rows):
    n = len(rows)
    proven = sum(r["stages_proven"] for r in rows)
    lines = [BEGIN, "## The Triton fork's published loops", "",
             f"`bench/peer_bench.py` converts the {n} loops of the schedule graphs the Triton fork's modulo scheduler "
             "published (`facebookexperimental/triton`, `third_party/tlx/tools/sched2tlx/examples/*/schedule_graph.json`, "
             "stored under `bench/peer/` with their source URL and commit) into tilesched problems: the fork's dependence "
             "graph and latencies as `sched.deps`, its one-unit-per-pipeline reservation table as pools, an op holding its "
             "pipeline for its `self_latency`. *Fork*: the II and stages (`max_stage` + 1) it published; *seeds*: tilesched's "
             "stages at its II with `--compaction-budget=0`; *stages*: with the default stage compaction; *fewest*: the "
             "stage bound the compaction proves (✓: proven, the schedule has that many). *SMEM*: the loop's rings under the "
             "fork's depth rule (floor(lifetime / II) + 1 copies, with their mbarriers) for the fork's schedule and "
             "tilesched's. *Fork checked*: tilesched's checker on the fork's own cycles. Time: one tilesched run, default "
             "options, wall clock.", "",
             f"- II equal to the fork's: {sum(r['ii'] == r['fork_ii'] for r in rows)}/{n}; below it: "
             f"{sum(r['ii'] < r['fork_ii'] for r in rows)}/{n}; above it: {sum(r['ii'] > r['fork_ii'] for r in rows)}/{n}; "
             f"II proven optimal: {sum(r['ii_proven'] for r in rows)}/{n}",
             f"- stages proven the fewest at tilesched's II: {proven}/{n}; fewer stages than the seeds' schedule: "
             f"{sum(r['stages'] < r['seed_stages'] for r in rows)}/{n}; "
             f"stages at most the fork's: {sum(r['stages'] <= r['fork_stages'] for r in rows)}/{n}",
             f"- SMEM at most the fork's: {sum(r['smem'] <= r['fork_smem'] for r in rows)}/{n}",
             f"- fork schedules tilesched's checker rejects: {sum(r['fork_status'] != 'checked' for r in rows)}/{n}", "",
             "| loop | ops | fork II | fork stages | II | seeds' stages | stages | fewest | fork SMEM (B) | SMEM (B) | time | fork checked |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        checked = "yes" if r["fork_status"] == "checked" else "no: " + ", ".join(r["fork_violations"])
        lines.append(f"| {r['loop']} | {r['ops']} | {r['fork_ii']} | {r['fork_stages']} | {r['ii']}"
                     f"{' ✓' if r['ii_proven'] else ''} | {r['seed_stages']} | {r['stages']} | {r['stage_bound']}"
                     f"{' ✓' if r['stages_proven'] else ''} | {r['fork_smem']} | {r['smem']} | {r['ms']:.0f} ms | {checked} |")
    rejected = [r for r in rows if r["fork_status"] != "checked"]
    if rejected:
        lines += ["", "Why the checker rejects the fork's schedules (the first violation of each):", ""]
        lines += [f"- {r['loop']}: {r['fork_violation']}" for r in rejected]
    lines.append(END)
    return "\n".join(lines)


def without_times(text):
    return re.sub(r"\| \d+ ms \|", "| - |", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tilesched", default=str(REPO / "build" / "bin" / "tilesched"))
    ap.add_argument("--write-doc", action="store_true", help="replace the section in docs/benchmarks.md")
    ap.add_argument("--check-doc", action="store_true", help="exit 1 when the section differs (times aside)")
    ap.add_argument("--snippet", metavar="LOOP", help="print the snippet of one loop (case/loopN) and exit")
    args = ap.parse_args()
    if args.snippet:
        for case, _, loop in loops():
            if f"{case}/loop{loop['id']}" == args.snippet:
                print(snippet(args.snippet, loop), end="")
                return 0
        print(f"no loop {args.snippet}", file=sys.stderr)
        return 2
    text = section(measure(args.tilesched))
    print(text)
    doc = DOC.read_text()
    if args.check_doc:
        if BEGIN not in doc:
            print(f"{DOC} has no {BEGIN} section", file=sys.stderr)
            return 1
        current = doc[doc.index(BEGIN):doc.index(END) + len(END)]
        if without_times(current) != without_times(text):
            print("docs/benchmarks.md's peer section is not what bench/peer_bench.py writes; rerun it with --write-doc",
                  file=sys.stderr)
            return 1
    if args.write_doc:
        if BEGIN in doc:
            doc = doc[:doc.index(BEGIN)] + text + doc[doc.index(END) + len(END):]
        else:
            doc = doc.rstrip("\n") + "\n\n" + text + "\n"
        DOC.write_text(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
