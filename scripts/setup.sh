#!/usr/bin/env bash
# Sets tilesched up on a fresh Debian 12 machine and starts the main job, the playground:
#   1. Debian packages (as root, or through sudo)   2. npm packages, Debian's CaDiCaL source
#   3. native build -> build/bin/tilesched           4. WebAssembly build -> build-wasm/wasm/
#   5. playground build and local server (127.0.0.1; the URL is printed)
# Idempotent: what is installed or built already is reused.
#
#   bash scripts/setup.sh              everything, then serve the playground (Ctrl-C stops it)
#   bash scripts/setup.sh --no-serve   everything but step 5's server (CI; scripts/test.sh)
# Environment: TILESCHED_NO_SERVE=1 (= --no-serve), TILESCHED_BUILD_DIR (default build),
# TILESCHED_WASM_BUILD_DIR (default build-wasm), TILESCHED_JOBS (default 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

serve=1
[[ "${TILESCHED_NO_SERVE:-0}" == 1 ]] && serve=0
for arg in "$@"; do
  case "$arg" in
    --no-serve) serve=0 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

build_dir="${TILESCHED_BUILD_DIR:-build}"
wasm_build_dir="${TILESCHED_WASM_BUILD_DIR:-build-wasm}"
jobs="${TILESCHED_JOBS:-2}"

step() { printf '\n==> %s\n' "$*"; }

# Emscripten 3.1.6 needs Debian's acorn for -O2 and above; Node finds it only through NODE_PATH.
export NODE_PATH=/usr/share/nodejs

install_debian_packages() {
  local packages=(cmake g++ make git python3 curl catch2 nlohmann-json3-dev
    emscripten clang-14 clang-format-14 llvm-14-tools libclang-rt-14-dev chromium)
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  step "Debian packages"
  if ((${#missing[@]} == 0)); then
    echo "all installed"
    return
  fi
  echo "installing: ${missing[*]}"
  local sudo=()
  ((EUID == 0)) || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

check_node() {
  step "Node.js"
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "setup.sh: node >= 20 and npm are required (the machine image ships them)" >&2
    exit 1
  fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  if ((major < 20)); then
    echo "setup.sh: node $(node --version) is too old; tilesched needs node >= 20" >&2
    exit 1
  fi
  echo "node $(node --version), npm $(npm --version)"
}

# True when package.json declares (dev)dependencies or the given npm script.
package_has() {
  node -e '
    const p = JSON.parse(require("fs").readFileSync("package.json", "utf8"));
    const [kind, name] = process.argv.slice(1);
    const ok = kind === "deps"
      ? Object.keys({ ...p.dependencies, ...p.devDependencies }).length > 0
      : Boolean(p.scripts && p.scripts[name]);
    process.exit(ok ? 0 : 1);' "$@"
}

install_npm_packages() {
  step "npm packages"
  if ! package_has deps; then
    echo "package.json declares no dependencies"
    return
  fi
  if [[ -f package-lock.json ]]; then
    # npm writes node_modules/.package-lock.json last; newer than the lock = up to date.
    if [[ node_modules/.package-lock.json -nt package-lock.json ]]; then
      echo "node_modules is up to date with package-lock.json"
      return
    fi
    npm ci --no-audit --no-fund
  else
    npm install --no-audit --no-fund
  fi
}

build_native() {
  step "native build ($build_dir)"
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build_dir" -j "$jobs"
  echo "native tool: $build_dir/bin/tilesched"
}

build_wasm() {
  step "WebAssembly build ($wasm_build_dir)"
  # Our own emulator stops emcmake adding --experimental-wasm-threads, which Node 20 rejects.
  emcmake cmake -S . -B "$wasm_build_dir" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch"
  cmake --build "$wasm_build_dir" -j "$jobs"
  echo "module: $wasm_build_dir/wasm/tilesched.mjs + tilesched.wasm (copied to web/public/wasm/)"
}

build_web() {
  step "playground build"
  if package_has script build; then
    npm run build
  else
    echo "package.json has no build script yet: nothing to build"
  fi
}

serve_web() {
  step "playground"
  if package_has script serve; then
    echo "serving web/dist on 127.0.0.1 (Ctrl-C stops it)"
    exec npm run serve
  fi
  echo "package.json has no serve script yet; the native tool is $build_dir/bin/tilesched"
  echo "and the npm bin is wasm/cli.mjs (node wasm/cli.mjs FILE --emit=json)."
}

install_debian_packages
check_node
install_npm_packages
step "CaDiCaL source (Debian's cadical source package)"
bash scripts/fetch-cadical.sh
build_native
build_wasm
build_web
if ((serve)); then
  serve_web
fi
step "setup done"
