#!/usr/bin/env python3
"""Compiles, checks and times Triton's tutorial kernels on the GPU, one kernel per process.

Compact versions of the kernels a kernel engineer pastes from Triton's tutorials (written for
Triton 3.6): 03-matrix-multiplication (pointer loads, several block sizes and num_stages),
09-persistent-matmul's TMA kernel (host tensor descriptors, persistent grid, flattened and nested
loops) and 06-fused-attention's forward pass (tensor descriptors, non-causal).

  python3 triton_kernels.py list
  python3 triton_kernels.py run NAME OUTDIR      # writes OUTDIR/NAME.json, .ttgir, .ttir, .ptx, .cubin
  python3 triton_kernels.py cut-dump NAME OUTDIR # OUTDIR/NAME.stderr -> NAME.pipeline.mlir, NAME.passes.txt

Run with MLIR_ENABLE_DUMP=1 TRITON_ALWAYS_COMPILE=1 and stderr to OUTDIR/NAME.stderr; `cut-dump` then
keeps the IR right before and right after the software pipeliner (bench/gpu/run.sh does both).
"""

import json
import os
import re
import sys
import threading
import time
import traceback

SMS_DEFAULT = 132


def kernel_table():
    """Name -> (family, parameters). Sizes: matmuls M=N=K=4096, attention Z=4 H=32 N_CTX=4096."""
    t = {}
    for bm, bn, bk, s, w in ((128, 256, 64, 3, 8), (128, 128, 64, 2, 4), (128, 128, 64, 3, 4),
                             (128, 128, 64, 4, 4), (128, 128, 32, 4, 4), (64, 128, 32, 4, 4),
                             (128, 64, 32, 4, 4)):
        t[f"mm_{bm}x{bn}x{bk}_s{s}_w{w}"] = ("matmul", dict(BM=bm, BN=bn, BK=bk, stages=s, warps=w))
    t["tma_128x128x64_s3_w4"] = ("tma", dict(BM=128, BN=128, BK=64, stages=3, warps=4))
    for bm, bn, bk, s, w in ((128, 128, 64, 3, 4), (128, 256, 64, 3, 8)):
        t[f"tmapers_{bm}x{bn}x{bk}_s{s}_w{w}"] = ("tma_persistent",
                                                 dict(BM=bm, BN=bn, BK=bk, stages=s, warps=w, flatten=True))
    t["tmapers_nested_128x128x64_s3_w4"] = ("tma_persistent",
                                            dict(BM=128, BN=128, BK=64, stages=3, warps=4, flatten=False))
    for d, bm, bn, s, w in ((64, 128, 64, 3, 4), (128, 128, 64, 3, 4), (128, 128, 128, 3, 8)):
        t[f"attn_d{d}_{bm}x{bn}_s{s}_w{w}"] = ("attention", dict(D=d, BM=bm, BN=bn, stages=s, warps=w))
    return t


