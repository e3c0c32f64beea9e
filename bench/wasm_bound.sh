#!/usr/bin/env bash
# How close to native the engines run this code at all: the module built without the size
# budget's constraints, then bench/wasm_vs_native.mjs on it, the same examples and command line.
#   bash bench/wasm_bound.sh [BUILD_DIR [ARGS...]]   (default build-wasm-bound; ARGS as for
#   bench/wasm_vs_native.mjs; TILESCHED_JOBS, default 2)
# The build: -O3 for every source, and -fignore-exceptions (no landing pads: only a run that runs
# out of memory or hits an internal error throws, and such a run would then leak what its frames
# held). It is a yardstick, not a module to ship: about 650 KB gzip against the 400 KB budget.
# It prints the bench's summary lines (BOUND_ROWS=1: every line).
# The shipped module's figure (bench/wasm_vs_native.mjs on build-wasm) is read against it:
# what the budget's -Oz costs is the difference, what the engines cost is this bound.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build-wasm-bound}"
shift || true
jobs="${TILESCHED_JOBS:-2}"
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
emcmake cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
  "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch" \
  -DTILESCHED_TESTS=OFF -DTILESCHED_WASM_COPY_TO_WEB=OFF \
  "-DTILESCHED_WASM_BASE_OPT=-O3;-fignore-exceptions" \
  "-DTILESCHED_WASM_SPEED_SOURCE_OPT=-O3;-fignore-exceptions" >/dev/null
cmake --build "$dir" -j "$jobs" --target tilesched_wasm >/dev/null
TILESCHED_WASM_BUILD_DIR="$dir" node bench/wasm_vs_native.mjs "$@" |
  if [ "${BOUND_ROWS:-0}" = 1 ]; then cat; else
    awk '/^  total .*KB gzip/ { sub(/^  total +/, "module size (gzip -9): "); print; next }
         /^  (total|example) |^wasm\/native|load average/'
  fi
