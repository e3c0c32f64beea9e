#!/usr/bin/env python3
"""The device run's record (bench/gpu/run.sh) and what is made from it.

  python3 gpu_results.py collect WORKDIR RESULTS.json   # on the device: merge the stages' outputs
  python3 gpu_results.py summary RESULTS.json           # one line per measurement
  python3 gpu_results.py extract DIR                    # DIR/*.pipeline.mlir (from a run's ir.tar.gz)
                                                        #   -> results/ir/NAME.mlir, the loop before the pipeliner
  python3 gpu_results.py examples                       # results/ir -> the examples/triton36-*.mlir
  python3 gpu_results.py table --tilesched build/bin/tilesched [--no-write]
                                                        # the measured-vs-estimate section of docs/benchmarks.md

The table reads the recorded runs (results/run*-results.json, in order: a kernel's first successful
record is the one shown, later ones are repeats) and runs tilesched on results/ir/NAME.mlir with
--model=hopper-measured (shape-aware costs) and the II search capped at a million seat probes.
tilesched's estimate of a loop's time is its II: cycles per iteration on the model.
"""

import argparse
import glob
import json
import math
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import calibrate

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RESULTS = HERE / "results"
IR_DIR = RESULTS / "ir"
DOC = REPO / "docs" / "benchmarks.md"
BEGIN, END = "<!-- gpu-measured:begin -->", "<!-- gpu-measured:end -->"
MODEL = "hopper-measured"
# The flattened persistent loop's II search runs for minutes at the default work budget under the
# measured model; at 100 000 seat probes it proves II 865 optimal in about a second, so the
# example (which the playground runs) states that budget.
RUN_BUDGET = {"triton36-hopper-persistent-tma-matmul": " --work-budget=100000"}
DUMP_HEADER = re.compile(r"^// -----// IR Dump (Before|After) (\S+)")
PRE_PIPELINER = "TritonGPUAssignLatencies"
# A million seat probes for the II search (a tenth of the default): the persistent loops' search
# under the measured model's long footprints runs for over ten minutes at the default today; the
# other loops are proven optimal well under the cap (docs/decisions.md, "Long footprints slow the search").
WORK_BUDGET = "--work-budget=1000000"
SMEM_PER_SM, REGS_PER_SM = 233472, 65536  # H100: 228 KiB of SMEM, 64 Ki registers per SM


