// The Embind surface the playground uses (wasm/tilesched.d.ts): schedule() returns the native
// `--emit=json` bytes, runCli() takes files as an object or stdin text, and no C++ exception
// ever reaches JavaScript.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertSameRun, examples, repo, requireBuilt, runNative, scratchDir, tilesched } from './harness.mjs';
import { randomLoop } from './random-loops.mjs';

requireBuilt();
const mod = await tilesched();

function cliResult(r) {
  return { status: r.exitCode, signal: null, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr) };
}

// schedule(options) against `tilesched - --emit=json <flags>` on stdin.
const optionCases = [
  [{}, []],
  [{ trace: true }, ['--trace']],
  [{ generator: 'serial', trace: false }, ['--generator=serial']],
  [{ iiCap: 4, maxConstraintIterations: 3 }, ['--ii-cap=4', '--max-constraint-iterations=3']],
  [{ model: 'blackwell', check: true }, ['--check', '--model=blackwell']],
  [{ serialThreshold: 3 }, ['--serial-threshold=3']],
];

for (const file of examples()) {
  const rel = path.relative(repo, file);
  const source = readFileSync(file, 'utf8');
  test(`schedule() on ${rel}`, async (t) => {
    for (const [options, flags] of optionCases) {
      await t.test(JSON.stringify(options), () => {
        const native = runNative(['-', ...flags, '--emit=json'], source);
        assert.equal(mod.schedule(source, JSON.stringify(options)), native.stdout.toString('utf8'));
      });
    }
  });
}

test('schedule() passes unknown keys to the driver as flags', () => {
  const source = randomLoop(5);
  const native = runNative(['-', '--bogus-flag=1', '--emit=json'], source);
  assert.equal(mod.schedule(source, JSON.stringify({ bogusFlag: 1 })), native.stdout.toString('utf8'));
  assert.equal(native.status, 2);
});

test('schedule() reads a model text with leading line ends, spaces or a byte order mark as a document', () => {
  const source = randomLoop(5);
  const model = readFileSync(path.join(repo, 'core/target/models/hopper.json'), 'utf8');
  const dir = scratchDir();
  try {
    writeFileSync(path.join(dir, 'model.json'), model);
    const native = runNative(['-', `--model=${path.join(dir, 'model.json')}`, '--emit=json'], source);
    for (const lead of ['', '\n', '\r\n  \t', '\ufeff', '\ufeff\n ']) {
      const doc = mod.schedule(source, JSON.stringify({ model: lead + model }));
      assert.doesNotMatch(doc, /cannot read model file/, JSON.stringify(lead));
      assert.equal(JSON.parse(doc).blocks.length, JSON.parse(native.stdout.toString('utf8')).blocks.length, JSON.stringify(lead));
      assert.equal(JSON.parse(doc).blocks[0].ii, JSON.parse(native.stdout.toString('utf8')).blocks[0].ii, JSON.stringify(lead));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('schedule() with an empty options string uses the defaults', () => {
  const source = randomLoop(6);
  assert.equal(mod.schedule(source, ''), runNative(['-', '--emit=json'], source).stdout.toString('utf8'));
});

for (const [what, optionsJson] of [['malformed JSON', '{"trace": tru'], ['a non-object', '[1, 2]']]) {
  test(`schedule() with ${what} options gives an error document`, () => {
    const doc = JSON.parse(mod.schedule(randomLoop(1), optionsJson));
    assert.equal(doc.version, 1);
    assert.deepEqual(doc.blocks, []);
    assert.equal(doc.diagnostics.length, 1);
    assert.equal(doc.diagnostics[0].severity, 'error');
    assert.match(doc.diagnostics[0].message, /^invalid options: /);
  });
}

test('a C++ exception in schedule() becomes a JSON error document', () => {
  const doc = JSON.parse(mod.__throwInScheduleForTest('thrown by the test hook'));
  assert.equal(doc.version, 1);
  assert.deepEqual(doc.diagnostics, [
    { severity: 'error', line: 0, col: 0, end_line: 0, end_col: 0, message: 'internal error: thrown by the test hook' },
  ]);
  assert.deepEqual(doc.blocks, []);
  // The module is still usable afterwards.
  const source = randomLoop(2);
  assert.equal(mod.schedule(source, '{}'), runNative(['-', '--emit=json'], source).stdout.toString('utf8'));
});

test('a C++ exception in runCli() becomes exit code 2 and a message', () => {
  const r = mod.__throwInCliForTest('thrown by the test hook');
  assert.equal(r.exitCode, 2);
  assert.equal(Buffer.from(r.stdout).length, 0);
  assert.equal(Buffer.from(r.stderr).toString(), 'tilesched: internal error: thrown by the test hook\n');
});

test('runCli() reads files from an object', () => {
  const dir = scratchDir();
  const file = path.join(dir, 'loop.mlir');
  const source = randomLoop(9);
  writeFileSync(file, source);  // for the native run only
  const native = runNative([file, '--emit=table']);
  rmSync(dir, { recursive: true });
  assertSameRun(native, cliResult(mod.runCli([file, '--emit=table'], { [file]: source }, undefined)), 'files object');
});

test('runCli() reads `-` from stdinText', () => {
  const source = randomLoop(10);
  const args = ['-', '--emit=json', '--trace'];
  assertSameRun(runNative(args, source), cliResult(mod.runCli(args, {}, source)), 'stdin text');
});

test('runCli() reports a file the object does not hold like a missing file', () => {
  const missing = path.join(repo, 'examples', 'no-such-example.mlir');
  assertSameRun(runNative([missing]), cliResult(mod.runCli([missing], {}, undefined)), 'missing file');
});

test('runCli() rejects arguments that are not an array of strings', () => {
  for (const args of ['--emit=json', [1, 2], null]) {
    const r = mod.runCli(args, {}, undefined);
    assert.equal(r.exitCode, 2);
    assert.match(Buffer.from(r.stderr).toString(), /^tilesched: internal error: runCli: args must be an array of strings\n$/);
  }
});

test('version() is what tilesched --version prints', () => {
  assert.match(mod.version(), /^tilesched \d+\.\d+\.\d+/);
  assert.equal(`${mod.version()}\n`, runNative(['--version']).stdout.toString());
});

// The module keeps freed small blocks for reuse between calls (wasm/allocator.cpp) up to a cap:
// alternating large runs must not grow its memory after the first round, and give the same bytes.
test('repeated large runs do not grow the module memory after the first round', () => {
  const loops = ['triton-hopper-tma-wgmma-gemm', 'triton-blackwell-tcgen05-gemm', 'attention-forward'].map((name) =>
    path.join(repo, 'examples', `${name}.mlir`),
  );
  const files = Object.fromEntries(loops.map((file) => [file, readFileSync(file)]));
  const round = () => loops.map((file) => Buffer.from(mod.runCli([file, '--emit=json', '--trace'], files, undefined).stdout));
  const first = round();
  const bytesAfterFirst = mod.HEAPU8.length;
  for (let i = 0; i < 2; ++i) assert.deepEqual(round(), first);
  assert.equal(mod.HEAPU8.length, bytesAfterFirst);
});
