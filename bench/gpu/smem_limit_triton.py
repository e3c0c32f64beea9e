"""Triton's own shared-memory check beside tilesched's (docs/decisions.md, "Memory budgets"): a
matmul whose pipelined tiles need more than an SM has must fail to compile with "out of resource:
shared memory", naming the bytes it required and the hardware limit. One JSON line per case.
  python3 smem_limit_triton.py
"""
import json

import torch
import triton
import triton.language as tl


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :])
        b = tl.load(b_ptr + (k + offs_k)[:, None] * BN + offs_n[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_m[:, None] * BN + offs_n[None, :], acc)


def case(bm, bn, bk, dtype, stages):
    K = bk * 4
    a = torch.zeros((bm, K), device="cuda", dtype=dtype)
    b = torch.zeros((K, bn), device="cuda", dtype=dtype)
    c = torch.zeros((bm, bn), device="cuda", dtype=torch.float32)
    out = {"case": f"{bm}x{bn}x{bk} {str(dtype).split('.')[-1]} num_stages={stages}"}
    try:
        k = matmul[(1,)](a, b, c, K, BM=bm, BN=bn, BK=bk, num_stages=stages, num_warps=8)
        torch.cuda.synchronize()
        out["compiled"] = True
        out["shared_bytes"] = k.metadata.shared
    except Exception as e:  # triton.runtime.errors.OutOfResources
        out["compiled"] = False
        out["error"] = str(e)
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    print(json.dumps({"triton": triton.__version__, "device": torch.cuda.get_device_name()}), flush=True)
    case(128, 128, 64, torch.float16, 3)   # the tutorial's tiles: fits
    case(128, 128, 128, torch.float32, 3)  # 64 KiB f32 tiles, three stages: over
    case(128, 128, 128, torch.float32, 2)
    case(512, 512, 512, torch.float32, 2)  # the 512x512 f32 gallery variant's tiles
