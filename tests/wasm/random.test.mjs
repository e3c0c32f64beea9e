// ≥ 200 seeded random loops (random-loops.mjs) under each argument set: the npm bin's code path
// (runCli with the bin's file reader, one module instance for all runs, so state leaking from
// one run into the next shows up too) against a fresh native process.
import { after, test } from 'node:test';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARG_SETS, assertSameRun, requireBuilt, runInProcess, runNative, scratchDir } from './harness.mjs';
import { randomLoop } from './random-loops.mjs';

requireBuilt();
const LOOPS = Number.parseInt(process.env.TILESCHED_RANDOM_LOOPS ?? '240', 10);
const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

for (let seed = 1; seed <= LOOPS; ++seed) {
  test(`random loop seed ${seed}`, async () => {
    const file = path.join(dir, `loop_${seed}.mlir`);
    writeFileSync(file, randomLoop(seed));
    for (const args of ARG_SETS) {
      const argv = [file, ...args];
      assertSameRun(runNative(argv), await runInProcess(argv), `seed ${seed}: tilesched ${argv.join(' ')}`);
    }
  });
}
