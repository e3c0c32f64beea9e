// The runs the npm bin's bounds cover, listed once: bench/npm_bin_bounds.mjs measures them and
// tests/wasm/memory-bound.test.mjs asserts the memory bound on them. Every example and every loop
// of the real-IR sample (`sharedDir`/benchmarks/real-ir, recursively), in path order, under each
// built-in model.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const BUILTIN_MODELS = ['hopper', 'blackwell', 'hopper-measured', 'blackwell-measured'];

function mlirUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function boundInputs(repo, sharedDir) {
  return [...mlirUnder(path.join(repo, 'examples')), ...mlirUnder(path.join(sharedDir, 'benchmarks', 'real-ir'))];
}
