#!/usr/bin/env node
// The npm bin on every loop a user brings, under every built-in model, with --trace (the
// playground's command line): goals, per run, at most 256 MiB of wasm memory and at most 2x the
// native tool's time for the same command line.
//   node bench/npm_bin_bounds.mjs [--models=hopper,...] [--all]   (default: the ten runs nearest a goal)
// Inputs: bench/inputs.mjs (examples/*.mlir and ../shared/benchmarks/real-ir/**/*.mlir). Per
// input and model: the native tool's wall time (the faster of two processes) and the module's run
// as the bin runs it: a fresh module in a Node with the bin's V8 flags (wasm/cli.mjs BIN_V8_FLAGS), timed around
// runCli, so the bin's fixed start (Node, its child, the module's compile: printed once, from
// `--help`) is apart from what the input costs; and the module's peak memory (wasm memory only
// grows, so its size after the run is the peak). tests/wasm/memory-bound.test.mjs asserts the
// memory bound; times are figures, not tests.
// Environment: TILESCHED_BUILD_DIR (build), TILESCHED_WASM_BUILD_DIR (build-wasm).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BUILTIN_MODELS, boundInputs } from './inputs.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const native = path.resolve(repo, process.env.TILESCHED_BUILD_DIR ?? 'build', 'bin', 'tilesched');
const wasmDir = path.resolve(repo, process.env.TILESCHED_WASM_BUILD_DIR ?? 'build-wasm', 'wasm');
process.env.TILESCHED_WASM_DIR = wasmDir;
const { BIN_V8_FLAGS, loadTilesched, readInput } = await import('../wasm/cli.mjs');
const self = fileURLToPath(import.meta.url);

const modelArg = process.argv.find((a) => a.startsWith('--models='));
const models = modelArg ? modelArg.slice('--models='.length).split(',') : BUILTIN_MODELS;
const inputs = boundInputs(repo, path.resolve(repo, '..', 'shared'));
const runs = inputs.flatMap((file) => models.map((model) => ({ file, model, args: [`--model=${model}`, '--emit=json', '--trace', file] })));

// The child: each run in a fresh module, as the bin runs it; one JSON line per run.
if (process.argv.includes('--child')) {
  for (const { args } of runs) {
    const module = await loadTilesched(wasmDir);
    const start = performance.now();
    const r = module.runCli(args, readInput, undefined);
    const ms = performance.now() - start;
    console.log(JSON.stringify({ ms, status: r.exitCode, mib: module.HEAP8.buffer.byteLength / 2 ** 20 }));
  }
  process.exit(0);
}

function wall(cmd, args) {
  const start = performance.now();
  const r = spawnSync(cmd, args, { cwd: repo, maxBuffer: 1 << 30, stdio: ['ignore', 'ignore', 'ignore'] });
  if (r.error) throw r.error;
  return performance.now() - start;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const loadAtStart = loadavg()[0];
const binStart = median(Array.from({ length: 5 }, () => wall(process.execPath, [path.join(repo, 'wasm', 'cli.mjs'), '--help'])));
const child = spawnSync(process.execPath, [...BIN_V8_FLAGS, self, '--child', ...process.argv.slice(2)], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 26 });
if (child.status !== 0) throw new Error(`the module's runs failed: ${child.stderr.slice(0, 500)}`);
const moduleRuns = child.stdout.trim().split('\n').map((l) => JSON.parse(l));
const rows = runs.map(({ file, model, args }, k) => {
  const n = Math.min(wall(native, args), wall(native, args));
  const { ms, status, mib } = moduleRuns[k];
  const name = path.relative(repo, file).replace(/^\.\.\/shared\/benchmarks\//, '');
  return { name, model, n, ms, status, mib, ratio: ms / n };
});
// Nearest a goal: the larger of the two fractions of its goal, highest first.
const nearness = (r) => Math.max(r.ratio / 2, r.mib / 256);
const shown = process.argv.includes('--all') ? rows : [...rows].sort((a, b) => nearness(b) - nearness(a)).slice(0, 10);
console.log(`--emit=json --trace; the bin's fixed start (Node, its child, the module's compile): ${binStart.toFixed(0)} ms`);
console.log(`${'input'.padEnd(64)} ${'model'.padEnd(19)} ${'native'.padStart(9)} ${'module'.padStart(9)} ${'ratio'.padStart(6)} ${'memory'.padStart(10)}`);
for (const r of shown)
  console.log(`${r.name.slice(-64).padEnd(64)} ${r.model.padEnd(19)} ${r.n.toFixed(0).padStart(6)} ms ${r.ms.toFixed(0).padStart(6)} ms ${r.ratio.toFixed(2).padStart(6)} ${r.mib.toFixed(1).padStart(6)} MiB`);
const worst = (key) => rows.reduce((a, b) => (b[key] > a[key] ? b : a));
const [slowest, largest] = [worst('ratio'), worst('mib')];
const met = (ok) => (ok ? 'met' : 'NOT met');
console.log(`load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end; ${inputs.length} inputs x ${models.length} models`);
console.log(`worst module/native: ${slowest.ratio.toFixed(2)}x, ${slowest.name} under ${slowest.model} (goal <= 2x: ${met(slowest.ratio <= 2)})`);
console.log(`most wasm memory: ${largest.mib.toFixed(1)} MiB, ${largest.name} under ${largest.model} (goal <= 256 MiB: ${met(largest.mib <= 256)})`);
console.log(`runs that failed (exit other than 0, 1, 2): ${rows.filter((r) => ![0, 1, 2].includes(r.status)).length}`);
