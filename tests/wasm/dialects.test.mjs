// The IR forms of Triton and CUDA Tile (tests/golden/parser/*.mlir: tt.func, prefix-less
// cuda_tile ops, split inputs, continued lines, region headers, operands after the attribute
// dictionary, the `{-# ... #-}` trailer, and their parse errors) give the same bytes through the
// WebAssembly module as through the native tool: the JSON document the page reads, the table
// and the scheduled IR with the diagnostics and exit status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertSameRun, repo, requireBuilt, runNative, tilesched } from './harness.mjs';

requireBuilt();
const mod = await tilesched();
const dir = path.join(repo, 'tests', 'golden', 'parser');
const files = readdirSync(dir).filter((f) => f.endsWith('.mlir')).sort();

test('the parser goldens are there', () => {
  assert.ok(files.includes('warp-specialize.mlir') && files.includes('cuda-tile.mlir'), files.join(', '));
});

for (const name of files) {
  const source = readFileSync(path.join(dir, name), 'utf8');
  test(`${name}: schedule() and runCli() give the native bytes`, () => {
    assert.equal(mod.schedule(source, '{}'), runNative(['-', '--emit=json'], source).stdout.toString('utf8'));
    for (const emit of ['--emit=table', '--emit=ir']) {
      const args = ['-', emit];
      const r = mod.runCli(args, {}, source);
      const wasm = { status: r.exitCode, signal: null, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr) };
      assertSameRun(runNative(args, source), wasm, `${name} ${emit}`);
    }
  });
}

// The model each chunk's IR target picks, the warnings about targets, and nested loops costed by
// their own schedules: the same bytes through the module, with and without --model.
for (const [name, options] of [
  ['target-from-ir.mlir', [[], ['--model=blackwell'], ['--model=hopper']]],
  ['nested-loops.mlir', [[], ['--generator=cost-based']]],
]) {
  const source = readFileSync(path.join(repo, 'tests', 'golden', 'cli', name), 'utf8');
  for (const extra of options) {
    test(`${name} ${extra.join(' ')}: schedule() and runCli() give the native bytes`, () => {
      const json = Object.fromEntries(extra.map((a) => a.slice(2).split('=')).map(([k, v]) => [k.replace(/-(.)/g, (_, c) => c.toUpperCase()), v]));
      assert.equal(mod.schedule(source, JSON.stringify(json)), runNative(['-', '--emit=json', ...extra], source).stdout.toString('utf8'));
      for (const emit of ['--emit=table', '--emit=ir']) {
        const args = ['-', emit, ...extra];
        const r = mod.runCli(args, {}, source);
        const wasm = { status: r.exitCode, signal: null, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr) };
        assertSameRun(runNative(args, source), wasm, `${name} ${args.join(' ')}`);
      }
    });
  }
}