def define_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                      stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                      BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
        # 03-matrix-multiplication.py
        pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
        num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
        num_pid_in_group = GROUP_SIZE_M * num_pid_n
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * GROUP_SIZE_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
        pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
        pid_n = (pid % num_pid_in_group) // group_size_m
        offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
        offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
        offs_k = tl.arange(0, BLOCK_SIZE_K)
        a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
        b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
            accumulator = tl.dot(a, b, accumulator)
            a_ptrs += BLOCK_SIZE_K * stride_ak
            b_ptrs += BLOCK_SIZE_K * stride_bk
        c = accumulator.to(tl.float16)
        offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
        offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
        tl.store(c_ptrs, c, mask=c_mask)

    @triton.jit
    def matmul_kernel_tma(a_desc, b_desc, c_desc, M, N, K, BLOCK_SIZE_M: tl.constexpr,
                          BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
        # 09-persistent-matmul.py, matmul_kernel_tma (one tile per program)
        pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
        num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
        num_pid_in_group = GROUP_SIZE_M * num_pid_n
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * GROUP_SIZE_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
        pid_m = first_pid_m + (pid % group_size_m)
        pid_n = (pid % num_pid_in_group) // group_size_m
        k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
        offs_am = pid_m * BLOCK_SIZE_M
        offs_bn = pid_n * BLOCK_SIZE_N
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for k in tl.range(k_tiles):
            offs_k = k * BLOCK_SIZE_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)
        c_desc.store([offs_am, offs_bn], accumulator.to(tl.float16))

    @triton.jit
    def matmul_kernel_tma_persistent(a_desc, b_desc, c_desc, M, N, K, BLOCK_SIZE_M: tl.constexpr,
                                     BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                                     GROUP_SIZE_M: tl.constexpr, NUM_SMS: tl.constexpr, FLATTEN: tl.constexpr):
        # 09-persistent-matmul.py, matmul_kernel_tma_persistent (EPILOGUE_SUBTILE=False, no warp specialization)
        start_pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
        num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
        k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
        num_tiles = num_pid_m * num_pid_n
        tile_id_c = start_pid - NUM_SMS
        num_pid_in_group = GROUP_SIZE_M * num_pid_n
        for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=FLATTEN):
            # the tutorial's _compute_pid, inlined
            group_id = tile_id // num_pid_in_group
            first_pid_m = group_id * GROUP_SIZE_M
            group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
            pid_m = first_pid_m + (tile_id % group_size_m)
            pid_n = (tile_id % num_pid_in_group) // group_size_m
            accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
            for ki in range(k_tiles):
                offs_k = ki * BLOCK_SIZE_K
                a = a_desc.load([pid_m * BLOCK_SIZE_M, offs_k])
                b = b_desc.load([pid_n * BLOCK_SIZE_N, offs_k])
                accumulator = tl.dot(a, b.T, accumulator)
            tile_id_c += NUM_SMS
            group_id_c = tile_id_c // num_pid_in_group
            first_pid_m_c = group_id_c * GROUP_SIZE_M
            group_size_m_c = min(num_pid_m - first_pid_m_c, GROUP_SIZE_M)
            pid_m_c = first_pid_m_c + (tile_id_c % group_size_m_c)
            pid_n_c = (tile_id_c % num_pid_in_group) // group_size_m_c
            c_desc.store([pid_m_c * BLOCK_SIZE_M, pid_n_c * BLOCK_SIZE_N], accumulator.to(tl.float16))

    @triton.jit
    def _attn_fwd_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, qk_scale, BLOCK_N: tl.constexpr,
                        N_CTX: tl.constexpr):
        offsetk_y = offset_y
        offsetv_y = offset_y
        for start_n in tl.range(0, N_CTX, BLOCK_N):
            start_n = tl.multiple_of(start_n, BLOCK_N)
            k = desc_k.load([offsetk_y, 0]).T
            qk = tl.dot(q, k)
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
            p = tl.math.exp2(qk)
            alpha = tl.math.exp2(m_i - m_ij)
            l_ij = tl.sum(p, 1)
            acc = acc * alpha[:, None]
            v = desc_v.load([offsetv_y, 0])
            p = p.to(tl.float16)
            acc = tl.dot(p, v, acc)
            l_i = l_i * alpha + l_ij
            m_i = m_ij
            offsetk_y += BLOCK_N
            offsetv_y += BLOCK_N
        return acc, l_i, m_i

    @triton.jit
    def attn_fwd(sm_scale, desc_q, desc_k, desc_v, desc_o, H: tl.constexpr, N_CTX: tl.constexpr,
                 HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
        # 06-fused-attention.py, _attn_fwd with STAGE=1 (non-causal), host tensor descriptors
        start_m = tl.program_id(0)
        off_hz = tl.program_id(1)
        off_z = off_hz // H
        off_h = off_hz % H
        offset_y = off_z * (N_CTX * H) + off_h * N_CTX
        qo_offset_y = offset_y + start_m * BLOCK_M
        m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
        l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
        acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
        qk_scale = sm_scale * 1.44269504
        q = desc_q.load([qo_offset_y, 0])
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, qk_scale, BLOCK_N, N_CTX)
        acc = acc / l_i[:, None]
        desc_o.store([qo_offset_y, 0], acc.to(tl.float16))

    return dict(matmul=matmul_kernel, tma=matmul_kernel_tma, tma_persistent=matmul_kernel_tma_persistent,
                attention=attn_fwd)