def collect(work, dest):
    res = {"env": "", "micro": [], "micro_unparsed": [], "kernels": []}
    env = os.path.join(work, "env.txt")
    if os.path.exists(env):
        with open(env, errors="replace") as f:
            res["env"] = f.read()[-20000:]
    micro = os.path.join(work, "micro.jsonl")
    if os.path.exists(micro):
        with open(micro, errors="replace") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    res["micro"].append(json.loads(line))
                except ValueError:
                    res["micro_unparsed"].append(line[:500])
    err = os.path.join(work, "micro.err")
    if os.path.exists(err):
        with open(err, errors="replace") as f:
            res["micro_stderr"] = f.read()[-4000:]
    for path in sorted(glob.glob(os.path.join(work, "tt", "*.json"))):
        with open(path) as f:
            res["kernels"].append(json.load(f))
    tmp = dest + ".tmp"
    with open(tmp, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    os.replace(tmp, dest)


def summary(path):
    with open(path) as f:
        res = json.load(f)
    for m in res["micro"]:
        print("micro", json.dumps({k: v for k, v in m.items() if k != "method"}))
    for k in res["kernels"]:
        if k.get("ok"):
            print(f"kernel {k['name']}: {k['timing']['ms_median']:.4f} ms, {k['tflops']:.1f} TFLOP/s, "
                  f"{k['ns_per_iteration_busiest_sm']:.1f} ns/iter, clock {k['clock'].get('sm_mhz_median')} MHz, "
                  f"stages {k['compiled']['num_stages']}, err {k['check']['rel_l2_error']:.2e}")
        else:
            print(f"kernel {k['name']}: FAILED {k.get('error', '')[-300:]}")


def extract(src_dir, dest=IR_DIR):
    """Keeps, of each kernel's dump, the module as it was right before the pipeliner."""
    dest.mkdir(parents=True, exist_ok=True)
    for path in sorted(Path(src_dir).glob("*.pipeline.mlir")):
        name = path.name[: -len(".pipeline.mlir")]
        lines = path.read_text().split("\n")
        starts = [i for i, line in enumerate(lines) if DUMP_HEADER.match(line)] + [len(lines)]
        for a, b in zip(starts, starts[1:]):
            if DUMP_HEADER.match(lines[a]).group(2) == PRE_PIPELINER:
                (dest / f"{name}.mlir").write_text("\n".join(lines[a + 1:b]).strip("\n") + "\n")


def runs():
    return [json.loads(p.read_text()) for p in sorted(RESULTS.glob("run*-results.json"))]


def kernels(records):
    """name -> (the first successful record, the later successful ones), in kernel-table order."""
    out = {}
    for run in records:
        for k in run["kernels"]:
            if k.get("ok"):
                first, repeats = out.get(k["name"], (None, []))
                out[k["name"]] = (first, repeats + [k]) if first else (k, [])
    return out


# The gallery's examples made from the recorded loops: name -> (file, kernel, what it is).
EXAMPLES = {
    "triton36-hopper-matmul": ("mm_128x128x64_s3_w4", "03-matrix-multiplication tutorial kernel (pointer loads)"),
    "triton36-hopper-persistent-tma-matmul": ("tmapers_128x128x64_s3_w4",
                                              "09-persistent-matmul tutorial's TMA kernel (host tensor descriptors, "
                                              "persistent grid, tile and K loops flattened as the tutorial does on "
                                              "Hopper)"),
    "triton36-hopper-attention-forward": ("attn_d64_128x64_s3_w4",
                                          "06-fused-attention tutorial's forward pass (tensor descriptors, "
                                          "non-causal)"),
}


def params_text(k):
    p, s = k["params"], k["shape"]
    if k["family"] == "attention":
        return (f"HEAD_DIM {p['D']}, BLOCK_M {p['BM']}, BLOCK_N {p['BN']}, num_warps {p['warps']}, num_stages "
                f"{p['stages']}; Z {s['Z']}, H {s['H']}, N_CTX {s['N_CTX']}")
    extra = ", flatten" if p.get("flatten") else ""
    return (f"BLOCK {p['BM']}x{p['BN']}x{p['BK']}, GROUP_SIZE_M 8, num_warps {p['warps']}, num_stages "
            f"{p['stages']}{extra}; M = N = K = {s['M']}")


def example_text(example, record):
    kernel, what = EXAMPLES[example]
    about = (
        f"Triton {record['triton']} TTGIR for sm_90 (H100) as its software pipeliner receives it: the {what}, "
        f"f16, {params_text(record)}. Dumped on the device with MLIR_ENABLE_DUMP=1 (the \"IR Dump Before "
        f"{PRE_PIPELINER}\" section) while compiling kernel {kernel} of bench/gpu/triton_kernels.py: made by "
        "`bash bench/gpu/run.sh` as one device call, then `python3 bench/gpu/gpu_results.py extract DIR` and "
        f"`examples` (bench/gpu/README.md). Measured on the H100: {record['timing']['ms_median']:.4f} ms, "
        f"{record['tflops']:.0f} TFLOP/s; docs/benchmarks.md sets it beside tilesched's estimate.")
    run = f"Run: tilesched examples/{example}.mlir --model={MODEL}" + RUN_BUDGET.get(example, "")
    header = textwrap.wrap(about, 96, break_on_hyphens=False) + [run]
    return "".join(f"// {line}\n" for line in header) + (IR_DIR / f"{kernel}.mlir").read_text()


def write_examples():
    ks = kernels(runs())
    for example, (kernel, _) in EXAMPLES.items():
        (REPO / "examples" / f"{example}.mlir").write_text(example_text(example, ks[kernel][0]))


def ctas_per_sm(k):
    c = k["compiled"]
    threads = 32 * c["num_warps"]
    by_smem = SMEM_PER_SM // max(1, c["shared"] + 1024)  # 1 KiB per CTA is reserved by the system
    by_regs = REGS_PER_SM // (threads * c["n_regs"]) if c.get("n_regs") else by_smem
    return max(1, min(by_smem, by_regs, 32))


def with_num_stages(text, stages):
    """The module with `tt.num_stages` on its loops, as Triton's compile option gives its pipeliner
    (the dump before the pipeliner does not carry it)."""
    out = []
    for line in text.split("\n"):
        m = re.match(r"^(\s*)\} (loc\(#loc\d+\))$", line)
        out.append(f"{m.group(1)}}} {{tt.num_stages = {stages} : i32}} {m.group(2)}" if m else line)
    return "\n".join(out)


def schedule(tool, kernel, stages):
    """The estimate of the loop that holds the MMA ops (the one with the most, then the first):
    tilesched's schedule and Triton's (its num_stages), on the measured model at default options."""
    ir = with_num_stages((IR_DIR / f"{kernel}.mlir").read_text(), stages)
    out = subprocess.run([tool, "-", f"--model={MODEL}", "--generator=cost-based", "--emit=json"], input=ir,
                         capture_output=True, text=True, timeout=600)
    doc = json.loads(out.stdout)
    errors = [d for d in doc["diagnostics"] if d.get("severity") == "error"]
    if errors:
        raise RuntimeError(f"{kernel}: {errors[0]}")
    mma = re.compile(r"^(ttng\.warp_group_dot|tt\.dot)$")
    best = max(doc["blocks"], key=lambda b: sum(bool(mma.match(o["name"])) for o in b["ops"]))
    return {"ii": best["ii"], "stages": best["stage_count"], "generator": best["generator"],
            "estimate": best["estimate"], "smem": best["memory"]["smem_bytes"]}


def flops_per_iteration(k):
    p = k["params"]
    if k["family"] == "attention":
        return 4.0 * p["BM"] * p["BN"] * p["D"]
    return 2.0 * p["BM"] * p["BN"] * p["BK"]


# The loader of each matmul family's tiles: tutorial 03 loads through pointers (Triton's pipeliner
# makes them cp.async), the TMA kernels through tensor descriptors.
LOADER = {"matmul": "cpasync", "tma": "tma", "tma_persistent": "tma"}


def loads_alone(k, micro):
    """Cycles per iteration of the kernel's loads without its math: the bytes a step loads over the
    per-SM rate gemm_load_rate measured for the kernel's tiles, stages and CTAs per SM (None when
    that configuration was not measured)."""
    p = k["params"]
    want = dict(loader=LOADER.get(k["family"]), bm=p["BM"], bn=p["BN"], bk=p.get("BK"), stages=p["stages"],
                ctas_per_sm=ctas_per_sm(k), group_m=8)
    try:
        m = calibrate.pick(micro, "gemm_load_rate", **want)
    except KeyError:
        return None
    return m["bytes_per_step"] / m["bytes_per_cycle_per_sm"]


def mma_alone(k, micro):
    """Cycles per iteration of the loop's MMAs at the SM's measured wgmma rate (m64n128k16, A and B
    in SMEM, back to back; the SM's tensor cores are shared by its warpgroups and CTAs)."""
    wg = calibrate.pick(micro, "wgmma", shape="m64n128k16", a="shared", warpgroups=1)
    return flops_per_iteration(k) / wg["flop_per_cycle_per_sm"]


BOUND_KEYS = [("tensor", "tensor cores"), ("l2", "L2 -> SM"), ("hbm", "HBM"), ("alu", "elementwise"),
              ("chain", "one CTA's"), ("latency", "latency")]


def bound_cycles(est, prefix):
    for b in est["bounds"]:
        if b["what"].startswith(prefix):
            return (b["cycles"][0] + b["cycles"][1]) / 2
    return None


def rows(tool, records):
    """One row per recorded kernel. The estimate reads the kernel's IR and configuration (num_stages)
    only; its measured time is what the estimate is set beside."""
    out = []
    micro = calibrate.measurements()
    for name, (k, repeats) in kernels(records).items():
        s = schedule(tool, name, k["compiled"]["num_stages"])
        triton, ours = s["estimate"]["triton"], s["estimate"]["schedule"]
        lo, hi = triton["ns_per_iteration"]
        mid = (lo + hi) / 2
        out.append({
            "kernel": name, "ms": k["timing"]["ms_median"], "repeats": [r["timing"]["ms_median"] for r in repeats],
            "mhz": k["clock"]["sm_mhz_median"], "ns": k["ns_per_iteration_busiest_sm"], "lo": lo, "hi": hi, "mid": mid,
            "ratio": mid / k["ns_per_iteration_busiest_sm"], "width": (hi - lo) / 2 / mid, "bound": triton["bound"],
            "bounds": {key: bound_cycles(triton, prefix) for key, prefix in BOUND_KEYS},
            "ctas": triton["ctas_per_sm"], "triton_ctas": ctas_per_sm(k), "smem": triton["smem_per_cta"],
            "triton_smem": k["compiled"]["shared"], "regs": s["estimate"]["registers_per_thread"],
            "triton_regs": k["compiled"].get("n_regs"),
            "ours_ns": (ours["ns_per_iteration"][0] + ours["ns_per_iteration"][1]) / 2 if ours["ctas_per_sm"] else None,
            "ii": s["ii"], "generator": s["generator"], "triton_stages": k["compiled"]["num_stages"], "stages": s["stages"],
            "error": k["check"]["rel_l2_error"], "loads_alone": loads_alone(k, micro), "mma_alone": mma_alone(k, micro),
        })
    return out


def section(tool):
    records = runs()
    rs = rows(tool, records)
    device = records[0]["kernels"][0]["device"]["name"]
    lines = [
        BEGIN,
        f"## Measured on an H100: Triton {records[0]['kernels'][0]['triton']} kernels beside tilesched's estimate",
        "",
        f"Made by `python3 bench/gpu/gpu_results.py table` from the recorded device runs "
        f"(`bench/gpu/results/`, {device}, {records[0]['kernels'][0]['device']['sms']} SMs; "
        "bench/gpu/README.md says how they were made). **Measured**: median of 100 launches between CUDA "
        "events after 20 warm-up launches, inputs random f16 (checked against torch: relative L2 error in "
        "the last column). **Per iteration** = kernel time / the main-loop iterations of the busiest SM "
        "(ceil(programs / SMs) x iterations per program). **Estimate**: tilesched's performance model "
        "(docs/decisions.md, \"The performance model\") for Triton's schedule of the loop as Triton's pipeliner "
        f"receives it (`bench/gpu/results/ir/`, with the kernel's num_stages as `tt.num_stages`), "
        f"`--model={MODEL} --generator=cost-based` at default options: a range in ns at the clock span "
        "the record saw, its middle against the measured time (ratio), and what bounds it. The bound columns are "
        "the middle of each bound in SM cycles per iteration (– where the loop has no such work). SMEM and "
        "registers: the model's against what Triton allocated. **tilesched ns**: the same model for "
        "tilesched's own schedule (\"no CTA fits\": its rings and the epilogue's staging tile are over an SM's SMEM). **Leave-one-out**: no figure of the model comes from a kernel's time (the "
        "microbenchmarks are its only calibration input, `bench/gpu/calibrate.py`), so leaving any kernel out "
        "changes no estimate; `tests/bench/gpu_results_test.py` perturbs every recorded kernel time and checks "
        "that every estimate is unchanged.",
        "",
        "| kernel | measured ms | ns / iter | est. ns | ratio | bound | tensor | L2 | HBM | elementwise | CTA chain | "
        "latency | CTAs/SM (Triton's) | SMEM (Triton's) | regs (Triton's) | tilesched ns | stages (Triton's) | rel. error |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    cyc = lambda x: "–" if x is None else f"{x:.0f}"
    ours_text = lambda r: "no CTA fits" if r["ours_ns"] is None else f"{r['ours_ns']:.0f}"
    for r in rs:
        ms = f"{r['ms']:.4f}" + "".join(f" ({x:.4f})" for x in r["repeats"])
        b = r["bounds"]
        lines.append(
            f"| {r['kernel']} | {ms} | {r['ns']:.1f} | {r['lo']:.0f}–{r['hi']:.0f} | {r['ratio']:.2f} | {r['bound']} | "
            f"{cyc(b['tensor'])} | {cyc(b['l2'])} | {cyc(b['hbm'])} | {cyc(b['alu'])} | {cyc(b['chain'])} | "
            f"{cyc(b['latency'])} | {r['ctas']} ({r['triton_ctas']}) | {r['smem']} ({r['triton_smem']}) | "
            f"{r['regs']} ({r['triton_regs']}) | {ours_text(r)} | {r['stages']} ({r['triton_stages']}) | "
            f"{r['error']:.1e} |")
    within = [r for r in rs if abs(r["ratio"] - 1) <= 0.25]
    widest = max(r["width"] for r in rs)
    lines += [
        "",
        f"Within 25 % of the measured time per iteration: **{len(within)} of {len(rs)} kernels**; the widest range is "
        f"±{100 * widest:.0f} % of its middle. A repeat on a second machine is in parentheses.",
        END,
    ]
    return "\n".join(lines) + "\n", rs


def write_section(text):
    doc = DOC.read_text()
    if BEGIN in doc:
        a, b = doc.index(BEGIN), doc.index(END) + len(END) + 1
        doc = doc[:a] + text + doc[b:]
    else:
        doc = doc.rstrip("\n") + "\n\n" + text
    DOC.write_text(doc)


def main():
    if sys.argv[1:2] == ["collect"]:
        collect(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["summary"]:
        summary(sys.argv[2])
    elif sys.argv[1:2] == ["extract"]:
        extract(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["examples"]:
        write_examples()
    elif sys.argv[1:2] == ["table"]:
        ap = argparse.ArgumentParser()
        ap.add_argument("--tilesched", default=str(REPO / "build" / "bin" / "tilesched"))
        ap.add_argument("--no-write", action="store_true")
        a = ap.parse_args(sys.argv[2:])
        text, _ = section(a.tilesched)
        if a.no_write:
            sys.stdout.write(text)
        else:
            write_section(text)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
