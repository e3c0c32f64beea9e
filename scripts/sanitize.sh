#!/usr/bin/env bash
# Builds the native tests with AddressSanitizer + UndefinedBehaviorSanitizer (g++, the compiler
# Debian's prebuilt Catch2 main comes from) in build-asan/ and runs them with ctest: any memory
# error, leak or undefined behaviour fails the test that hit it. Property tests read
# TILESCHED_TEST_SCALE and run a fraction of their cases (docs/fuzzing.md).
#
#   bash scripts/sanitize.sh [CTEST_ARGS...]
# Environment: TILESCHED_ASAN_BUILD_DIR (default build-asan), TILESCHED_JOBS (default 2),
# TILESCHED_TEST_SCALE (default 0.1 here).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${TILESCHED_ASAN_BUILD_DIR:-build-asan}"
jobs="${TILESCHED_JOBS:-2}"

# -O1 keeps sanitized tests fast enough and stacks readable; NDEBUG stays off so asserts fire.
# Warnings are not errors here: the instrumentation makes g++ 12 report false -Wmaybe-uninitialized
# inside libstdc++ (std::regex); the -Werror gate is the normal build's.
echo "==> build ($build_dir)"
if ! cmake -S . -B "$build_dir" -DTILESCHED_SANITIZE=ON -DTILESCHED_WERROR=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" >/dev/null ||
   ! cmake --build "$build_dir" -j "$jobs"; then
  echo "sanitize.sh: the sanitizer build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TILESCHED_TEST_SCALE="${TILESCHED_TEST_SCALE:-0.1}"
echo "==> ctest under ASan+UBSan (TILESCHED_TEST_SCALE=$TILESCHED_TEST_SCALE)"
ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" "$@"
