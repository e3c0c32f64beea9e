// The module's memory stays bounded in the browser (docs/decisions.md, "Long footprints slow the
// search"): every example and every loop of the real-IR sample, under each built-in model, with
// --trace (the playground's command line), needs at most 256 MiB of wasm memory. A fresh module
// per run: wasm memory only grows, so its size after the run is the run's peak.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readInput, repo, requireBuilt, sharedDir } from './harness.mjs';
import { BUILTIN_MODELS, boundInputs } from '../../bench/inputs.mjs';

const { loadTilesched } = await import('../../wasm/cli.mjs');
const LIMIT_BYTES = 256 * 2 ** 20;
const inputs = boundInputs(repo, sharedDir);

test('inputs to bound: the gallery and the real-IR sample', () => {
  requireBuilt();
  assert.ok(inputs.length >= 19, `only ${inputs.length} inputs found`);
});

for (const file of inputs) {
  test(`at most 256 MiB of wasm memory with --trace under every model: ${path.basename(file)}`, async () => {
    for (const model of BUILTIN_MODELS) {
      const module = await loadTilesched();
      const r = module.runCli([`--model=${model}`, '--emit=json', '--trace', file], readInput, undefined);
      const what = `${path.basename(file)} --model=${model}`;
      const stderr = Buffer.from(r.stderr).toString();
      // broken.mlir is an input error (exit 2): its diagnostic, not a lack of memory.
      assert.ok([0, 1, 2].includes(r.exitCode) && !/out of memory|internal error/.test(stderr), `${what}: exit ${r.exitCode}: ${stderr.slice(0, 300)}`);
      const bytes = module.HEAP8.buffer.byteLength;
      assert.ok(bytes <= LIMIT_BYTES, `${what}: ${(bytes / 2 ** 20).toFixed(1)} MiB of wasm memory, over ${LIMIT_BYTES / 2 ** 20} MiB`);
    }
  });
}
