#!/usr/bin/env node
// Two builds of the WebAssembly module against each other, in one process (the A/B figures of
// docs/decisions.md, "WebAssembly module", were measured with it):
//   node bench/wasm_ab.mjs OLD_WASM_DIR NEW_WASM_DIR [RUNS]   (default 41; an example whose
//   first run takes over 20 ms a quarter of that, at least 5)
// Per examples/*.mlir, `--emit=json --trace` runs alternately in A and B (the order flips every
// round, so drift and warm caches weigh on both alike), then the median time of each, B/A, and
// whether both printed the same bytes; last, the geometric mean of B/A. V8's optimising tier
// compiles both modules up front (--no-liftoff), as in bench/wasm_vs_native.mjs.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';

// --no-liftoff is a V8 command-line option (Node does not support changing V8's flags at run
// time): without it, the bench runs itself again with it.
if (!process.execArgv.includes('--no-liftoff')) {
  process.exit(spawnSync(process.execPath, ['--no-liftoff', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' }).status ?? 1);
}

const [dirA, dirB, runsText = '41'] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node bench/wasm_ab.mjs OLD_WASM_DIR NEW_WASM_DIR [RUNS]');
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number.parseInt(runsText, 10);
const { loadTilesched } = await import('../wasm/cli.mjs');
const [a, b] = await Promise.all([loadTilesched(path.resolve(dirA)), loadTilesched(path.resolve(dirB))]);

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const examples = readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.mlir')).sort();

console.log(`${'example'.padEnd(36)} ${'A us'.padStart(8)} ${'B us'.padStart(8)}  B/A`);
let logSum = 0;
for (const example of examples) {
  const file = path.join('examples', example);
  const files = { [file]: readFileSync(path.join(repo, file)) };
  const argv = [file, '--emit=json', '--trace'];
  const start = performance.now();
  const first = a.runCli(argv, files, undefined).stdout;
  const slow = performance.now() - start > 20;
  const same = Buffer.compare(first, b.runCli(argv, files, undefined).stdout) === 0;
  const times = [[], []];
  const n = slow ? Math.max(5, runs >> 2) : runs;
  for (let i = 0; i < n; ++i) {
    for (const side of i % 2 ? [0, 1] : [1, 0]) {
      const start = performance.now();
      (side ? b : a).runCli(argv, files, undefined);
      times[side].push((performance.now() - start) * 1000);
    }
  }
  const [ta, tb] = times.map(median);
  logSum += Math.log(tb / ta);
  const note = same ? '' : '  OUTPUT DIFFERS';
  console.log(`${example.padEnd(36)} ${ta.toFixed(0).padStart(8)} ${tb.toFixed(0).padStart(8)}  ${(tb / ta).toFixed(3)}${note}`);
}
console.log(`geometric mean B/A: ${Math.exp(logSum / examples.length).toFixed(3)}`);
