#!/usr/bin/env node
// WebAssembly vs native (issue 17 goals: module <= 300 KB gzip, <= 1.3x native time).
//   node bench/wasm_vs_native.mjs [ARGS...]     (default ARGS: --emit=json --trace, the playground's)
// Sizes: gzip -9 of tilesched.wasm and its glue tilesched.mjs. Time: the median of N in-process
// runs of the same command line on each examples/*.mlir, natively (bench_driver_repeat) and in
// the module (runCli from memory), taken in alternating batches, then the ratio per example and
// the geometric mean. The module is compiled by V8's optimising tier up front (--no-liftoff), so
// the figure is the steady state a playground worker reaches, not Liftoff's first runs.
// Environment: TILESCHED_BUILD_DIR (build), TILESCHED_WASM_BUILD_DIR (build-wasm), BENCH_RUNS (100),
// BENCH_ROUNDS (20: batches per side).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';

setFlagsFromString('--no-liftoff');

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
console.log(`  ${'total'.padEnd(16)} ${''.padStart(10)}      ${kb(gzipTotal).padStart(10)} gzip  (goal <= 300 KB: ${gzipTotal <= 300 * 1024 ? 'met' : 'NOT met'})`);

const tilesched = await loadTilesched(wasmDir);
function wasmSamples(argv, files, n) {
  // Untimed warm-up runs, as many as bench_driver_repeat's.
  for (let i = 0; i < Math.min(n, 5); ++i) tilesched.runCli(argv, files, undefined);
  const micros = [];
  for (let i = 0; i < n; ++i) {
    const start = performance.now();
    tilesched.runCli(argv, files, undefined);
    micros.push((performance.now() - start) * 1000);
  }
  return micros;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The machine's load drifts: native and wasm take turns in ROUNDS batches, and each side's
// median is over all its runs, so a busy minute weighs on both sides alike.
const rounds = Math.max(1, Math.min(runs, Number.parseInt(process.env.BENCH_ROUNDS ?? '20', 10)));

const nativeRepeat = path.join(buildDir, 'bin', 'bench_driver_repeat');
const examples = readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.mlir')).sort();
console.log(`\ntime per run, median of ${runs} in ${rounds} alternating batches (args: ${args.join(' ')}):`);
console.log(`  ${'example'.padEnd(34)} ${'native'.padStart(10)} ${'wasm'.padStart(10)}  ratio`);
let logSum = 0;
let nativeTotal = 0;
let wasmTotal = 0;
for (const example of examples) {
  const file = path.join('examples', example);
  const argv = [file, ...args];
  const files = { [file]: readFileSync(path.join(repo, file)) };
  const nativeRuns = [];
  const wasmRuns = [];
  for (let r = 0; r < rounds; ++r) {
    const n = Math.floor((runs * (r + 1)) / rounds) - Math.floor((runs * r) / rounds);
    nativeRuns.push(...JSON.parse(execFileSync(nativeRepeat, [String(n), ...argv], { cwd: repo })).samples_us);
    wasmRuns.push(...wasmSamples(argv, files, n));
  }
  const native = median(nativeRuns);
  const wasm = median(wasmRuns);
  const ratio = wasm / native;
  logSum += Math.log(ratio);
  nativeTotal += native;
  wasmTotal += wasm;
  console.log(`  ${example.padEnd(34)} ${`${native.toFixed(0)} us`.padStart(10)} ${`${wasm.toFixed(0)} us`.padStart(10)}  ${ratio.toFixed(2)}x`);
}
const geomean = Math.exp(logSum / examples.length);
console.log(`  ${'total'.padEnd(34)} ${`${nativeTotal.toFixed(0)} us`.padStart(10)} ${`${wasmTotal.toFixed(0)} us`.padStart(10)}  ${(wasmTotal / nativeTotal).toFixed(2)}x`);
console.log(`  load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (${cpus().length} CPUs)`);
console.log(`\nwasm/native: geometric mean ${geomean.toFixed(2)}x, total ${(wasmTotal / nativeTotal).toFixed(2)}x (goal <= 1.3x: ${geomean <= 1.3 ? 'met' : 'NOT met'})`);
