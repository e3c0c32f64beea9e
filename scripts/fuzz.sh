#!/usr/bin/env bash
# Builds the libFuzzer targets (tools/fuzz/, clang-14, ASan+UBSan) and runs each for SECONDS
# (default 60), one target at a time, on a corpus seeded from examples/*.mlir,
# tests/golden/**/*.mlir and tests/fuzz-regressions/<target>/. Prints the executions of each run
# and closes with `N passed, N failed` (one per target). A crash, timeout, leak or violated
# property leaves its input in $build_dir/fuzz-artifacts/<target>/ (docs/fuzzing.md says how it
# becomes a regression test).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]      targets: fuzz_parser fuzz_pipeline (default both)
# Environment: TILESCHED_FUZZ_BUILD_DIR (default build-fuzz), TILESCHED_JOBS (build jobs, 2),
# TILESCHED_FUZZ_MAX_LEN (default 4096 bytes per input), TILESCHED_FUZZ_FLAGS (more libFuzzer flags,
# e.g. "-runs=10000000 -entropic=0" for a long throughput run), TILESCHED_FUZZ_SANITIZERS
# (default address,undefined; "undefined" for a long run in its own build dir; docs/fuzzing.md).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-60}"
shift $(($# > 0 ? 1 : 0))
targets=("$@")
((${#targets[@]})) || targets=(fuzz_parser fuzz_pipeline)
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: SECONDS must be a positive integer (got '$seconds')" >&2
  exit 2
fi
build_dir="${TILESCHED_FUZZ_BUILD_DIR:-build-fuzz}"
jobs="${TILESCHED_JOBS:-2}"
max_len="${TILESCHED_FUZZ_MAX_LEN:-4096}"
sanitizers="${TILESCHED_FUZZ_SANITIZERS:-address,undefined}"
read -r -a extra_flags <<<"${TILESCHED_FUZZ_FLAGS:-}"

if ! command -v clang++-14 >/dev/null; then
  echo "fuzz.sh: clang++-14 is missing (bash scripts/setup.sh installs clang-14 and libclang-rt-14-dev)" >&2
  echo "0 passed, ${#targets[@]} failed"
  exit 1
fi

# RelWithDebInfo without NDEBUG: asserts stay on and reports carry line numbers. Warnings are
# not errors here: the -Werror gate is the g++ build's, and clang warns about other idioms.
echo "==> build ($build_dir, -fsanitize=$sanitizers)"
if ! CXX=clang++-14 cmake -S . -B "$build_dir" -DTILESCHED_FUZZ=ON -DTILESCHED_TESTS=OFF -DTILESCHED_WERROR=OFF \
       -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" \
       -DTILESCHED_FUZZ_SANITIZERS="$sanitizers" >/dev/null ||
   ! cmake --build "$build_dir" -j "$jobs" --target "${targets[@]}"; then
  echo "fuzz.sh: the fuzz build failed"
  echo "0 passed, ${#targets[@]} failed"
  exit 1
fi

passed=0
failed=0
for target in "${targets[@]}"; do
  seeds="$build_dir/fuzz-seeds/$target"
  corpus="$build_dir/fuzz-corpus/$target"
  artifacts="$build_dir/fuzz-artifacts/$target"
  rm -rf "$seeds"
  mkdir -p "$seeds" "$corpus" "$artifacts"
  for f in examples/*.mlir $(find tests/golden -name '*.mlir' | sort); do
    cp "$f" "$seeds/$(echo "$f" | tr / _)"
  done
  [[ -d "tests/fuzz-regressions/$target" ]] && cp "tests/fuzz-regressions/$target"/* "$seeds/" 2>/dev/null
  log="$build_dir/fuzz-$target.log"
  # Seconds one input may take (wall) before libFuzzer calls it a hang. The pipeline's exact
  # search on a small block takes ~0.1 s natively and 100x that under ASan + coverage
  # (docs/fuzzing.md), so its limit is wider than the parser's.
  unit_timeout=5
  [[ "$target" == fuzz_pipeline ]] && unit_timeout=60
  echo "==> $target: ${seconds}s, max_len $max_len (log: $log)"
  "$build_dir/bin/$target" "$corpus" "$seeds" -dict=tools/fuzz/mlir.dict -max_len="$max_len" \
    -timeout="$unit_timeout" -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "${extra_flags[@]}" >"$log" 2>&1
  status=$?
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  corpus_size="$(find "$corpus" -type f | wc -l)"
  if ((status == 0)); then
    passed=$((passed + 1))
    echo "--> $target: ${execs:-?} executions, corpus $corpus_size inputs, no crash"
  else
    failed=$((failed + 1))
    echo "--> $target: FAILED (exit $status) after ${execs:-?} executions; input(s) in $artifacts/:"
    ls "$artifacts"
    grep -m1 -A25 -E '^==[0-9]+==ERROR|fuzz property violated|^SUMMARY|deadly signal|timeout after' "$log"
  fi
done

echo
echo "$passed passed, $failed failed"
((failed == 0))
