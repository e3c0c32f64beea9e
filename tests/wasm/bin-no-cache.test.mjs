// The npm bin keeps nothing between runs (docs/decisions.md, "npm bin start-up"): it compiles
// the module from tilesched.wasm in every run and never reads, runs, removes or writes a cache
// file. The attacks on the compiled-module cache it once had stay harmless: files planted where
// that cache lived (its name derived from public facts, as an attacker derives it) are not
// read, not run and not changed, whatever they are (code with a recomputed digest, damaged
// bytes, a FIFO, a read-only directory, a 1 GiB file); symlinks planted at its temporary files'
// names overwrite nothing; and no file of the project turns on V8's natives syntax or changes
// V8's flags at run time, which Node documents as unsupported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cliBin, repo, requireBuilt, runNative, scratchDir, wasmDir } from './harness.mjs';

requireBuilt();

const seed = 'examples/seed-worked-example.mlir';
const ARGS = [seed, '--emit=json'];
const expected = runNative(ARGS);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

// Where the removed cache kept this module's code: `<hash>.wasm-code`, the hash over the
// module's bytes, Node's and V8's versions, the architecture, the processor's model and the V8
// flags of `node wasm/cli.mjs`. All public: anyone who can write the directory can name it.
function oldCacheFile(dir) {
  const digest = sha256(readFileSync(path.join(wasmDir, 'tilesched.wasm'))).toString('hex');
  const flags = ['', '--wasm-tiering-budget=100000000', '--no-wasm-lazy-compilation'].join('\0');
  const runtime = `${digest}\0${process.version}\0${process.versions.v8}\0${process.arch}\0${os.cpus()[0]?.model ?? ''}\0${flags}`;
  return path.join(dir, `${sha256(runtime).toString('hex').slice(0, 32)}.wasm-code`);
}

// A cache file as the removed cache checked it: its magic line, the SHA-256 of the payload
// (recomputed by whoever planted it), the payload.
const MAGIC = Buffer.from('tilesched compiled module 1\n', 'latin1');
const withDigest = (payload) => Buffer.concat([MAGIC, sha256(payload), payload]);

// An environment whose every cache location is inside `dir`: TILESCHED_CACHE_DIR, and the
// default ones ($XDG_CACHE_HOME/tilesched, ~/.cache/tilesched) for the runs without it.
function cacheEnv(dir, { explicit = true } = {}) {
  const env = { ...process.env, HOME: path.join(dir, 'home'), XDG_CACHE_HOME: path.join(dir, 'xdg') };
  delete env.TILESCHED_NO_CACHE;
  if (explicit) env.TILESCHED_CACHE_DIR = path.join(dir, 'cache');
  else delete env.TILESCHED_CACHE_DIR;
  return env;
}

// Every entry under `dir`: type, mode, size, times and, for a file, its bytes' SHA-256
// (lstat: a link is described, not followed).
function snapshot(dir) {
  const out = {};
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      const s = lstatSync(p);
      const kind = s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'dir' : s.isFIFO() ? 'fifo' : 'file';
      const hash = kind === 'file' && s.size < 64 << 20 ? sha256(readFileSync(p)).toString('hex') : '';
      out[path.relative(dir, p)] = `${kind} ${s.mode.toString(8)} ${s.size} ${s.mtimeMs} ${s.ctimeMs} ${hash}`;
      if (kind === 'dir') walk(p);
    }
  };
  walk(dir);
  return out;
}

// One bin run under GNU time, killed after `seconds` with every process it started (timeout
// signals its whole process group): {status, hung, stdout, stderr, rssKiB}.
function runBinTimed(env, seconds = 60) {
  const timing = path.join(os.tmpdir(), `tilesched-bin-time-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const command = ['-s', 'KILL', String(seconds), '/usr/bin/time', '-f', '%M', '-o', timing, process.execPath, cliBin, ...ARGS];
  const r = spawnSync('timeout', command, { cwd: repo, env, input: '', maxBuffer: 256 << 20 });
  const rssKiB = existsSync(timing) ? Number(readFileSync(timing, 'utf8').trim().split('\n').at(-1)) : NaN;
  rmSync(timing, { force: true });
  const hung = r.signal !== null || r.status === 124 || r.status === 137;
  return { status: r.status, hung, stdout: r.stdout, stderr: r.stderr, rssKiB };
}

// The run prints the native tool's bytes and exit code in time, and leaves `dir` as it was.
async function assertUntouched(dir, env, what) {
  const before = snapshot(dir);
  const r = runBinTimed(env);
  assert.ok(!r.hung, `${what}: the bin was killed after 60 s: it hung`);
  assert.equal(r.stderr.toString(), expected.stderr.toString(), `${what}: stderr`);
  assert.ok(r.stdout.equals(expected.stdout), `${what}: stdout differs from the native tool's`);
  assert.equal(r.status, expected.status, `${what}: exit status`);
  assert.ok(r.rssKiB < 512 * 1024, `${what}: peak RSS ${r.rssKiB} KiB`);
  // A writer the run might have left behind has time to show itself.
  await sleep(300);
  assert.deepEqual(snapshot(dir), before, `${what}: the cache directories changed`);
}

test('no file of the project turns on V8 natives syntax or sets V8 flags at run time', () => {
  // Spelled in two parts, so this file does not match itself.
  const forbidden = ['allow-natives' + '-syntax', 'setFlags' + 'FromString', '%Deserialize' + 'WasmModule'];
  const skipped = new Set(['.git', 'node_modules', 'dist', 'artifacts']);
  const hits = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (skipped.has(entry.name) || (d === repo && entry.name.startsWith('build'))) continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && statSync(p).size < 16 << 20) {
        const text = readFileSync(p, 'latin1');
        for (const word of forbidden) if (text.includes(word)) hits.push(`${path.relative(repo, p)}: ${word}`);
      }
    }
  };
  walk(repo);
  assert.deepEqual(hits, []);
});

