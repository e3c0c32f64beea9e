#!/usr/bin/env bash
# Builds the libFuzzer targets (tools/fuzz/, clang-14, ASan+UBSan, in build-san/: the build
# scripts/sanitize.sh tests in, scripts/sanitized-build.sh) and runs each for SECONDS
# (default 60), two at a time (the machine has two cores), with fuzz_wasm (the WebAssembly
# bindings under Node, tools/fuzz/fuzz_wasm.mjs) among them. Seeds: examples/*.mlir,
# tests/golden/**/*.mlir and tests/fuzz-regressions/<target>/, shaped for each target (docs/fuzzing.md).
# Prints the executions of each run and closes with `N passed, N failed` (one per target). A
# crash, timeout, leak or violated property leaves its input in $build_dir/fuzz-artifacts/<target>/
# (docs/fuzzing.md says how it becomes a regression test).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
#     targets: fuzz_parser fuzz_pipeline fuzz_import fuzz_model fuzz_cli fuzz_wasm (default all)
# Environment: TILESCHED_FUZZ_BUILD_DIR (default build-san), TILESCHED_JOBS (build jobs, 2),
# TILESCHED_FUZZ_PARALLEL (targets run at once, 2), TILESCHED_FUZZ_MAX_LEN (bytes per input;
# default 65536 for fuzz_cli, 1048576 for fuzz_import, 4096 otherwise), TILESCHED_FUZZ_FLAGS (more
# libFuzzer flags, e.g. "-runs=10000000 -entropic=0" for a long throughput run),
# TILESCHED_FUZZ_SANITIZERS (default address,undefined; "undefined" for a long run, in
# build-san-undefined; docs/fuzzing.md), TILESCHED_WASM_BUILD_DIR (fuzz_wasm's module, default build-wasm).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-60}"
shift $(($# > 0 ? 1 : 0))
targets=("$@")
((${#targets[@]})) || targets=(fuzz_parser fuzz_pipeline fuzz_import fuzz_model fuzz_cli fuzz_wasm)
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: SECONDS must be a positive integer (got '$seconds')" >&2
  exit 2
fi
sanitizers="${TILESCHED_FUZZ_SANITIZERS:-address,undefined}"
default_dir=build-san  # shared with scripts/sanitize.sh; other sanitizers get a build of their own
[[ "$sanitizers" == address,undefined ]] || default_dir="build-san-${sanitizers//,/-}"
build_dir="${TILESCHED_FUZZ_BUILD_DIR:-$default_dir}"
jobs="${TILESCHED_JOBS:-2}"
parallel="${TILESCHED_FUZZ_PARALLEL:-2}"
wasm_dir="${TILESCHED_WASM_BUILD_DIR:-build-wasm}/wasm"
read -r -a extra_flags <<<"${TILESCHED_FUZZ_FLAGS:-}"
source scripts/sanitized-build.sh
native_targets=()
for t in "${targets[@]}"; do [[ "$t" == fuzz_wasm ]] || native_targets+=("$t"); done

if ((${#native_targets[@]})) && ! sanitized_build "$build_dir" "$sanitizers" "$jobs" "${native_targets[@]}"; then
  echo "fuzz.sh: the fuzz build failed"
  echo "0 passed, ${#targets[@]} failed"
  exit 1
fi

# seed TARGET DIR: the target's seed corpus, each file in the target's input shape.
seed() {
  local target="$1" dir="$2" f i=0
  case "$target" in
    fuzz_parser | fuzz_pipeline)
      for f in examples/*.mlir $(find tests/golden -name '*.mlir' | sort); do cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
    fuzz_import)  # GraphML, the marker, the resource model (FuzzProperties.h kResourceModelMarker)
      for f in ../shared/benchmarks/hatschet/origami/*.graphml; do
        [[ -f "$f" && $(stat -c %s "$f") -lt 16384 ]] || continue
        { cat "$f"; printf '\n<!--RM-->\n'; cat "${f%.graphml}RM.xml"; } >"$dir/$(basename "$f")" 2>/dev/null
      done ;;
    fuzz_model)
      cp core/target/models/*.json "$dir/" ;;  # hopper-measured: runs and shape formulas
    fuzz_cli)  # arguments, one per line, NUL, then file p1 (FuzzProperties.h decodeCliInput)
      for f in examples/*.mlir; do
        for args in $'p1\n--emit=json\n--trace' $'p1\n--generator=cost-based' $'-\n--emit=ir\n--model=hopper' \
                    $'p1\np1\n--emit=json\n--model=p2.json' $'p1\n--model=p2.json\n--generator=cost-based'; do
          # Every other input's p2.json is the measured model (footprint runs, shape formulas).
          local model=core/target/models/blackwell.json
          ((i % 2)) && model=core/target/models/hopper-measured.json
          { printf '%s\0' "$args"; cat "$f"; printf '\0'; cat "$model"; } >"$dir/$i-$(basename "$f")"
          i=$((i + 1))
        done
      done ;;
  esac
  [[ -d "tests/fuzz-regressions/$target" ]] && cp "tests/fuzz-regressions/$target"/* "$dir/" 2>/dev/null
  return 0
}

# run TARGET: one fuzzing run, its log in $build_dir/fuzz-TARGET.log, its verdict in .status.
run() {
  local target="$1"
  local seeds="$build_dir/fuzz-seeds/$target" corpus="$build_dir/fuzz-corpus/$target"
  local artifacts="$build_dir/fuzz-artifacts/$target" log="$build_dir/fuzz-$target.log"
  rm -rf "$seeds"
  mkdir -p "$seeds" "$corpus" "$artifacts"
  if [[ "$target" == fuzz_wasm ]]; then
    node tools/fuzz/fuzz_wasm.mjs --seconds="$seconds" --artifacts="$artifacts" --wasm-dir="$wasm_dir" >"$log" 2>&1
  else
    seed "$target" "$seeds"
    # Seconds one input may take (wall) before libFuzzer calls it a hang: the scheduling targets'
    # exact search on a small block takes ~0.1 s natively and 100x that under ASan + coverage.
    local unit_timeout=60 max_len=4096 dict=tools/fuzz/mlir.dict
    [[ "$target" == fuzz_parser || "$target" == fuzz_model ]] && unit_timeout=5
    [[ "$target" == fuzz_cli ]] && max_len=65536
    # fuzz_import reaches 1 MB: nesting 10^5 deep (the XML depth limit's test) takes ~0.7 MB.
    [[ "$target" == fuzz_import ]] && max_len=1048576 dict=tools/fuzz/xml.dict
    # The model and command-line targets also get the model runs' and shape formulas' tokens.
    [[ "$target" == fuzz_model ]] && dict="$build_dir/fuzz-$target.dict" && cat tools/fuzz/json.dict tools/fuzz/model-runs.dict >"$dict"
    [[ "$target" == fuzz_cli ]] && dict="$build_dir/fuzz-$target.dict" && cat tools/fuzz/mlir.dict tools/fuzz/json.dict tools/fuzz/model-runs.dict >"$dict"
    max_len="${TILESCHED_FUZZ_MAX_LEN:-$max_len}"
    "$build_dir/bin/$target" "$corpus" "$seeds" -dict="$dict" -max_len="$max_len" \
      -timeout="$unit_timeout" -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$artifacts/" "${extra_flags[@]}" >"$log" 2>&1
  fi
  echo $? >"$log.status"
}

report() {
  local target="$1" log="$build_dir/fuzz-$1.log"
  local status execs corpus_size
  status="$(cat "$log.status")"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  corpus_size="$(find "$build_dir/fuzz-corpus/$target" -type f | wc -l)"
  if ((status == 0)); then
    passed=$((passed + 1))
    echo "--> $target: ${execs:-?} executions, corpus $corpus_size inputs, no crash"
  else
    failed=$((failed + 1))
    echo "--> $target: FAILED (exit $status) after ${execs:-?} executions; input(s) in $build_dir/fuzz-artifacts/$target/:"
    ls "$build_dir/fuzz-artifacts/$target"
    grep -m1 -A25 -E '^==[0-9]+==ERROR|fuzz property violated|^SUMMARY|deadly signal|timeout after' "$log"
  fi
}

passed=0
failed=0
for ((i = 0; i < ${#targets[@]}; i += parallel)); do
  batch=("${targets[@]:i:parallel}")
  echo "==> ${batch[*]}: ${seconds}s each, at once (logs: $build_dir/fuzz-<target>.log)"
  for target in "${batch[@]}"; do run "$target" & done
  wait
  for target in "${batch[@]}"; do report "$target"; done
done

echo
echo "$passed passed, $failed failed"
((failed == 0))
