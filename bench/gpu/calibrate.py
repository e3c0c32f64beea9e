#!/usr/bin/env python3
"""Writes the measured built-in models (docs/target-model.md, "Shape-aware costs"):

- core/target/models/hopper-measured.json: the hopper model with the costs the H100
  microbenchmarks measured (bench/gpu/micro.cu, recorded in bench/gpu/results/), in SM cycles.
  Every number is derived here from the record, never typed.
- core/target/models/blackwell-measured.json: the blackwell model with B200 costs from public
  sources (BLACKWELL below, each with its source).

  python3 bench/gpu/calibrate.py [--check]

A memory op's or an MMA's cost is a `shape_cost`: its latency and footprint rows as formulas of
the tile it moves (`bytes`) or the MMA's FLOPs and the tensor cores' rate for its type (`flops`,
`rate`). The entry's own latency and footprint are the formulas' values at its reference tile,
the tiles of Triton's tutorial matmul 128x128x64 f16: memory ops move a 128x64 f16 tile (16 KiB),
a dot is the 128x128x64 tile product, a TMEM transfer a 128x128 f32 accumulator (64 KiB); they
are the cost when an op's types do not give its shape.
"""

import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MODELS = REPO / "core" / "target" / "models"
RUNS = sorted((HERE / "results").glob("run*-results.json"))