test('a cache file planted in TILESCHED_CACHE_DIR or the default cache directories is not read, run or changed', async () => {
  const dir = scratchDir();
  try {
    // Code with a digest recomputed to match: the removed cache handed such a file to V8.
    const planted = withDigest(Buffer.alloc(4096, 0xcc));
    for (const cache of [path.join(dir, 'cache'), path.join(dir, 'xdg', 'tilesched'), path.join(dir, 'home', '.cache', 'tilesched')]) {
      mkdirSync(cache, { recursive: true });
      writeFileSync(oldCacheFile(cache), planted);
    }
    await assertUntouched(dir, cacheEnv(dir), 'TILESCHED_CACHE_DIR');
    await assertUntouched(dir, cacheEnv(dir, { explicit: false }), 'XDG_CACHE_HOME');
    const env = cacheEnv(dir, { explicit: false });
    delete env.XDG_CACHE_HOME;
    await assertUntouched(dir, env, '~/.cache');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('symlinks planted at the old temporary cache files overwrite nothing', async () => {
  const dir = scratchDir();
  try {
    const cache = path.join(dir, 'cache');
    mkdirSync(cache);
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, 'a file the attacker wants overwritten\n', { mode: 0o600 });
    // The removed cache's writer wrote <cache file>.<its pid>.tmp; the writer was the bin's
    // child, so its pid is one of the next ones the kernel hands out.
    const proc = (name, fallback) => {
      try {
        return Number(readFileSync(`/proc/sys/kernel/${name}`, 'utf8'));
      } catch {
        return fallback; // a kernel without it: the pids after this process's
      }
    };
    const pidMax = proc('pid_max', 32768);
    const lastPid = proc('ns_last_pid', process.pid);
    for (let k = 1; k <= 3000; ++k) {
      const pid = 300 + ((lastPid + k - 300) % (pidMax - 300));
      symlinkSync(victim, `${oldCacheFile(cache)}.${pid}.tmp`);
    }
    const before = readFileSync(victim);
    const r = runBinTimed(cacheEnv(dir));
    assert.equal(r.status, expected.status);
    // Whatever the run started in the background has finished when no lock file is left.
    for (let waited = 0; waited < 60_000 && readdirSync(cache).some((n) => n.endsWith('.lock')); waited += 100) await sleep(100);
    assert.ok(readFileSync(victim).equals(before), 'the symlinked file was overwritten');
    await assertUntouched(dir, cacheEnv(dir), 'planted symlinks');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A file planted where the removed cache kept this module's code, by `plant(file)`.
function plantedCacheTest(what, plant) {
  test(`a ${what} at the cache file's name neither fails, hangs nor slows a run, and stays as it is`, async () => {
    const dir = scratchDir();
    const cache = path.join(dir, 'cache');
    try {
      mkdirSync(cache);
      plant(oldCacheFile(cache), cache);
      await assertUntouched(dir, cacheEnv(dir), what);
    } finally {
      chmodSync(cache, 0o755);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

plantedCacheTest('damaged file', (file) => {
  const damaged = withDigest(Buffer.alloc(4096, 0x5a));
  damaged[damaged.length - 100] ^= 0xff;
  writeFileSync(file, damaged);
});
plantedCacheTest('truncated file', (file) => writeFileSync(file, withDigest(Buffer.alloc(4096, 0x5a)).subarray(0, 20)));
plantedCacheTest('FIFO', (file) => execFileSync('mkfifo', [file]));
plantedCacheTest('read-only file in a read-only directory', (file, cache) => {
  writeFileSync(file, withDigest(Buffer.alloc(4096, 0xcc)));
  chmodSync(file, 0o444);
  chmodSync(cache, 0o555);
});
plantedCacheTest('1 GiB sparse file', (file) => {
  const fd = openSync(file, 'w');
  ftruncateSync(fd, 2 ** 30);
  closeSync(fd);
});
