// Every examples/*.mlir through the npm bin (a real `node wasm/cli.mjs` process) and through
// build/bin/tilesched: identical stdout, stderr and exit code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARG_SETS, assertSameRun, examples, repo, requireBuilt, runBin, runNative } from './harness.mjs';

requireBuilt();
const files = examples();
const argSets = [...ARG_SETS, ['--emit=ir'], ['--emit=triton'], ['--emit=perfetto'], ['--generator=cost-based', '--emit=json'], ['--check']];

test('the examples folder has examples', () => {
  assert.ok(files.length > 0, 'no examples/*.mlir');
});

for (const file of files) {
  const rel = path.relative(repo, file);
  test(rel, async (t) => {
    for (const args of argSets) {
      await t.test(args.join(' '), () => {
        const argv = [rel, ...args];
        assertSameRun(runNative(argv), runBin(argv), `tilesched ${argv.join(' ')}`);
      });
    }
    await t.test('- (stdin) --emit=json', () => {
      const input = readFileSync(file);
      assertSameRun(runNative(['-', '--emit=json'], input), runBin(['-', '--emit=json'], input), `${rel} on stdin`);
    });
  });
}
