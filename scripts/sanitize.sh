#!/usr/bin/env bash
# Builds the native tests with AddressSanitizer + UndefinedBehaviorSanitizer in build-san/ (the
# build scripts/fuzz.sh fuzzes in: scripts/sanitized-build.sh) and runs them with ctest: any memory
# error, leak or undefined behaviour fails the test that hit it. Property tests read
# TILESCHED_TEST_SCALE and run a fraction of their cases (docs/fuzzing.md).
#
#   bash scripts/sanitize.sh [CTEST_ARGS...]
# Environment: TILESCHED_SANITIZE_BUILD_DIR (default build-san), TILESCHED_JOBS (default 2),
# TILESCHED_TEST_SCALE (default 0.1 here).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${TILESCHED_SANITIZE_BUILD_DIR:-build-san}"
jobs="${TILESCHED_JOBS:-2}"
source scripts/sanitized-build.sh

if ! sanitized_build "$build_dir" address,undefined "$jobs"; then
  echo "sanitize.sh: the sanitizer build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TILESCHED_TEST_SCALE="${TILESCHED_TEST_SCALE:-0.1}"
echo "==> ctest under ASan+UBSan (TILESCHED_TEST_SCALE=$TILESCHED_TEST_SCALE)"
ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" "$@"
