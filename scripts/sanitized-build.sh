# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: the one clang-14 build both use, the core
# libraries with ASan+UBSan and libFuzzer's coverage, the tests and the CLI with ASan+UBSan, the
# fuzz targets with libFuzzer. Configured with the same flags from either script, the project is
# compiled once for both (CI compiled it twice, with g++ for the tests and clang for the fuzzers,
# and that was its longest step). -O1 with line tables: reports keep file and line; asserts stay
# on (no NDEBUG). Warnings are not errors here: the -Werror gate is the g++ build's.
#
#   sanitized_build DIR SANITIZERS JOBS [TARGET...]   (every target when none is named)
sanitized_build() {
  local dir="$1" sanitizers="$2" jobs="$3"
  shift 3
  if ! command -v clang++-14 >/dev/null; then
    echo "clang++-14 is missing (bash scripts/setup.sh installs clang-14 and libclang-rt-14-dev)" >&2
    return 1
  fi
  local targets=()
  (($#)) && targets=(--target "$@")
  echo "==> build ($dir, clang++-14 -fsanitize=$sanitizers)"
  CXX=clang++-14 cmake -S . -B "$dir" -DTILESCHED_SANITIZE=ON -DTILESCHED_SANITIZERS="$sanitizers" \
    -DTILESCHED_FUZZ=ON -DTILESCHED_WERROR=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" >/dev/null &&
    cmake --build "$dir" -j "$jobs" "${targets[@]}"
}
