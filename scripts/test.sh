#!/usr/bin/env bash
# Runs every tilesched test and closes with one plain line `N passed, N failed` (the sum over
# all runners); exits non-zero when anything failed or a runner broke without a summary.
#   1. native: CTest (Catch2 unit tests, FileCheck golden tests)
#   2. WebAssembly: node --test tests/wasm/ (the module and the npm bin against the native tool),
#      TILESCHED_JOBS files at a time
#   3. web: `npm test` (unit + headless Chromium end-to-end), when package.json defines it
#   4. sanitizers: scripts/sanitize.sh (every native test again under ASan+UBSan, build-san/)
#   5. fuzzing: scripts/fuzz.sh 60 (each libFuzzer target for 60 s, in the same build-san/)
# Builds first through scripts/setup.sh --no-serve, which installs what a fresh machine lacks.
# Environment: as scripts/setup.sh (TILESCHED_BUILD_DIR, TILESCHED_WASM_BUILD_DIR, TILESCHED_JOBS);
# TILESCHED_FUZZ_SECONDS (per target, default 60; 0 skips steps 4 and 5 for a quick local run,
# never in CI).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${TILESCHED_BUILD_DIR:-build}"
wasm_build_dir="${TILESCHED_WASM_BUILD_DIR:-build-wasm}"
jobs="${TILESCHED_JOBS:-2}"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

passed=0
failed=0

# run NAME COMMAND...: runs one runner, echoing its output, and adds its summary to the totals.
run() {
  local name="$1" start="$SECONDS"
  shift
  printf '\n==> %s: %s\n' "$name" "$*"
  "$@" 2>&1 | tee "$logs/$name.log"
  local status="${PIPESTATUS[0]}"
  local counts p=0 f=0
  if counts="$(node scripts/count-tests.mjs "$logs/$name.log")"; then
    read -r p f <<<"$counts"
    passed=$((passed + p))
    failed=$((failed + f))
    echo "--> $name: $p passed, $f failed (exit $status, $((SECONDS - start)) s)"
  else
    echo "--> $name: no test summary (exit $status, $((SECONDS - start)) s)"
  fi
  # A runner that failed without reporting a failed test still counts as one failure.
  if ((status != 0)) && { [[ -z "$counts" ]] || ((f == 0)); }; then
    failed=$((failed + 1))
  fi
}

if ! bash scripts/setup.sh --no-serve; then
  echo "scripts/setup.sh --no-serve failed: nothing was tested"
  echo "0 passed, 1 failed"
  exit 1
fi

echo "--> setup: $SECONDS s"
run ctest ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
run wasm env TILESCHED_NATIVE="$build_dir/bin/tilesched" TILESCHED_WASM_DIR="$wasm_build_dir/wasm" \
  node --test --test-concurrency="$jobs" --test-reporter=tap tests/wasm/
if node -e 'process.exit(require("./package.json").scripts?.test ? 0 : 1)'; then
  run web npm test
fi
fuzz_seconds="${TILESCHED_FUZZ_SECONDS:-60}"
if [[ -n "${CI:-}" || "$fuzz_seconds" != 0 ]]; then
  run sanitize bash scripts/sanitize.sh
  run fuzz bash scripts/fuzz.sh "$((fuzz_seconds > 0 ? fuzz_seconds : 60))"
fi

# The failed tests' names again, just above the total: a CI log may show only its tail.
for log in "$logs"/*.log; do
  node scripts/count-tests.mjs "$log" --failed | head -n 20 | sed "s|^|--> failed in $(basename "$log" .log): |"
done
echo
echo "--> total: $SECONDS s"
echo "$passed passed, $failed failed"
((failed == 0))
