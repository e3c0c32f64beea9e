#!/usr/bin/env node
// Two builds of the WebAssembly module against each other, in one process (the A/B figures of
// docs/decisions.md, "WebAssembly module", were measured with it):
//   node bench/wasm_ab.mjs [--engine=node|chromium] OLD_WASM_DIR NEW_WASM_DIR [RUNS]
// (default engine node; RUNS default 41, an example whose second run takes over 20 ms a quarter
// of that, at least 5). --engine=chromium runs both modules in one page of headless Chromium, the
// playground's engine (CHROMIUM as in web/scripts/chromium.mjs).
// Per examples/*.mlir, `--emit=json --trace` runs alternately in A and B (the order flips every
// sample, so drift and warm caches weigh on both alike), then the median time of each, B/A, and
// whether both printed the same bytes; last, the geometric mean of B/A. A sample is one run under
// Node; in Chromium, whose clock is precise to 5 us, the mean of enough runs to last 1 ms. V8's
// optimising tier compiles both modules up front (--no-liftoff), as in bench/wasm_vs_native.mjs.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openChromiumPage, requireOptimisingTier } from './wasm_bench.mjs';

requireOptimisingTier();

const usage = 'usage: node bench/wasm_ab.mjs [--engine=node|chromium] OLD_WASM_DIR NEW_WASM_DIR [RUNS]';
const engineArg = process.argv.slice(2).find((a) => a.startsWith('--engine='));
const engine = engineArg ? engineArg.slice('--engine='.length) : 'node';
const [dirA, dirB, runsText = '41'] = process.argv.slice(2).filter((a) => a !== engineArg);
if (!dirA || !dirB || !['node', 'chromium'].includes(engine)) {
  console.error(usage);
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number.parseInt(runsText, 10);
const dirs = [dirA, dirB].map((d) => path.resolve(d));

// One example in both modules: whether they print the same bytes, then n samples per side (n
// from `runs`), sides alternating, each the mean time in microseconds of as many runs as last
// `sampleUs` by a second run's time (Chromium compiles a function at its first call, so a first
// run can take seconds). Under Node and, from its source, in the page.
function abSamples([a, b], files, argv, runs, sampleUs) {
  const first = a.runCli(argv, files, undefined).stdout;
  const other = b.runCli(argv, files, undefined).stdout;
  const same = first.length === other.length && first.every((byte, i) => byte === other[i]);
  const start = performance.now();
  a.runCli(argv, files, undefined);
  const runUs = (performance.now() - start) * 1000;
  const n = runUs > 20000 ? Math.max(5, runs >> 2) : runs;
  const reps = Math.max(1, Math.ceil(sampleUs / Math.max(runUs, 1)));
  const times = [[], []];
  for (let i = 0; i < n; ++i) {
    for (const side of i % 2 ? [0, 1] : [1, 0]) {
      const module = side ? b : a;
      const start = performance.now();
      for (let r = 0; r < reps; ++r) module.runCli(argv, files, undefined);
      times[side].push(((performance.now() - start) * 1000) / reps);
    }
  }
  return { same, times };
}

let measure;
let close = () => {};
if (engine === 'node') {
  const { loadTilesched } = await import('../wasm/cli.mjs');
  const modules = await Promise.all(dirs.map((d) => loadTilesched(d)));
  measure = async (file, bytes, argv) => abSamples(modules, { [file]: bytes }, argv, runs, 0);
  console.log(`engine: Node ${process.versions.node} (V8 ${process.versions.v8.replace(/-node.*/, '')}), --no-liftoff`);
} else {
  const page = await openChromiumPage(dirs, { abSamples });
  if (page.skipped) {
    console.error(`wasm_ab: no Chromium: ${page.skipped}`);
    process.exit(2);
  }
  measure = async (file, bytes, argv) => {
    await page.load(file, bytes);
    return page.call('abSamples', argv, runs, 1000);
  };
  close = page.close;
  console.log(`engine: ${page.version}, --no-liftoff`);
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const examples = readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.mlir')).sort();
const nameWidth = Math.max(...examples.map((e) => e.length));

console.log(`${'example'.padEnd(nameWidth)} ${'A us'.padStart(8)} ${'B us'.padStart(8)}  B/A`);
let logSum = 0;
for (const example of examples) {
  const file = path.join('examples', example);
  const { same, times } = await measure(file, readFileSync(path.join(repo, file)), [file, '--emit=json', '--trace']);
  const [ta, tb] = times.map(median);
  logSum += Math.log(tb / ta);
  const note = same ? '' : '  OUTPUT DIFFERS';
  console.log(`${example.padEnd(nameWidth)} ${ta.toFixed(0).padStart(8)} ${tb.toFixed(0).padStart(8)}  ${(tb / ta).toFixed(3)}${note}`);
}
console.log(`geometric mean B/A: ${Math.exp(logSum / examples.length).toFixed(3)}`);
await close();
