// The npm bin's compiled-module cache (wasm/module-cache.mjs): the first run leaves a background
// writer behind, later runs load its code, and every run prints the native tool's bytes: with
// the cache, without it, and when the cache is damaged, refused by V8 or cannot be written.
import { test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ARG_SETS, assertSameRun, examples, repo, requireBuilt, runBin, runNative, scratchDir } from './harness.mjs';

requireBuilt();

const withCache = (dir) => {
  const env = { ...process.env, TILESCHED_CACHE_DIR: dir };
  delete env.TILESCHED_NO_CACHE;
  return env;
};
const entries = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const codeFiles = (dir) => entries(dir).filter((n) => n.endsWith('.wasm-code'));

// Waits for the background writer: a cache file and no lock.
async function cacheWritten(dir) {
  for (let waited = 0; waited < 120_000; waited += 50) {
    const names = entries(dir);
    if (!names.some((n) => n.endsWith('.lock')) && codeFiles(dir).length) return path.join(dir, codeFiles(dir)[0]);
    await sleep(50);
  }
  assert.fail(`no cache written in ${dir} within 120 s: ${entries(dir).join(', ')}`);
}

const seed = 'examples/seed-worked-example.mlir';

test('the first run writes the cache in the background; later runs load it, byte-identical on every example', async () => {
  const dir = scratchDir();
  const first = runBin([seed, '--emit=json'], undefined, withCache(dir));
  assertSameRun(runNative([seed, '--emit=json']), first, 'first run');
  const file = await cacheWritten(dir);
  // A fresh lock keeps writers away: a run that refused the file would remove it for good.
  writeFileSync(`${file}.lock`, '');
  const before = statSync(file).mtimeMs;
  for (const example of examples()) {
    const rel = path.relative(repo, example);
    for (const args of ARG_SETS) {
      const argv = [rel, ...args];
      assertSameRun(runNative(argv), runBin(argv, undefined, withCache(dir)), `cached: tilesched ${argv.join(' ')}`);
    }
  }
  // Loaded, not refused, and marked as in use for the clean-up of unused files.
  assert.ok(existsSync(file), 'a cached run refused the cache file');
  assert.ok(statSync(file).mtimeMs >= before);
  assert.deepEqual(entries(dir), [path.basename(file), `${path.basename(file)}.lock`]);
});

test('a damaged cache file is not given to V8: the run compiles, and the file is replaced', async () => {
  const dir = scratchDir();
  runBin([seed], undefined, withCache(dir));
  const file = await cacheWritten(dir);
  const damaged = readFileSync(file);
  damaged[damaged.length - 100] ^= 0xff;
  writeFileSync(file, damaged);
  assertSameRun(runNative([seed, '--emit=json']), runBin([seed, '--emit=json'], undefined, withCache(dir)), 'damaged');
  const rewritten = await cacheWritten(dir);
  assert.notDeepEqual(readFileSync(rewritten), damaged);
  // A truncated file as well.
  writeFileSync(rewritten, readFileSync(rewritten).subarray(0, 20));
  assertSameRun(runNative([seed]), runBin([seed], undefined, withCache(dir)), 'truncated');
});

test('code V8 refuses (an intact file of other bytes) is removed, the run compiles', async () => {
  const dir = scratchDir();
  runBin([seed], undefined, withCache(dir));
  const file = await cacheWritten(dir);
  const data = readFileSync(file);
  // Keep the header, replace the code by bytes V8 does not recognise, with a matching digest.
  const magicLength = data.indexOf(0x0a) + 1;
  const junk = Buffer.alloc(4096, 0x5a);
  const digest = createHash('sha256').update(junk).digest();
  writeFileSync(file, Buffer.concat([data.subarray(0, magicLength), digest, junk]));
  assertSameRun(runNative([seed, '--emit=json']), runBin([seed, '--emit=json'], undefined, withCache(dir)), 'refused');
  await cacheWritten(dir);
  assert.notDeepEqual(readFileSync(file).subarray(-4096), junk);
});

test('a writer removes files no run has used for 30 days and temporary files of writers that died', async () => {
  const dir = scratchDir();
  const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
  const stale = ['0123456789abcdef0123456789abcdef.wasm-code', '0123456789abcdef0123456789abcdef.wasm-code.42.tmp'];
  const recent = 'fedcba9876543210fedcba9876543210.wasm-code';
  for (const name of [...stale, recent, 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
  for (const name of [...stale, 'notes.txt']) utimesSync(path.join(dir, name), old, old);
  runBin([seed], undefined, withCache(dir));
  await cacheWritten(dir);
  const written = codeFiles(dir).filter((n) => n !== recent);
  assert.equal(written.length, 1, `written: ${written.join(', ')}`);
  assert.deepEqual(entries(dir), [written[0], recent, 'notes.txt'].sort());
});

test('TILESCHED_NO_CACHE=1 writes nothing; an unwritable cache directory costs only the cache', async () => {
  const dir = scratchDir();
  const env = { ...withCache(path.join(dir, 'cache')), TILESCHED_NO_CACHE: '1' };
  assertSameRun(runNative([seed]), runBin([seed], undefined, env), 'no cache');
  await sleep(300);
  assert.deepEqual(entries(dir), []);
  const blocker = path.join(dir, 'a-file');
  writeFileSync(blocker, '');
  const unwritable = withCache(path.join(blocker, 'cache'));
  assertSameRun(runNative([seed, '--emit=json']), runBin([seed, '--emit=json'], undefined, unwritable), 'unwritable');
  assert.deepEqual(entries(dir), ['a-file']);
});
