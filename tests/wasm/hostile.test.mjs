// The hostile inputs (tests/hostile/reproducers.mjs), each run natively and through the
// npm bin under a 2 GB address-space limit: exit 0, 1 or 2, no internal error, no memory
// exhaustion, and the same bytes from both. Times and peak memory are printed, not asserted
// (docs/fuzzing.md has the figures); a run is killed only past a generous hang guard.
// Also the module's API on hostile options: every answer is the JSON document its types promise.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { nativeTool, requireBuilt, scratchDir, tilesched, wasmDir } from './harness.mjs';
import { runLimited, tools } from '../hostile/measure.mjs';
import { writeReproducers } from '../hostile/reproducers.mjs';

requireBuilt();
const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));
const run = tools({ native: nativeTool, wasmDir });
const HANG_GUARD_SECONDS = 120;

for (const r of writeReproducers(dir)) {
  test(`${r.id}: ${r.what}`, () => {
    const results = {};
    for (const tool of ['native', 'bin']) {
      const x = runLimited(run[tool], r.args, { cwd: dir, stdout: r.stdout, timeoutSeconds: HANG_GUARD_SECONDS, tag: tool });
      const text = x.stdout.toString('latin1') + x.stderr.toString('latin1');
      console.log(`# ${r.id} ${tool}: exit ${x.status}, ${x.seconds} s, ${Math.round(x.rssKiB / 1024)} MB, ${x.stdoutBytes} bytes out`);
      assert.ok(!x.killed, `${tool} was killed after ${HANG_GUARD_SECONDS} s`);
      assert.ok([0, 1, 2].includes(x.status), `${tool} exit ${x.status}: ${text.slice(0, 400)}`);
      assert.ok(!/internal error/.test(text), `${tool}: ${text.slice(0, 400)}`);
      assert.ok(!/out of memory/.test(text), `${tool} ran out of memory under the limit`);
      results[tool] = x;
    }
    const { native, bin } = results;
    if (r.expect) assert.match(native.stderr.toString('latin1'), r.expect);
    if (r.args[0] === 'import-hatschet') {
      // The HatScheT importer is the native tool's (a benchmark adapter): the npm bin names it.
      assert.equal(bin.status, 2, 'the npm bin runs import-hatschet');
      assert.match(bin.stdout.toString('latin1') + bin.stderr.toString('latin1'), /is a command of the native tool/);
      return;
    }
    assert.equal(bin.stderr.toString('latin1'), native.stderr.toString('latin1'), 'stderr differs');
    assert.ok(bin.stdout.equals(native.stdout), 'stdout differs');
    assert.equal(bin.status, native.status, 'exit status differs');
  });
}

const source = 'func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n' +
  '  scf.for %i = %c0 to %n step %c1 {\n    %a = x.load %i : i32\n    scf.yield\n  }\n  return\n}\n';

// schedule() returns the JSON document whatever the options hold (wasm/tilesched.d.ts).
function errorOf(json) {
  const doc = JSON.parse(json);
  assert.equal(doc.version, 1);
  assert.deepEqual(doc.blocks, []);
  return doc.diagnostics[0].message;
}

test('schedule() refuses emit other than json, and the informational flags, with a document', async () => {
  const mod = await tilesched();
  assert.match(errorOf(mod.schedule(source, '{"emit":"table"}')), /'emit' can only be "json"/);
  assert.match(errorOf(mod.schedule(source, '{"emit":"ir"}')), /'emit' can only be "json"/);
  assert.match(errorOf(mod.schedule(source, '{"help":true}')), /'help' is not an option of schedule\(\)/);
  assert.match(errorOf(mod.schedule(source, '{"version":true}')), /'version' is not an option/);
  assert.equal(JSON.parse(mod.schedule(source, '{"emit":"json"}')).blocks.length, 1);
});

test('schedule() with options nested 5 000+ levels answers with a document, nothing thrown', async () => {
  const mod = await tilesched();
  for (const depth of [33, 5000, 100000]) {
    const options = '{"x":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
    assert.match(errorOf(mod.schedule(source, options)), /invalid options: JSON nesting deeper than 32 levels/);
  }
  assert.match(errorOf(mod.schedule(source, JSON.stringify({ model: { name: 'm', ops: JSON.parse('[' + '['.repeat(40) + ']'.repeat(40) + ']') } }))),
    /nesting deeper than 32 levels/);
});

test('schedule() and runCli() read at most one byte past the input limit of a huge source', async () => {
  const mod = await tilesched();
  const big = ' '.repeat((8 << 20) + 10);
  assert.match(errorOf(mod.schedule(big, '')), /the input is larger than 8 MiB/);
  const bytes = new Uint8Array((8 << 20) + 10).fill(32);
  const r = mod.runCli(['in.mlir'], { 'in.mlir': bytes }, undefined);
  assert.equal(r.exitCode, 2);
  assert.match(Buffer.from(r.stderr).toString(), /^in\.mlir:1:1: error: the input is larger than 8 MiB/);
  let asked = 0;
  mod.runCli(['f.mlir'], (p, maxBytes) => ((asked = maxBytes), 'x'), undefined);
  assert.equal(asked, (8 << 20) + 1);
});
