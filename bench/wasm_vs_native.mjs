#!/usr/bin/env node
// WebAssembly vs native (goals: module <= 400 KB gzip, <= 1.25x native time in total and geometric mean).
//   node bench/wasm_vs_native.mjs [ARGS...]     (default ARGS: --emit=json --trace, the playground's)
// Sizes: gzip -9 of tilesched.wasm and its glue tilesched.mjs. Time: the same command line on
// each examples/*.mlir, in-process, natively (bench_driver_repeat), in the module under Node
// (runCli from memory) and in the module in Debian's Chromium (the playground's engine, through
// playwright-core; skipped when either is missing), in rounds over all examples. A round's figure
// is its mean time per run: Chromium's clock is precise to 5 us (the page is cross-origin
// isolated), too coarse for one 20 us run but not for a round of them, and every side is measured
// the same way. An example's figure is its fastest round on each side, the rounds' median beside
// it: this machine's slowdowns only ever add time (below), so the fastest round is what the code
// costs (docs/decisions.md, "The yardstick's estimator"). Then the ratio per example and the
// geometric mean, per engine. Both engines compile the module with their optimising tier up
// front (--no-liftoff), so the figure is the steady state a playground worker reaches, not the
// baseline tier's first runs. Node 20's V8 (11.3) does not inline one wasm function into another
// unless --wasm-inlining is given; Chromium's V8 does by default, which is most of the difference
// between the two columns (docs/benchmarks.md).
// Environment: TILESCHED_BUILD_DIR (build), TILESCHED_WASM_BUILD_DIR (build-wasm), BENCH_RUNS (100),
// BENCH_ROUNDS (20: rounds per example), CHROMIUM (/usr/bin/chromium; "none" skips it).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { openChromiumPage, requireOptimisingTier } from './wasm_bench.mjs';

requireOptimisingTier();

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(repo, process.env.TILESCHED_BUILD_DIR ?? 'build');
const wasmDir = path.resolve(repo, process.env.TILESCHED_WASM_BUILD_DIR ?? 'build-wasm', 'wasm');
const runs = Number.parseInt(process.env.BENCH_RUNS ?? '100', 10);
const args = process.argv.length > 2 ? process.argv.slice(2) : ['--emit=json', '--trace'];

process.env.TILESCHED_WASM_DIR = wasmDir;
const { loadTilesched } = await import('../wasm/cli.mjs');

