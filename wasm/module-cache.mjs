// The npm bin's compiled-module cache (docs/decisions.md, "npm bin start-up"). A run without a
// cache compiles the whole module with V8's baseline tier, ~70 ms of CPU; a run with one
// deserializes code V8's optimising tier made once, in the background, after the first run.
//
// V8 offers no public way to keep compiled wasm in Node 20, so this uses its test interface
// (%SerializeWasmModule / %DeserializeWasmModule) behind checks that make every failure a
// normal compile:
//  - the file is keyed by the module's bytes, Node's and V8's versions, the architecture and
//    every V8 flag the process runs with, and holds the SHA-256 of its payload, checked before
//    V8 reads it (V8 checks only its own version, CPU features and flags);
//  - V8 refuses code made under other flags (it then returns no module) and an unknown
//    intrinsic is a syntax error: both fall back to compiling;
//  - the code is made by a detached child at the lowest priority, so a V8 abort there (it
//    aborts on serializing lazily compiled code) costs the cache, never a user's run.
// TILESCHED_CACHE_DIR moves the cache, TILESCHED_NO_CACHE=1 turns it off.
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// The bin's V8 flags (wasm/cli.mjs says why); the cache's writer runs with the same ones.
export const BIN_V8_FLAGS = ['--wasm-tiering-budget=100000000', '--no-wasm-lazy-compilation'];
// The writer compiles everything with the optimising tier. V8 counts --liftoff into a module's
// flags, so the reader turns it off for the one call that deserializes.
const WRITER_V8_FLAGS = ['--no-liftoff', '--allow-natives-syntax'];
const MAGIC = Buffer.from('tilesched compiled module 1\n', 'latin1');
const DIGEST_BYTES = 32;
// A writer that has not finished in this time died; its lock no longer holds.
const STALE_LOCK_MS = 10 * 60 * 1000;
// A cache file no run has loaded for this long is removed by the next writer.
const UNUSED_MS = 30 * 24 * 60 * 60 * 1000;

// Where the cache lives; null when it is turned off or there is no home directory.
export function cacheDirectory(env = process.env) {
  if (env.TILESCHED_NO_CACHE) return null;
  if (env.TILESCHED_CACHE_DIR) return env.TILESCHED_CACHE_DIR;
  let home = '';
  try {
    home = os.homedir();
  } catch {
    // a user without a home directory
  }
  const base = env.XDG_CACHE_HOME || (home && path.join(home, '.cache'));
  return base ? path.join(base, 'tilesched') : null;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

// Where this module's code is kept for this process, and the module's SHA-256 (the writer checks
// it against the file it compiles). The name hashes everything V8 compiled the code under; the
// processor's model keeps machines that share a home directory from replacing each other's
// files (V8 refuses code made for other CPU features, and a refused file is removed).
export function cacheEntry(dir, wasmBytes) {
  const digest = sha256(wasmBytes).toString('hex');
  const v8Flags = [...process.execArgv, process.env.NODE_OPTIONS ?? '', ...BIN_V8_FLAGS].join('\0');
  const cpu = os.cpus()[0]?.model ?? '';
  const runtime = `${digest}\0${process.version}\0${process.versions.v8}\0${process.arch}\0${cpu}\0${v8Flags}`;
  return { file: path.join(dir, `${sha256(runtime).toString('hex').slice(0, 32)}.wasm-code`), digest };
}

// The cached module, or null (none yet, a damaged file, code V8 refuses: the file is removed).
export function readCachedModule({ file }, wasmBytes) {
  let data;
  try {
    data = readFileSync(file);
  } catch {
    return null;
  }
  try {
    const payload = data.subarray(MAGIC.length + DIGEST_BYTES);
    const intact =
      data.length > MAGIC.length + DIGEST_BYTES &&
      data.subarray(0, MAGIC.length).equals(MAGIC) &&
      sha256(payload).equals(data.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES));
    if (intact) {
      setFlagsFromString('--allow-natives-syntax');
      const deserialize = new Function('code', 'wire', 'return %DeserializeWasmModule(code, wire)');
      setFlagsFromString('--no-liftoff');
      let module;
      try {
        const code = payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.length);
        module = deserialize(code, wasmBytes);
      } finally {
        setFlagsFromString('--liftoff');
      }
      if (module instanceof WebAssembly.Module) {
        // Marks the file as in use for the writers' clean-up (pruneUnused).
        const now = new Date();
        utimesSync(file, now, now);
        return module;
      }
    }
  } catch {
    // An unknown intrinsic (another Node) or a failed read: compile instead.
  }
  rmSync(file, { force: true });
  return null;
}

// Starts the background writer of the cache for this module, once per module and cache
// directory at a time; never fails the run.
export async function scheduleCacheWrite({ file, digest }, wasmPath) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const lock = `${file}.lock`;
    try {
      if (Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return;
      rmSync(lock, { force: true });
    } catch {
      // no lock
    }
    closeSync(openSync(lock, 'wx'));
    // Loaded here only: importing child_process costs every run ~2 ms.
    const { spawn } = await import('node:child_process');
    const self = fileURLToPath(import.meta.url);
    const flags = [...process.execArgv, ...BIN_V8_FLAGS, ...WRITER_V8_FLAGS];
    const child = spawn(process.execPath, [...flags, self, '--write', file, wasmPath, digest], {
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => rmSync(lock, { force: true }));
    try {
      if (child.pid) os.setPriority(child.pid, 19);
    } catch {
      // lowering its priority is a courtesy
    }
    child.unref();
  } catch {
    // no cache this time (a read-only home, no space, a lock held)
  }
}

// Removes the files of modules and runtimes no run has loaded for UNUSED_MS (each upgrade
// leaves one of ~3 MB), and temporary files of writers that died.
function pruneUnused(dir, keep) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (file === keep || !/\.wasm-code(\.\d+\.tmp)?$/.test(name)) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > (name.endsWith('.tmp') ? STALE_LOCK_MS : UNUSED_MS)) rmSync(file);
    } catch {
      // gone already
    }
  }
}

// The writer: compiles the module with the optimising tier, serializes it and renames the file
// into place, so a reader sees a whole file or none. `file` and `digest` are the bin's
// cacheEntry; a module that changed since (its SHA-256 is not `digest`) is left for a later run.
function writeCache(file, wasmPath, digest) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const wasmBytes = readFileSync(wasmPath);
    if (sha256(wasmBytes).toString('hex') !== digest) return;
    const serialize = new Function('module', 'return %SerializeWasmModule(module)');
    const code = Buffer.from(serialize(new WebAssembly.Module(wasmBytes)));
    writeFileSync(tmp, Buffer.concat([MAGIC, sha256(code), code]));
    renameSync(tmp, file);
    pruneUnused(path.dirname(file), file);
  } finally {
    rmSync(tmp, { force: true });
    rmSync(`${file}.lock`, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--write') {
  writeCache(process.argv[3], process.argv[4], process.argv[5]);
}
