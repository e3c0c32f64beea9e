#!/usr/bin/env node
// npm bin `tilesched`: the WebAssembly core behind the native command line. It hands the
// arguments to the same tilesched::runCommandLine as build/bin/tilesched and lets the core ask
// for files by name (FILE, `-` for stdin, --model=PATH), so it prints the native tool's bytes
// and exit code without a native build (import-hatschet is the native tool's alone).
import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
// 3.1.6 would otherwise fetch() a file path, which Node's fetch cannot parse), in every run:
// nothing compiled is kept between runs (docs/decisions.md, "npm bin start-up"). Compiling
// starts before the glue is imported, so V8's compiler threads work while the glue loads, and
// the glue instantiates the compiled module (its instantiateWasm hook). The loader's own
// messages are kept back: a failed load is reported once, by the caller.
export async function loadTilesched(dir = moduleDir()) {
  const [wasmModule, { default: createTilesched }] = await Promise.all([
    WebAssembly.compile(readFileSync(path.join(dir, 'tilesched.wasm'))),
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

// The V8 flags of a bin run. One run is one short call, so the module stays in V8's baseline
// tier (Liftoff): tiering up to TurboFan costs more CPU than it saves until a run lasts seconds,
// so only a function that runs about 100 MB of code tiers up. The whole module is compiled up
// front, on V8's compiler threads, instead of each function when the run first reaches it.
// Node documents V8 flags as command-line options (changing them at run time is unsupported),
// so a process started without them (`node wasm/cli.mjs`, npx) runs the bin again in a child
// that has them (docs/decisions.md, "npm bin start-up"). In-process users (tests, benches, the
// playground's worker) keep V8's defaults.
export const BIN_V8_FLAGS = ['--wasm-tiering-budget=100000000', '--no-wasm-lazy-compilation'];

// A V8 with its WebAssembly trap handler reserves ~10 GB of address space per module memory,
// which an address-space limit (ulimit -v) refuses; the child then gets inline bounds checks
// (Node's --disable-wasm-trap-handler), a little slower but within the limit. Under a known
// limit this is decided before the module is compiled once for nothing, and the module memory's
// maximum is what the limit leaves after Node's own mappings and a reserve for V8's code space
// and the JS copies of the input files and the output.
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

// Runs the bin in a child with the bin's V8 flags, without the trap handler when asked or under
// `limit`; its exit status. child_process is imported here: the child, which runs the module,
// never needs it (importing it costs ~2 ms).
async function rerun(args, { trapHandler, limit }) {
  const { spawnSync } = await import('node:child_process');
  const flags = [...BIN_V8_FLAGS];
  if (!trapHandler || Number.isFinite(limit)) flags.push('--disable-wasm-trap-handler');
  if (Number.isFinite(limit)) {
    const mapped = procBytes('/proc/self/status', /^VmSize:\s+(\d+)/m, 1024);
    const pages = Math.floor((limit - mapped - NODE_RESERVE_BYTES) / WASM_PAGE_BYTES);
    flags.push(`--wasm-max-mem-pages=${Math.min(16384, Math.max(256, pages || 256))}`);
  }
  // The child opens no connection: extra certificates would cost its start ~85 ms for nothing.
  const { NODE_EXTRA_CA_CERTS, ...env } = process.env;
  const r = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), ...args], { stdio: 'inherit', env });
  return r.status ?? 2;
}

// Exit 2 with a message when stdout or stderr cannot be written (a full disk, /dev/full); a
// reader that closed the pipe (`| head`) ends the run quietly, as the native tool does.
export async function main(args) {
  const trapHandler = !process.execArgv.includes('--disable-wasm-trap-handler');
  const limit = trapHandler ? addressSpaceLimit() : Infinity;
  if (!BIN_V8_FLAGS.every((f) => process.execArgv.includes(f)) || Number.isFinite(limit))
    return rerun(args, { trapHandler, limit });
  let tilesched;
  try {
    tilesched = await loadTilesched();
  } catch (e) {
    if (/Out of memory|Cannot allocate Wasm memory/i.test(String(e?.message ?? e)) && trapHandler)
      return rerun(args, { trapHandler: false, limit: Infinity });
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
  return result.exitCode;
}

const invokedAsScript = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedAsScript) process.exitCode = await main(process.argv.slice(2));
