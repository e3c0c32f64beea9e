#!/usr/bin/env python3
"""Writes core/target/models/hopper-measured.json: the hopper model with the latencies and
footprints of the ops the H100 microbenchmarks measured (bench/gpu/micro.cu, recorded in
bench/gpu/results/), in SM cycles. Every number is derived here from the record, never typed.

  python3 bench/gpu/calibrate.py [--check]

Each op's cost is that of its reference tile, the tiles of Triton's Hopper tutorial matmul
128x128x64 f16 (one warpgroup): memory ops move a 128x64 f16 tile (16 KiB), a dot is the 128x128x64
f16 tile product, eight m64n128k16 wgmma instructions. The model format has one cost per op name,
blind to shape (docs/target-model.md, "hopper-measured").
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MODELS = REPO / "core" / "target" / "models"
RUNS = sorted((HERE / "results").glob("run*-results.json"))

TILE_BYTES = 128 * 64 * 2  # a 128x64 f16 operand tile
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


def costs(ms):
    """The calibrated numbers, each with the measurement it comes from."""
    wg = pick(ms, "wgmma", shape="m64n128k16", a="shared", warpgroups=1)
    interval = round(wg["interval_cycles"])
    dot_rows = WGMMA_PER_DOT * interval
    tma = pick(ms, "tma_tile_latency", bytes=TILE_BYTES)
    stream = pick(ms, "tma_tile_stream", bytes=TILE_BYTES, ctas=1, source="l2")
    transfer_rows = round(TILE_BYTES / stream["bytes_per_cycle_per_sm"])
    cp = pick(ms, "cpasync_tile_latency", bytes=TILE_BYTES)
    smem_lat = round(pick(ms, "smem_load_latency")["cycles"])
    smem_rows = round(TILE_BYTES / pick(ms, "smem_load_bandwidth")["bytes_per_cycle"])
    return {
        # the tile product: its instructions back to back at the measured interval, the result one
        # instruction latency after the last issue
        "dot": (dot_rows + round(wg["latency_cycles"] - wg["interval_cycles"]), dot_rows),
        # a TMA tile: latency of one tile from L2; transport = bytes / one SM's streaming rate
        "tma": (round(tma["cycles_warm"]), transfer_rows),
        # a cp.async tile (Triton's tt.load becomes cp.async): latency from L2; the transport is
        # taken equal to the TMA's for the same bytes (cp.async throughput was not measured)
        "load": (round(cp["cycles_warm"]), transfer_rows),
        # an SMEM tile write or read: first-word latency + bytes / ld.shared.v4 bandwidth
        "smem": (smem_lat + smem_rows, smem_rows),
    }


def op_line(name, latency, rows, extra=""):
    fp = ", ".join([rows[0]] * rows[1]) if rows[1] else ""
    body = f'"latency": {latency}' + (f', "footprint": [{fp}]' if fp else "") + extra
    return f'    "{name}": {{{body}}}'


def model_text(ms):
    c = costs(ms)
    text = (MODELS / "hopper.json").read_text()
    lines = text.split("\n")

    def replace(name, new):
        key = f'    "{name}": '
        idx = [i for i, line in enumerate(lines) if line.startswith(key)]
        assert len(idx) == 1, name
        comma = "," if lines[idx[0]].endswith(",") else ""
        lines[idx[0]] = new + comma

    tma_rd, tma_wr = '["tma", "tp_smem_wr"]', '["tma", "tp_smem_rd"]'
    replace("nv_tileas.async.tiled_tma_load", op_line("nv_tileas.async.tiled_tma_load", c["tma"][0],
                                                       (tma_rd, c["tma"][1]), ', "traits": ["tma"]'))
    replace("nv_tileas.async.tiled_tma_store", op_line("nv_tileas.async.tiled_tma_store", c["tma"][0],
                                                        (tma_wr, c["tma"][1]), ', "traits": ["tma"]'))
    replace("nv_tileas.dot", op_line("nv_tileas.dot", c["dot"][0], ('["tc_and_mma", "tp_mma"]', c["dot"][1]),
                                     ', "traits": ["wgmma"]'))
    replace("nv_tileas.async.smem_write", op_line("nv_tileas.async.smem_write", c["smem"][0],
                                                   ('["tp_smem_wr"]', c["smem"][1])))
    replace("nv_tileas.async.smem_read", op_line("nv_tileas.async.smem_read", c["smem"][0],
                                                  ('["tp_smem_rd"]', c["smem"][1])))
    replace("nv_tileas.async.load", op_line("nv_tileas.async.load", c["load"][0], ('["tp_gnic_rd"]', c["load"][1])))
    replace("nv_tileas.async.store", op_line("nv_tileas.async.store", c["load"][0], ('["tp_gnic_wr"]', c["load"][1])))
    # nv_tileas.async.copy (Triton's cp.async, ttg.async_copy_global_to_local) moves a tile from
    # global memory into SMEM: the measured cp.async tile, not an SMEM write
    replace("nv_tileas.async.copy", op_line("nv_tileas.async.copy", c["load"][0], ('["tp_gnic_rd"]', c["load"][1])))
    head = {
        '  "name": "hopper",': '  "name": "hopper-measured",',
    }
    lines = [head.get(line, line) for line in lines]
    desc = next(i for i, line in enumerate(lines) if line.startswith('  "description": '))
    lines[desc] = '  "description": ' + json.dumps(
        "sm_90 (H100) in SM cycles: the hopper model with the latencies and footprints measured on an H100 by "
        "bench/gpu/micro.cu for the reference tiles of a 128x128x64 f16 matmul (a 128x64 f16 operand tile, the "
        "128x128x64 tile product of one warpgroup); TMA and global stores are taken equal to the loads of the same "
        "tile, and every other op keeps hopper's values. See docs/target-model.md.") + ","
    return "\n".join(lines)


if __name__ == "__main__":
    text = model_text(measurements())
    dest = MODELS / "hopper-measured.json"
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if dest.exists() and dest.read_text() == text else f"{dest} differs from calibrate.py's output")
    dest.write_text(text)
    print(json.dumps({k: {"latency": v[0], "rows": v[1]} for k, v in costs(measurements()).items()}))
