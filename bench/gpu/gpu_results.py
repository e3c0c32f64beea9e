#!/usr/bin/env python3
"""The device run's record (bench/gpu/run.sh) and the tables made from it.

  python3 gpu_results.py collect WORKDIR RESULTS.json   # on the device: merge the stages' outputs
  python3 gpu_results.py summary RESULTS.json           # one line per measurement
"""

import glob
import json
import os
import sys


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


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        collect(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["summary"]:
        summary(sys.argv[2])
    else:
        sys.exit(__doc__)
