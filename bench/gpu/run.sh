#!/bin/bash
# The whole device run, as one call (bench/gpu/README.md): microbenchmarks, then each Triton kernel
# compiled (IR dumped around the pipeliner), checked and timed. Every stage has its own timeout and
# the results are re-packed into $OUT after each, so a failure or the deadline leaves the rest.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
BUDGET=${BUDGET_S:-400}          # seconds for the stages; packing needs a few more
MICRO_TESTS=${MICRO_TESTS:-"smem mbarrier gload cpasync bulk tma wgmma gemmload alu"}  # a rerun may name fewer
KERNELS=${KERNELS:-$(python3 "$HERE/triton_kernels.py" list)}
mkdir -p "$OUT"
W=$(mktemp -d)
mkdir -p "$W/tt"
START=$(date +%s)
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
elapsed() { echo $(( $(date +%s) - START )); }
log() { echo "[$(elapsed)s] $*" | tee -a "$W/log.txt"; }
pack() {
  python3 "$HERE/gpu_results.py" collect "$W" "$OUT/results.json" >> "$W/log.txt" 2>&1
  cp "$W/log.txt" "$OUT/log.txt"
}

log "env"
{
  nvidia-smi
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
  nvidia-smi -q -d CLOCK,PERFORMANCE
  nvcc --version
  python3 -c "import sys, torch, triton; print(sys.version); print('torch', torch.__version__, 'triton', triton.__version__)"
} > "$W/env.txt" 2>&1
pack

log "micro"
MICRO="$HERE/micro"
if ! timeout 30 "$MICRO" clock > "$W/micro.jsonl" 2>> "$W/micro.err"; then
  log "prebuilt micro failed; building with nvcc here"
  (cd "$HERE" && timeout 120 nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -o "$W/micro" micro.cu -lcuda) >> "$W/micro.err" 2>&1
  MICRO="$W/micro"
  timeout 30 "$MICRO" clock > "$W/micro.jsonl" 2>> "$W/micro.err"
fi
for t in $MICRO_TESTS; do
  timeout 60 "$MICRO" $t >> "$W/micro.jsonl" 2>> "$W/micro.err"
  log "micro $t rc=$?"
done
cuobjdump -sass "$MICRO" > "$W/tt/micro.sass" 2>&1
pack

for name in $KERNELS; do
  if [ "$(elapsed)" -gt "$BUDGET" ]; then log "deadline: $name skipped"; continue; fi
  MLIR_ENABLE_DUMP=1 TRITON_ALWAYS_COMPILE=1 TRITON_CACHE_DIR="$W/cache/$name" \
    timeout 90 python3 "$HERE/triton_kernels.py" run "$name" "$W/tt" 2> "$W/tt/$name.stderr" | tee -a "$W/log.txt"
  log "$name rc=${PIPESTATUS[0]}"
  python3 "$HERE/triton_kernels.py" cut-dump "$name" "$W/tt" >> "$W/log.txt" 2>&1
  [ -f "$W/tt/$name.cubin" ] && cuobjdump -sass "$W/tt/$name.cubin" > "$W/tt/$name.sass" 2>&1
  pack
done

log "pack"
(cd "$W/tt" && for f in *.stderr; do
   n=${f%.stderr}
   # the raw dump travels only where the cut found no pipeliner section, and at most 4 MiB of it
   [ -f "$n.pipeline.mlir" ] || head -c 4194304 "$f" > "$n.raw-dump.txt"
 done
 tar czf "$OUT/ir.tar.gz" --exclude='*.stderr' --exclude='*.cubin' .)
ls -la "$OUT" | tee -a "$W/log.txt"
pack
python3 "$HERE/gpu_results.py" summary "$OUT/results.json"
