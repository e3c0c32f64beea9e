#!/usr/bin/env node
// npm bin `tilesched`: the WebAssembly core behind the native command line. It hands the
// arguments to the same tilesched::runCommandLine as build/bin/tilesched and lets the core ask
// for files by name (FILE, `-` for stdin, --model=PATH, import-hatschet's two files), so it
// prints the native tool's bytes and exit code without a native build.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const here = path.dirname(fileURLToPath(import.meta.url));

// Where tilesched.mjs + tilesched.wasm are: $TILESCHED_WASM_DIR, next to this file (a packed
// npm tarball), or the build tree of scripts/setup.sh.
export function moduleDir() {
  const candidates = [process.env.TILESCHED_WASM_DIR, here, path.join(here, '..', 'build-wasm', 'wasm')];
  const dir = candidates.find(
    (d) => d && existsSync(path.join(d, 'tilesched.mjs')) && existsSync(path.join(d, 'tilesched.wasm')),
  );
  if (!dir) throw new Error('tilesched.mjs/tilesched.wasm not found; run `bash scripts/setup.sh --no-serve` first');
  return dir;
}

// The module is built for web/worker; in Node it loads from bytes (Emscripten 3.1.6 would
// otherwise fetch() a file path, playground-and-toolchain.md §0.2).
export async function loadTilesched(dir = moduleDir()) {
  const { default: createTilesched } = await import(pathToFileURL(path.join(dir, 'tilesched.mjs')).href);
  return createTilesched({ wasmBinary: readFileSync(path.join(dir, 'tilesched.wasm')) });
}

// The core's file reader: raw bytes (a Buffer, so non-UTF-8 input stays as it is), standard
// input for `-`, null when the path cannot be read.
export function readInput(p) {
  try {
    return readFileSync(p === '-' ? 0 : p);
  } catch {
    return null;
  }
}

export async function main(args) {
  let tilesched;
  try {
    tilesched = await loadTilesched();
  } catch (e) {
    process.stderr.write(`tilesched: cannot load the WebAssembly module: ${e.message}\n`);
    return 2;
  }
  const result = tilesched.runCli(args, readInput, undefined);
  // Streams, not writeSync: a full pipe must wait, not fail with EAGAIN. Node flushes them
  // before it exits with process.exitCode.
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

// One run of the bin is one short call: the module stays in V8's baseline tier (Liftoff), each
// function compiled when the run first reaches it. Tiering up to TurboFan costs more CPU than it
// saves until a run lasts seconds (docs/benchmarks.md, "npm bin"), so only a function that runs
// about 100 MB of code tiers up. In-process users (tests, benches) keep V8's defaults.
const invokedAsScript = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedAsScript) {
  setFlagsFromString('--wasm-tiering-budget=100000000');
  process.exitCode = await main(process.argv.slice(2));
}