TILE_BYTES = 128 * 64 * 2  # a 128x64 f16 operand tile
DOT_FLOPS = 2 * 128 * 128 * 64  # the 128x128x64 tile product
ACC_BYTES = 128 * 128 * 4  # a 128x128 f32 accumulator
WGMMA_PER_DOT = (128 // 64) * (64 // 16)  # m64n128k16 instructions in a 128x128x64 tile product


def measurements(runs=RUNS):
    """bench name -> records, the later runs' records first (a rerun supersedes its earlier try)."""
    out = {}
    for path in reversed(runs):
        for m in json.loads(path.read_text())["micro"]:
            out.setdefault(m["bench"], []).append(m)
    return out


def pick(ms, bench, **match):
    for m in ms.get(bench, []):
        if all(m.get(k) == v for k, v in match.items()):
            return m
    raise KeyError(f"no {bench} record with {match}")


def num(x, digits=4):
    """A constant as the formula writes it: at most `digits` decimals, no trailing zeros."""
    text = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return text if text else "0"


def evaluate(formula, **shape):
    """The formula's value, as the core's CostFormula computes it, rounded up."""
    return math.ceil(eval(formula, {"__builtins__": {}, "max": max, "min": min}, shape) - 1e-9)


def line_fit(points):
    """Least squares y = a + b x."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    b = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
    return my - b * mx, b


# The reference matmul's loads (gemm_load_rate): Triton's tutorial 128x128x64 f16 tiles at its
# default 3 stages, 2 CTAs per SM (98,304 B of SMEM each), programs grouped 8 rows at a time.
REFERENCE_GEMM = dict(bm=128, bn=128, bk=64, stages=3, ctas_per_sm=2, group_m=8)


def gemm_rate(ms, loader):
    return pick(ms, "gemm_load_rate", loader=loader, **REFERENCE_GEMM)["bytes_per_cycle_per_sm"]


def costs(ms):
    """op role -> (latency formula, rows formula, reference latency, reference rows), from the record."""
    wg = pick(ms, "wgmma", shape="m64n128k16", a="shared", warpgroups=1)
    # the tensor cores' measured share of their peak, one warpgroup issuing back to back
    efficiency = num(wg["flop_per_cycle_per_sm"] / 4096)
    drain = round(wg["latency_cycles"] - wg["interval_cycles"])
    dot_rows = f"flops / ({efficiency} * rate)"
    # TMA tile latency (L2 hit) over the measured tile sizes: a fixed latency plus bytes at a rate
    sizes = sorted({m["bytes"] for m in ms["tma_tile_latency"]})
    fixed, per_byte = line_fit([(b, pick(ms, "tma_tile_latency", bytes=b)["cycles_warm"]) for b in sizes])
    latency_rate = num(1 / per_byte, 1)
    # transport: one SM's rate when every SM loads a tiled matmul's tiles, sharing them through L2
    # as the grid's programs do, at the reference tiles, stages and CTAs per SM (gemm_load_rate)
    transfer = f"bytes / {num(gemm_rate(ms, 'tma'), 2)}"
    cp_transfer = f"bytes / {num(gemm_rate(ms, 'cpasync'), 2)}"
    # cp.async: its one measured tile, the TMA's slope for other sizes
    cp = pick(ms, "cpasync_tile_latency", bytes=TILE_BYTES)["cycles_warm"]
    cp_fixed = cp - TILE_BYTES * per_byte
    smem_lat = pick(ms, "smem_load_latency")["cycles"]
    smem_bw = num(pick(ms, "smem_load_bandwidth")["bytes_per_cycle"], 2)
    c = {
        # the tile product: its instructions at the measured rate, the result one instruction's
        # drain (latency - interval) after the last issue
        "dot": (f"{dot_rows} + {drain}", dot_rows),
        "tma": (f"{num(fixed, 1)} + bytes / {latency_rate}", transfer),
        "load": (f"{num(cp_fixed, 1)} + bytes / {latency_rate}", cp_transfer),
        # an SMEM tile write or read: first-word latency + bytes at ld.shared.v4 bandwidth
        "smem": (f"{num(smem_lat, 1)} + bytes / {smem_bw}", f"bytes / {smem_bw}"),
    }
    ref = {"dot": {"flops": DOT_FLOPS, "rate": 4096}}
    return {k: (lat, rows, evaluate(lat, **ref.get(k, {"bytes": TILE_BYTES})),
                evaluate(rows, **ref.get(k, {"bytes": TILE_BYTES}))) for k, (lat, rows) in c.items()}


# B200 costs in SM cycles, each from a public source (docs/target-model.md, "blackwell-measured").
# facebookexperimental/triton's modulo scheduler latency model (NVLatencyModel, refit from B200
# microbenchmarks): TMA load 460 + 6/KiB (+240 per extra 512 B inner-dim instruction, which the
# formula variables do not see; none for inner extents <= 512 B), occupancy max(30, 6/KiB); TMA
# store 130 + 52/KiB, occupancy max(30, 52/KiB); tcgen05.mma occupancy MACs / 4096 per cycle for
# f16 (= flops / rate at the machine's 8192 FLOP/cycle), fp8 double, tf32 half, at least the
# 30-cycle issue; completion 559 cycles for 128x128x64 f16, so the drain is 559 - 256 = 303;
# tmem_load 532 cycles (occupancy 256) and tmem_store 96 (occupancy 48) for 128x128 f32 elements.
# SMEM: 128 B per cycle per SM, 32 banks of 4 B (an assumption for B200: the H100 reached 123.44
# of that 128), at least the fork's 105-cycle local_load / local_store.
BLACKWELL = {
    "tma": ("460 + 6 * bytes / 1024", "max(30, 6 * bytes / 1024)"),
    "tma_store": ("130 + 52 * bytes / 1024", "max(30, 52 * bytes / 1024)"),
    "dot": ("max(30, flops / rate) + 303", "max(30, flops / rate)"),
    "tmem_ld": ("532 * bytes / 65536", "256 * bytes / 65536"),
    "tmem_st": ("96 * bytes / 65536", "48 * bytes / 65536"),
    "smem": ("max(105, bytes / 128)", "bytes / 128"),
}


def blackwell_costs():
    ref = {"dot": {"flops": DOT_FLOPS, "rate": 8192}, "tmem_ld": {"bytes": ACC_BYTES},
           "tmem_st": {"bytes": ACC_BYTES}}
    return {k: (lat, rows, evaluate(lat, **ref.get(k, {"bytes": TILE_BYTES})),
                evaluate(rows, **ref.get(k, {"bytes": TILE_BYTES}))) for k, (lat, rows) in BLACKWELL.items()}


def run_kernels(runs=RUNS):
    return [k for path in runs for k in json.loads(path.read_text())["kernels"] if k.get("ok")]


def span(lo, hi, digits=3):
    lo, hi = float(num(lo, digits)), float(num(hi, digits))
    return lo if lo == hi else [lo, hi]


# The CUDA programming guide's limits for compute capability 9.0 and 10.0 (its table of technical
# specifications), and the SMEM the record measured per SM and per CTA (run4-smem-limit-cuda).
SM_LIMITS = {"smem_bytes_per_sm": 233472, "smem_reserved_per_cta": 1024, "registers_per_sm": 65536,
             "registers_per_thread": 255, "threads_per_sm": 2048, "ctas_per_sm": 32}
# Dense tensor-core rates relative to 16-bit operands (NVIDIA's H100 SXM and HGX B200 datasheets:
# FP16 989.4, FP8 and INT8 1978.9, TF32 494.7, FP64 66.9 TFLOP/s on the H100; FP64 40 of 2250 on
# the B200); f32 operands run as TF32.
# The H100 SXM datasheet's whole-GPU peaks: dense FP16 tensor rate (132 SMs x 4096 FLOP/cycle at
# 1830 MHz) and HBM3 bandwidth. micro.cu's streaming rates read a 64 MiB tensor that the 50 MB L2
# largely holds (3.8-5.8 TB/s over 132 SMs), so HBM is the datasheet's, at 80-100 % of peak as
# the B200's; the one-SM wgmma rates at the clock NVML saw would exceed the tensor peak, which caps them.
H100_DENSE_F16_TFLOPS = 989.4
H100_HBM_BYTES_PER_SECOND = 3.35e12
H100_TYPE_SCALE = {"f16": 1, "bf16": 1, "f8E4M3FN": 2, "f8E5M2": 2, "i8": 2, "f32": 0.5, "tf32": 0.5, "f64": 0.068}
B200_TYPE_SCALE = {"f16": 1, "bf16": 1, "f8E4M3FN": 2, "f8E5M2": 2, "i8": 2, "f32": 0.5, "tf32": 0.5, "f64": 0.018}
# The alu_tile records (128 threads, one CTA) by the ops whose root entry runs that instruction.
ALU_OPS = {"add.rn.f32": ["arith.addf", "arith.subf"], "mul.rn.f32": ["arith.mulf"], "fma.rn.f32": ["math.fma"],
           "max.f32": ["arith.maxnumf", "arith.maximumf", "arith.minnumf", "arith.minimumf"],
           "ex2.approx.f32": ["math.exp2"]}
# Registers a thread keeps beyond its tensors (addresses, loop indices, predicates): assumed.
REGISTER_OVERHEAD = 20


def elementwise(ms):
    rates = {}
    for op, roots in ALU_OPS.items():
        rate = pick(ms, "alu_tile", op=op, threads=128)["elements_per_cycle_per_sm"]
        for root in roots:
            rates[root] = float(num(rate, 3))
    return rates


def hopper_performance(ms, runs=RUNS):
    """The H100's rates for the performance model (core/perf), every figure from the record: the
    microbenchmarks, and of the kernels only the device and the clock NVML saw, never a time."""
    kernels = run_kernels(runs)
    clocks = [k["clock"]["sm_mhz_median"] for k in kernels]
    sms = kernels[0]["device"]["sms"]
    fma = pick(ms, "alu_tile", op="fma.rn.f32", threads=128)["elements_per_cycle_per_sm"]
    sms = kernels[0]["device"]["sms"]
    sizes = sorted({m["bytes"] for m in ms["tma_tile_latency"]})
    fixed, per_byte = line_fit([(b, pick(ms, "tma_tile_latency", bytes=b)["cycles_cold"]) for b in sizes])
    perf = {
        "gpu": kernels[0]["device"]["name"],
        "source": ("bench/gpu/results (micro.cu on the H100): wgmma rates by instruction N, L2 -> SM from tma_tile_rate "
                   "(132 CTAs, 16 KiB tiles) to gemm_load_rate (a 128x128x64 matmul's TMA loads), HBM at 80-100 % of the "
                   "datasheet's 3.35 TB/s (the streaming rates read a tensor the L2 holds), SMEM from ld.shared.v4, the cold TMA round trip fitted over tile sizes, mbarrier arrive -> wait, "
                   "alu_tile per op; the clock span NVML saw while the kernels ran; limits from the CUDA programming guide; "
                   "type scales and the 989.4 TFLOP/s dense FP16 peak that caps the wgmma rates over 132 SMs from the H100 "
                   "datasheet; register overhead assumed"),
        "clock_mhz": span(min(clocks), max(clocks)),
        "sm_count": sms,
        **SM_LIMITS,
        "l2_bytes_per_cycle": span(pick(ms, "tma_tile_rate", source="l2", ctas=132, bytes=16384)["bytes_per_cycle_per_sm"],
                                   gemm_rate(ms, "tma")),
        "hbm_bytes_per_cycle": span(0.8 * H100_HBM_BYTES_PER_SECOND / sms / (min(clocks) * 1e6),
                                    H100_HBM_BYTES_PER_SECOND / sms / (max(clocks) * 1e6)),
        "smem_bytes_per_cycle": pick(ms, "smem_load_bandwidth")["bytes_per_cycle"],
        "load_latency_cycles": float(num(fixed, 1)),
        "load_latency_bytes_per_cycle": float(num(1 / per_byte, 1)),
        "barrier_cycles": pick(ms, "mbarrier_arrive_wait")["cycles"],
        "unmeasured_elementwise_per_cycle": span(fma / 2, fma),
        "register_overhead_per_thread": REGISTER_OVERHEAD,
        "mma_peak_tflops": H100_DENSE_F16_TFLOPS,
        "mma_flops_per_cycle": {str(int(m["shape"].split("n")[1].split("k")[0])): m["flop_per_cycle_per_sm"]
                                for m in sorted(ms["wgmma"], key=lambda m: int(m["shape"].split("n")[1].split("k")[0]))
                                if m["a"] == "shared" and m["warpgroups"] == 1},
        "mma_type_scale": H100_TYPE_SCALE,
        "elementwise_per_cycle": elementwise(ms),
    }
    return perf


def blackwell_performance(ms, runs=RUNS):
    """The B200's rates from public figures; where none is public, the H100's measured one (said)."""
    h = hopper_performance(ms, runs)
    # The tensor clock at which NVIDIA's 2.25 PFLOP/s dense FP16 is quoted (148 SMs x 8192 x 1.86 GHz;
    # docs/target-model.md, "Machine").
    clock, sms = 1860, 148
    return {
        "gpu": "NVIDIA B200",
        "source": ("public figures: HGX B200 datasheet (2.25 PFLOP/s dense FP16: 8192 FLOP/cycle on 148 SMs at 1860 MHz; 8 TB/s HBM3e "
                   "at 80-100 % of peak), 128 B/cycle SMEM; not yet measured on a B200, so L2 -> SM, the load round trip, "
                   "the mbarrier hand-off and the elementwise rates are the H100's measured ones (same SM datapaths in the "
                   "CUDA guide's throughput table)"),
        "clock_mhz": clock,
        "sm_count": sms,
        **SM_LIMITS,
        "l2_bytes_per_cycle": h["l2_bytes_per_cycle"],
        "hbm_bytes_per_cycle": span(0.8 * 8e12 / sms / (clock * 1e6), 8e12 / sms / (clock * 1e6)),
        "smem_bytes_per_cycle": 128,
        "load_latency_cycles": h["load_latency_cycles"],
        "load_latency_bytes_per_cycle": h["load_latency_bytes_per_cycle"],
        "barrier_cycles": h["barrier_cycles"],
        "unmeasured_elementwise_per_cycle": h["unmeasured_elementwise_per_cycle"],
        "register_overhead_per_thread": REGISTER_OVERHEAD,
        # 8192 x 148 SMs x 1.86 GHz is 2255 TFLOP/s: the datasheet's 2.25 PFLOP/s caps it.
        "mma_peak_tflops": 2250,
        "mma_flops_per_cycle": {"256": 8192},
        "mma_type_scale": B200_TYPE_SCALE,
        "elementwise_per_cycle": h["elementwise_per_cycle"],
    }


def performance_line(perf):
    def number(x):
        return num(x, 3)

    def value(v):
        if isinstance(v, list):
            return "[" + ", ".join(number(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)}: {number(x)}" for k, x in v.items()) + "}"
        if isinstance(v, str):
            return json.dumps(v)
        return number(v)
    order = ["gpu", "source", "clock_mhz", "sm_count", "smem_bytes_per_sm", "smem_reserved_per_cta", "registers_per_sm",
             "registers_per_thread", "threads_per_sm", "ctas_per_sm", "l2_bytes_per_cycle", "hbm_bytes_per_cycle",
             "smem_bytes_per_cycle", "load_latency_cycles", "load_latency_bytes_per_cycle", "barrier_cycles",
             "unmeasured_elementwise_per_cycle", "register_overhead_per_thread", "mma_peak_tflops", "mma_flops_per_cycle",
             "mma_type_scale", "elementwise_per_cycle"]
    return '  "performance": {' + ", ".join(f'"{k}": {value(perf[k])}' for k in order if k in perf) + "},"


def op_line(name, cost, row, traits=""):
    """One op entry as the core's model writer prints it: latency, footprint, traits, shape_cost."""
    lat, rows, ref_lat, ref_rows = cost
    fp = row if ref_rows == 1 else f'{{"row": {row}, "repeat": {ref_rows}}}' if ref_rows else ""
    body = f'"latency": {ref_lat}' + (f', "footprint": [{fp}]' if fp else "") + traits
    body += f', "shape_cost": {{"latency": {json.dumps(lat)}, "rows": {json.dumps(rows)}}}'
    return f'    "{name}": {{{body}}}'


def rewrite(base, name, description, entries, perf):
    lines = (MODELS / f"{base}.json").read_text().split("\n")
    machine = next(i for i, line in enumerate(lines) if line.startswith('  "machine": '))
    lines.insert(machine + 1, performance_line(perf))
    for op, new in entries.items():
        key = f'    "{op}": '
        idx = [i for i, line in enumerate(lines) if line.startswith(key)]
        assert len(idx) == 1, op
        comma = "," if lines[idx[0]].endswith(",") else ""
        lines[idx[0]] = op_line(op, *new) + comma
    lines = [f'  "name": "{name}",' if line == f'  "name": "{base}",' else line for line in lines]
    desc = next(i for i, line in enumerate(lines) if line.startswith('  "description": '))
    lines[desc] = '  "description": ' + json.dumps(description) + ","
    return "\n".join(lines)


TMA, WGMMA = ', "traits": ["tma"]', ', "traits": ["wgmma"]'


def model_text(ms, runs=RUNS):
    c = costs(ms)
    return rewrite("hopper", "hopper-measured", (
        "sm_90 (H100) in SM cycles: the hopper model with shape-aware costs measured on an H100 by bench/gpu/micro.cu "
        "(TMA and cp.async tiles, wgmma, SMEM): latencies and footprint rows follow the bytes an op moves or the "
        "FLOPs of its MMA; the fixed costs are those of a 128x128x64 f16 matmul's tiles, and loads move them at the "
        "rate every SM gets while loading such a matmul's shared tiles (3 stages, 2 CTAs per SM). TMA and global stores are "
        "taken equal to the loads of the same tile, and every other op keeps hopper's values. See "
        "docs/target-model.md."), {
        "nv_tileas.async.tiled_tma_load": (c["tma"], '["tma", "tp_smem_wr"]', TMA),
        "nv_tileas.async.tiled_tma_store": (c["tma"], '["tma", "tp_smem_rd"]', TMA),
        "nv_tileas.dot": (c["dot"], '["tc_and_mma", "tp_mma"]', WGMMA),
        "nv_tileas.async.smem_write": (c["smem"], '["tp_smem_wr"]'),
        "nv_tileas.async.smem_read": (c["smem"], '["tp_smem_rd"]'),
        "nv_tileas.async.load": (c["load"], '["tp_gnic_rd"]'),
        "nv_tileas.async.store": (c["load"], '["tp_gnic_wr"]'),
        # nv_tileas.async.copy (Triton's cp.async, ttg.async_copy_global_to_local) moves a tile from
        # global memory into SMEM: the measured cp.async tile, not an SMEM write
        "nv_tileas.async.copy": (c["load"], '["tp_gnic_rd"]'),
    }, hopper_performance(ms, runs))


def blackwell_text(ms, runs=RUNS):
    c = blackwell_costs()
    return rewrite("blackwell", "blackwell-measured", (
        "sm_100 (B200) in SM cycles: the blackwell model with shape-aware costs from public B200 measurements "
        "(TMA, tcgen05.mma, TMEM and SMEM transfers; Meta's Triton fork's modulo-scheduler latency model and the "
        "CUDA programming guide): latencies and footprint rows follow the bytes an op moves or the FLOPs of its "
        "MMA; every other op keeps blackwell's values. See docs/target-model.md."), {
        "nv_tileas.async.tiled_tma_load": (c["tma"], '["tma", "tp_smem_wr"]', TMA),
        "nv_tileas.async.tiled_tma_store": (c["tma_store"], '["tma", "tp_smem_rd"]', TMA),
        "nv_tileas.dot": (c["dot"], '["tc_and_mma", "tp_mma", "tmem_banks"]', WGMMA),
        "nv_tileas.async.tcgen05_cp": (c["tmem_st"], '["tp_tmem_wr", "tmem_banks"]'),
        "nv_tileas.async.tcgen05_ld": (c["tmem_ld"], '["tp_tmem_rd", "tmem_banks"]'),
        "nv_tileas.async.smem_write": (c["smem"], '["tp_smem_wr"]'),
        "nv_tileas.async.smem_read": (c["smem"], '["tp_smem_rd"]'),
        # the fork prices a pointer load (tt.load, Triton's cp.async) and store as the TMA's
        "nv_tileas.async.copy": (c["tma"], '["tp_gnic_rd"]'),
        "nv_tileas.async.load": (c["tma"], '["tp_gnic_rd"]'),
        "nv_tileas.async.store": (c["tma_store"], '["tp_gnic_wr"]'),
    }, blackwell_performance(ms, runs))


def outputs(runs=RUNS):
    ms = measurements(runs)
    return {MODELS / "hopper-measured.json": model_text(ms, runs),
            MODELS / "blackwell-measured.json": blackwell_text(ms, runs)}


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        stale = [str(p) for p, text in outputs().items() if not p.exists() or p.read_text() != text]
        sys.exit(f"{', '.join(stale)} differ from calibrate.py's output" if stale else 0)
    for path, text in outputs().items():
        path.write_text(text)
    print(json.dumps({"hopper-measured": costs(measurements()), "blackwell-measured": blackwell_costs()}, indent=1))
