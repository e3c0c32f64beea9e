#!/usr/bin/env node
// npm bin `tilesched`: the WebAssembly core behind the native command line. It hands the
// arguments to the same tilesched::runCommandLine as build/bin/tilesched and lets the core ask
// for files by name (FILE, `-` for stdin, --model=PATH, import-hatschet's two files), so it
// prints the native tool's bytes and exit code without a native build.
import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

import { BIN_V8_FLAGS, cacheDirectory, cacheEntry, readCachedModule, scheduleCacheWrite } from './module-cache.mjs';

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

// The module is built for web/worker; in Node it is compiled from the file's bytes (Emscripten
// 3.1.6 would otherwise fetch() a file path, playground-and-toolchain.md §0.2), unless the
// caller passes the module (compiled, or a promise of it: the bin's cache). Compiling starts
// before the glue is imported, so V8's compiler threads work while the glue loads, and the glue
// instantiates the compiled module (its instantiateWasm hook). The loader's own messages are
// kept back: a failed load is reported once, by the caller.
export async function loadTilesched(dir = moduleDir(), module = null) {
  const [wasmModule, { default: createTilesched }] = await Promise.all([
    module ?? WebAssembly.compile(readFileSync(path.join(dir, 'tilesched.wasm'))),
    import(pathToFileURL(path.join(dir, 'tilesched.mjs')).href),
  ]);
  // A failed instantiation (no memory for the module) is not seen by the glue's own promise.
  return new Promise((resolve, reject) => {
    createTilesched({
      instantiateWasm: (imports, receiveInstance) => {
        WebAssembly.instantiate(wasmModule, imports).then((instance) => receiveInstance(instance, wasmModule), reject);
        return {};
      },
      printErr: () => {},
    }).then(resolve, reject);
  });
}

// Sleeps without a busy loop while a non-blocking stdin has no data yet.
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// The core's file reader: at most `maxBytes` raw bytes (a Buffer, so non-UTF-8 input stays as
// it is; a 2 GiB file or /dev/zero is never read whole), standard input for `-`, null when the
// path cannot be read.
export function readInput(p, maxBytes = Infinity) {
  let fd = -1;
  try {
    fd = p === '-' ? 0 : openSync(p, 'r');
    const chunks = [];
    let total = 0;
    while (total < maxBytes) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 16, maxBytes - total));
      let n;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        if (e.code !== 'EAGAIN') throw e;
        pause(5);
        continue;
      }
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    return Buffer.concat(chunks, total);
  } catch {
    return null;
  } finally {
    if (fd > 0) closeSync(fd);
  }
}

// Writes `bytes` to a standard stream; resolves to null, or to the error that stopped it. The
// stream keeps a listener, so a late error event cannot end the process with a stack trace.
function write(stream, bytes) {
  if (!stream.listenerCount('error')) stream.on('error', () => {});
  return new Promise((resolve) => {
    try {
      stream.write(bytes, (e) => resolve(e ?? null));
    } catch (e) {
      resolve(e);
    }
  });
}

// A V8 with its WebAssembly trap handler reserves ~10 GB of address space per module memory,
// which an address-space limit (ulimit -v) refuses; the same bin then runs again with inline
// bounds checks (Node's --disable-wasm-trap-handler), a little slower but within the limit.
// Under a known limit the rerun happens before the module is compiled once for nothing, and the
// module memory's maximum is what the limit leaves after Node's own mappings and a reserve for
// V8's code space and the JS copies of the input files and the output.
const NODE_RESERVE_BYTES = 512 * 2 ** 20;
const WASM_PAGE_BYTES = 65536;

function procBytes(file, pattern, scale) {
  try {
    const m = pattern.exec(readFileSync(file, 'utf8'));
    return m ? Number(m[1]) * scale : Infinity;
  } catch {
    return Infinity;
  }
}

// The soft address-space limit in bytes; Infinity when there is none or it cannot be read.
const addressSpaceLimit = () => procBytes('/proc/self/limits', /^Max address space\s+(\d+)/m, 1);

// child_process is loaded only here: importing it costs every run ~2 ms of a ~50 ms budget.
async function rerunWithoutTrapHandler(args, limit) {
  const { spawnSync } = await import('node:child_process');
  const flags = ['--disable-wasm-trap-handler'];
  if (Number.isFinite(limit)) {
    const mapped = procBytes('/proc/self/status', /^VmSize:\s+(\d+)/m, 1024);
    const pages = Math.floor((limit - mapped - NODE_RESERVE_BYTES) / WASM_PAGE_BYTES);
    flags.push(`--wasm-max-mem-pages=${Math.min(16384, Math.max(256, pages || 256))}`);
  }
  const r = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
    env: { ...process.env, TILESCHED_NO_TRAP_HANDLER: '1' },
  });
  return r.status ?? 2;
}

// Exit 2 with a message when stdout or stderr cannot be written (a full disk, /dev/full); a
// reader that closed the pipe (`| head`) ends the run quietly, as the native tool does.
export async function main(args) {
  const limit = process.env.TILESCHED_NO_TRAP_HANDLER ? Infinity : addressSpaceLimit();
  if (Number.isFinite(limit)) return rerunWithoutTrapHandler(args, limit);
  const cacheDir = cacheDirectory();
  let tilesched, wasmPath, cache, cached;
  try {
    const dir = moduleDir();
    wasmPath = path.join(dir, 'tilesched.wasm');
    const wasmBytes = readFileSync(wasmPath);
    cache = cacheDir && cacheEntry(cacheDir, wasmBytes);
    cached = cache ? readCachedModule(cache, wasmBytes) : null;
    tilesched = await loadTilesched(dir, cached ?? WebAssembly.compile(wasmBytes));
  } catch (e) {
    if (/Out of memory|Cannot allocate Wasm memory/i.test(String(e?.message ?? e)) && !process.env.TILESCHED_NO_TRAP_HANDLER)
      return rerunWithoutTrapHandler(args, Infinity);
    process.stderr.write(`tilesched: cannot load the WebAssembly module: ${e?.message ?? e}\n`);
    return 2;
  }
  const result = tilesched.runCli(args, readInput, undefined);
  // Streams, not writeSync: a full pipe must wait, not fail with EAGAIN.
  const outError = await write(process.stdout, result.stdout);
  if (outError) {
    if (outError.code !== 'EPIPE') await write(process.stderr, `tilesched: error: cannot write the output (${outError.code})\n`);
    return 2;
  }
  if (await write(process.stderr, result.stderr)) return 2;
  if (cache && !cached) await scheduleCacheWrite(cache, wasmPath);
  return result.exitCode;
}

// One run of the bin is one short call: the module stays in V8's baseline tier (Liftoff).
// Tiering up to TurboFan costs more CPU than it saves until a run lasts seconds
// (docs/benchmarks.md, "npm bin"), so only a function that runs about 100 MB of code tiers up.
// The whole module is compiled up front, on V8's compiler threads: compiling each function when
// the run first reaches it (V8's lazy default) took ~50 ms of the main thread on
// attention-forward, eager compiling ~25 ms of wall time. Later runs skip the compile: they load
// the code the cache's background writer made after the first run (wasm/module-cache.mjs).
// In-process users (tests, benches) keep V8's defaults.
const invokedAsScript = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedAsScript) {
  setFlagsFromString(BIN_V8_FLAGS.join(' '));
  process.exitCode = await main(process.argv.slice(2));
}