class ClockSampler:
    """Samples the SM clock (NVML) every 5 ms while the kernel is being timed."""

    def __init__(self):
        self.samples, self.error = [], None
        self._stop = threading.Event()
        try:
            import pynvml
            pynvml.nvmlInit()
            self._nvml = pynvml
            self._h = pynvml.nvmlDeviceGetHandleByIndex(0)
        except Exception as e:  # noqa: BLE001  (the timing stands without the clock)
            self._nvml, self.error = None, repr(e)

    def __enter__(self):
        if self._nvml:
            self._t = threading.Thread(target=self._run, daemon=True)
            self._t.start()
        return self

    def _run(self):
        while not self._stop.is_set():
            try:
                self.samples.append(self._nvml.nvmlDeviceGetClockInfo(self._h, self._nvml.NVML_CLOCK_SM))
            except Exception as e:  # noqa: BLE001
                self.error = repr(e)
                return
            time.sleep(0.005)

    def __exit__(self, *exc):
        self._stop.set()
        if self._nvml:
            self._t.join()

    def summary(self):
        s = sorted(self.samples)
        if not s:
            return {"sm_mhz_samples": 0, "error": self.error}
        return {"sm_mhz_median": s[len(s) // 2], "sm_mhz_min": s[0], "sm_mhz_max": s[-1], "sm_mhz_samples": len(s)}


def time_launches(fn, warmup=20, reps=100):
    """Median, p20 and p80 of `reps` launches, each between two CUDA events (ms)."""
    import torch
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
    for s, e in ev:
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    t = sorted(s.elapsed_time(e) for s, e in ev)
    return {"ms_median": t[len(t) // 2], "ms_p20": t[len(t) // 5], "ms_p80": t[(4 * len(t)) // 5], "reps": reps,
            "method": f"CUDA events around each of {reps} launches after {warmup} warm-up launches"}


def setup(family, p, kernels, sms):
    """Inputs, launch closure, reference and the loop's iteration counts for one kernel."""
    import torch
    import triton
    from triton.tools.tensor_descriptor import TensorDescriptor
    torch.manual_seed(0)
    if family == "attention":
        Z, H, N_CTX, D = 4, 32, 4096, p["D"]
        q, k, v = (torch.randn((Z, H, N_CTX, D), device="cuda", dtype=torch.float16) for _ in range(3))
        o = torch.empty_like(q)
        sm_scale = 1.0 / (D ** 0.5)
        y = Z * H * N_CTX
        dq = TensorDescriptor.from_tensor(q.view(y, D), [p["BM"], D])
        dk = TensorDescriptor.from_tensor(k.view(y, D), [p["BN"], D])
        dv = TensorDescriptor.from_tensor(v.view(y, D), [p["BN"], D])
        do = TensorDescriptor.from_tensor(o.view(y, D), [p["BM"], D])
        grid = (triton.cdiv(N_CTX, p["BM"]), Z * H, 1)

        def launch():
            return kernels["attention"][grid](sm_scale, dq, dk, dv, do, H=H, N_CTX=N_CTX, HEAD_DIM=D, BLOCK_M=p["BM"],
                                              BLOCK_N=p["BN"], num_warps=p["warps"], num_stages=p["stages"])

        def ref():
            return torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=sm_scale)

        programs = grid[0] * grid[1]
        iters = N_CTX // p["BN"]
        flops = 4.0 * Z * H * N_CTX * N_CTX * D
        shape = dict(Z=Z, H=H, N_CTX=N_CTX, HEAD_DIM=D, causal=False)
        return launch, ref, o, programs, iters, flops, shape

    M = N = K = 4096
    a = torch.randn((M, K), device="cuda", dtype=torch.float16)
    b = torch.randn((K, N), device="cuda", dtype=torch.float16)
    c = torch.empty((M, N), device="cuda", dtype=torch.float16)
    tiles = triton.cdiv(M, p["BM"]) * triton.cdiv(N, p["BN"])
    meta = dict(BLOCK_SIZE_M=p["BM"], BLOCK_SIZE_N=p["BN"], BLOCK_SIZE_K=p["BK"], GROUP_SIZE_M=8,
                num_warps=p["warps"], num_stages=p["stages"])
    if family == "matmul":
        grid = (tiles,)

        def launch():
            return kernels["matmul"][grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                           c.stride(0), c.stride(1), **meta)
    else:
        bt = b.T.contiguous()  # N x K, K-major, as the tutorial's TMA kernels take B
        da = TensorDescriptor.from_tensor(a, [p["BM"], p["BK"]])
        db = TensorDescriptor.from_tensor(bt, [p["BN"], p["BK"]])
        dc = TensorDescriptor.from_tensor(c, [p["BM"], p["BN"]])
        if family == "tma":
            grid = (tiles,)

            def launch():
                return kernels["tma"][grid](da, db, dc, M, N, K, **meta)
        else:
            grid = (min(sms, tiles),)

            def launch():
                return kernels["tma_persistent"][grid](da, db, dc, M, N, K, NUM_SMS=sms, FLATTEN=p["flatten"],
                                                       **meta)

    def ref():
        return a @ b

    iters = triton.cdiv(K, p["BK"])
    shape = dict(M=M, N=N, K=K, tiles=tiles, grid=grid[0])
    return launch, ref, c, tiles, iters, 2.0 * M * N * K, shape


def run(name, outdir):
    family, p = kernel_table()[name]
    res = {"name": name, "family": family, "params": p}
    path = os.path.join(outdir, name + ".json")

    def save():
        with open(path, "w") as f:
            json.dump(res, f, indent=1)

    try:
        import torch
        import triton
        res.update(triton=triton.__version__, torch=torch.__version__)
        props = torch.cuda.get_device_properties(0)
        sms = props.multi_processor_count
        res["device"] = {"name": props.name, "sms": sms, "capability": list(torch.cuda.get_device_capability(0))}
        kernels = define_kernels()
        launch, ref, out, programs, iters, flops, shape = setup(family, p, kernels, sms)
        res.update(shape=shape, programs=programs, iterations_per_program=iters, flops=flops)
        t0 = time.time()
        compiled = launch()
        torch.cuda.synchronize()
        res["compile_s"] = round(time.time() - t0, 2)
        md = compiled.metadata
        res["compiled"] = {k: getattr(md, k, None) for k in ("num_warps", "num_stages", "shared", "name")}
        res["compiled"].update(n_regs=getattr(compiled, "n_regs", None), n_spills=getattr(compiled, "n_spills", None))
        for ext in ("ttir", "ttgir", "ptx"):
            if ext in compiled.asm:
                with open(os.path.join(outdir, f"{name}.{ext}"), "w") as f:
                    f.write(compiled.asm[ext])
        if "cubin" in compiled.asm:
            with open(os.path.join(outdir, f"{name}.cubin"), "wb") as f:
                f.write(compiled.asm["cubin"])
        save()
        expect = ref().float()
        got = out.float()
        res["check"] = {"rel_l2_error": (torch.linalg.norm(got - expect) / torch.linalg.norm(expect)).item(),
                        "nan": bool(torch.isnan(got).any().item()), "reference": "torch (fp16 inputs, cuBLAS/SDPA)"}
        save()
        with ClockSampler() as clk:
            timing = time_launches(launch)
        res["timing"] = timing
        res["clock"] = clk.summary()
        waves = -(-programs // sms)  # programs on the busiest SM (persistent: tiles strided by NUM_SMS)
        res["iterations_busiest_sm"] = waves * iters
        res["ns_per_iteration_busiest_sm"] = timing["ms_median"] * 1e6 / (waves * iters)
        res["tflops"] = flops / (timing["ms_median"] * 1e-3) / 1e12
        res["ok"] = True
    except Exception:  # noqa: BLE001  (one kernel's failure is recorded; the others still run)
        res["ok"] = False
        tb = traceback.format_exc()
        res["error"] = tb if len(tb) <= 8000 else tb[:4000] + "\n...\n" + tb[-4000:]
    save()
    print(json.dumps({k: res.get(k) for k in ("name", "ok", "tflops", "ns_per_iteration_busiest_sm")}))


HEADER = re.compile(r"^// -----// IR Dump (Before|After) (\S+)")
KEEP = re.compile(r"AssignLatencies|ScheduleLoops|TritonGPUPipeline")


def cut_dump(name, outdir):
    """Keeps the dump sections around the pipeliner: from the pass before the first of
    AssignLatencies / ScheduleLoops / Pipeline to three passes after the last of them."""
    src = os.path.join(outdir, name + ".stderr")
    with open(src, errors="replace") as f:
        lines = f.readlines()
    sections = []  # (header, start, end)
    for i, line in enumerate(lines):
        if HEADER.match(line):
            if sections:
                sections[-1][2] = i
            sections.append([line.strip(), i, len(lines)])
    with open(os.path.join(outdir, name + ".passes.txt"), "w") as f:
        f.write("".join(s[0] + "\n" for s in sections))
    hits = [k for k, s in enumerate(sections) if KEEP.search(HEADER.match(s[0]).group(2))]
    if not hits:
        print(json.dumps({"name": name, "cut": 0, "sections": len(sections)}))
        return
    lo, hi = max(0, hits[0] - 1), min(len(sections), hits[-1] + 4)
    with open(os.path.join(outdir, name + ".pipeline.mlir"), "w") as f:
        for s in sections[lo:hi]:
            f.writelines(lines[s[1]:s[2]])
    print(json.dumps({"name": name, "cut": hi - lo, "sections": len(sections)}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["list"]:
        print("\n".join(kernel_table()))
    elif sys.argv[1:2] == ["run"]:
        run(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["cut-dump"]:
        cut_dump(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