const loadAtStart = loadavg()[0];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = ['tilesched.wasm', 'tilesched.mjs'].map((f) => {
  const bytes = readFileSync(path.join(wasmDir, f));
  return { file: f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const gzipTotal = sizes.reduce((s, x) => s + x.gzip, 0);
console.log('module size (gzip -9):');
for (const s of sizes) console.log(`  ${s.file.padEnd(16)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(10)} gzip`);
console.log(`  ${'total'.padEnd(16)} ${''.padStart(10)}      ${kb(gzipTotal).padStart(10)} gzip  (goal <= 400 KB: ${gzipTotal <= 400 * 1024 ? 'met' : 'NOT met'})`);

const tilesched = await loadTilesched(wasmDir);
// One round in a module: untimed warm-up runs, as many as bench_driver_repeat's, then the mean
// time of n runs in microseconds. Under Node and, from its source, in the page.
function timeRound([module], files, argv, n) {
  for (let i = 0; i < Math.min(n, 5); ++i) module.runCli(argv, files, undefined);
  const start = performance.now();
  for (let i = 0; i < n; ++i) module.runCli(argv, files, undefined);
  return ((performance.now() - start) * 1000) / n;
}
const browser = await openChromiumPage([wasmDir], { timeRound });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The machine's load drifts and its speed jumps between two levels for milliseconds to seconds
// at a time (a native run of broken.mlir takes 13 or 23 us, the module's 22 or 40-55 us, in the
// same process). So a round visits every example in turn, each example's sides take turns in an
// order that rotates, and an example's rounds are spread over the whole run: a slow spell of a
// few seconds weighs on a few rounds of each side alike, and each side keeps its fastest round.
const rounds = Math.max(1, Math.min(runs, Number.parseInt(process.env.BENCH_ROUNDS ?? '20', 10)));

const nativeRepeat = path.join(buildDir, 'bin', 'bench_driver_repeat');
const examples = readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.mlir')).sort();
const engines = browser.skipped ? ['Node'] : ['Node', 'Chromium'];
const nameWidth = Math.max(...examples.map((e) => e.length));
console.log(`\ntime per run, the fastest of ${rounds} rounds over all examples (a round's mean), ${runs} runs per side (args: ${args.join(' ')});`);
console.log("the ratio of the rounds' medians in brackets:");
console.log(`  wasm in Node ${process.versions.node} (V8 ${process.versions.v8.replace(/-node.*/, '')})` +
  (browser.skipped ? `; Chromium skipped: ${browser.skipped}` : ` and in ${browser.version}, both with --no-liftoff`));
console.log(`  ${'example'.padEnd(nameWidth)} ${'native'.padStart(9)} ${engines.map((e) => `${e.padStart(10)}  ratio (median)`).join(' ')}`);
const logSums = engines.map(() => 0);
const medianLogSums = engines.map(() => 0);
const totals = [0, ...engines.map(() => 0)];
const us = (x) => `${x.toFixed(0)} us`.padStart(9);
const sides = [
  async ({ argv }, n) => {
    const { samples_us: samples } = JSON.parse(execFileSync(nativeRepeat, [String(n), ...argv], { cwd: repo }));
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  },
  async ({ argv, files }, n) => timeRound([tilesched], files, argv, n),
  ...(browser.skipped ? [] : [({ argv }, n) => browser.call('timeRound', argv, n)]),
];
// Each example's command line and file, and its round figures per side.
const plan = [];
for (const example of examples) {
  const file = path.join('examples', example);
  const bytes = readFileSync(path.join(repo, file));
  if (!browser.skipped) await browser.load(file, bytes);
  plan.push({ example, argv: [file, ...args], files: { [file]: bytes }, times: sides.map(() => []) });
}
for (let r = 0; r < rounds; ++r) {
  const n = Math.floor((runs * (r + 1)) / rounds) - Math.floor((runs * r) / rounds);
  for (const [i, item] of plan.entries()) {
    for (let k = 0; k < sides.length; ++k) {
      const side = (r + i + k) % sides.length;
      item.times[side].push(await sides[side](item, n));
    }
  }
}
for (const { example, times } of plan) {
  const [native, ...wasm] = times.map((xs) => Math.min(...xs));
  const [nativeMedian, ...wasmMedian] = times.map(median);
  totals[0] += native;
  const cells = wasm.map((w, e) => {
    logSums[e] += Math.log(w / native);
    medianLogSums[e] += Math.log(wasmMedian[e] / nativeMedian);
    totals[e + 1] += w;
    return `${us(w).padStart(10)}  ${(w / native).toFixed(2)}x (${(wasmMedian[e] / nativeMedian).toFixed(2)}x)`;
  });
  console.log(`  ${example.padEnd(nameWidth)} ${us(native)} ${cells.join(' ')}`);
}
await browser.close?.();
const totalCells = engines.map((_, e) => `${us(totals[e + 1]).padStart(10)}  ${`${(totals[e + 1] / totals[0]).toFixed(2)}x`.padEnd(14)}`);
console.log(`  ${'total'.padEnd(nameWidth)} ${us(totals[0])} ${totalCells.join(' ')}`.trimEnd());
console.log(`  load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (${cpus().length} CPUs)`);
engines.forEach((engine, e) => {
  const geomean = Math.exp(logSums[e] / examples.length);
  const medianGeomean = Math.exp(medianLogSums[e] / examples.length);
  const total = totals[e + 1] / totals[0];
  console.log(`wasm/native in ${engine}: geometric mean ${geomean.toFixed(2)}x (of the medians ${medianGeomean.toFixed(2)}x), ` +
    `total ${total.toFixed(2)}x (goal <= 1.25x: ${Math.max(geomean, total) <= 1.25 ? 'met' : 'NOT met'})`);
});
