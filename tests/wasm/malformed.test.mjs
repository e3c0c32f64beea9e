// Unusable input and options through the npm bin and the native tool: the same diagnostics,
// the same exit code (1 or 2), never a crash.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertSameRun, examples, requireBuilt, runBin, runInProcess, runNative, scratchDir, sharedDir } from './harness.mjs';
import { randomLoop } from './random-loops.mjs';

requireBuilt();
const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name, bytes) {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

const loop = randomLoop(3);
const hatschet = path.join(sharedDir, 'benchmarks', 'hatschet', 'origami');
const cases = {
  'empty file': () => [file('empty.mlir', '')],
  'missing file': () => [path.join(dir, 'does-not-exist.mlir')],
  'a directory': () => [dir],
  'unbalanced braces': () => [file('unbalanced.mlir', loop.replace(/\}\s*$/, ''))],
  'truncated mid-token': () => [file('truncated.mlir', loop.slice(0, Math.floor(loop.length / 2)))],
  'invalid UTF-8 and NUL bytes': () => [file('bytes.mlir', Buffer.concat([Buffer.from(loop.slice(0, 80)), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80]), Buffer.from(loop.slice(80))]))],
  'unknown slot in a footprint': () => [file('slot.mlir', loop.replace(/"tma"|"tp_smem_wr"|"dual_alu"/, '"no_such_slot"')), '--emit=json'],
  'unknown option': () => [file('ok.mlir', loop), '--bogus'],
  'bad --emit value': () => [file('ok.mlir', loop), '--emit=xml'],
  'bad --ii-cap value': () => [file('ok.mlir', loop), '--ii-cap=-3'],
  'bad --generator value': () => [file('ok.mlir', loop), '--generator=fastest'],
  'missing model file': () => [file('ok.mlir', loop), `--model=${path.join(dir, 'nope.json')}`],
  'model that is not JSON': () => [file('ok.mlir', loop), `--model=${file('model.json', '{"slots": [1, 2,')}`, '--emit=json'],
  'two input files': () => [file('ok.mlir', loop), file('ok2.mlir', loop)],
};

for (const [name, argv] of Object.entries(cases)) {
  test(name, () => {
    const args = argv();
    assertSameRun(runNative(args), runBin(args), `tilesched ${args.join(' ')}`);
  });
}

// The HatScheT importer is a native tool: the module leaves it out and says so.
test('import-hatschet through the npm bin names the native tool', { skip: !existsSync(hatschet) && 'no ../shared/benchmarks/hatschet' }, () => {
  const args = ['import-hatschet', path.join(hatschet, 'fir_SHI.graphml'), path.join(hatschet, 'fir_SHIRM.xml')];
  assert.equal(runNative(args).status, 0);
  const bin = runBin(args);
  assert.equal(bin.status, 2);
  assert.match(bin.stderr.toString(), /^tilesched: error: import-hatschet is a command of the native tool/);
});

test('no arguments, empty stdin', () => {
  assertSameRun(runNative([]), runBin([]), 'tilesched < /dev/null');
});

test('garbage on stdin', () => {
  const input = Buffer.from('%x = "a"(%y {{{ \u00e9 ]]] loc(');
  assertSameRun(runNative(['-', '--emit=json'], input), runBin(['-', '--emit=json'], input), 'garbage on stdin');
});

// Prefixes of every example and random byte strings: the front end's error paths.
test('prefixes of the examples and random bytes', async () => {
  let state = 12345;
  const byte = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 16) & 0xff;
  const inputs = [];
  for (const ex of examples()) {
    const text = readFileSync(ex);
    for (const frac of [0.1, 0.37, 0.5, 0.81]) inputs.push(text.subarray(0, Math.floor(text.length * frac)));
  }
  for (let i = 0; i < 30; ++i) inputs.push(Buffer.from(Array.from({ length: 1 + (byte() << 2) }, byte)));
  mkdirSync(path.join(dir, 'fuzz'), { recursive: true });
  for (const [i, bytes] of inputs.entries()) {
    const args = [file(path.join('fuzz', `${i}.mlir`), bytes), '--emit=json'];
    assertSameRun(runNative(args), await runInProcess(args), `input ${args[0]}`);
  }
});
