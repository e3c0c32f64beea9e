// Shared by tests/wasm/*.test.mjs: where the native tool, the module and the inputs are, and
// how to run one command line natively, through the npm bin, or in-process through runCli.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const nativeTool = path.resolve(repo, process.env.TILESCHED_NATIVE ?? 'build/bin/tilesched');
export const wasmDir = path.resolve(repo, process.env.TILESCHED_WASM_DIR ?? 'build-wasm/wasm');
export const cliBin = path.join(repo, 'wasm', 'cli.mjs');
export const sharedDir = path.resolve(repo, process.env.TILESCHED_SHARED_DIR ?? '../shared');

// The bin finds the module under test through this variable (wasm/cli.mjs moduleDir()).
process.env.TILESCHED_WASM_DIR = wasmDir;
const { loadTilesched, readInput } = await import('../../wasm/cli.mjs');
export { readInput };

let modulePromise;
export function tilesched() {
  modulePromise ??= loadTilesched(wasmDir);
  return modulePromise;
}

export function examples() {
  const dir = path.join(repo, 'examples');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function scratchDir() {
  return mkdtempSync(path.join(tmpdir(), 'tilesched-wasm-test-'));
}

// {status, stdout: Buffer, stderr: Buffer} of one process.
function spawn(cmd, args, input, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: repo, input: input ?? '', maxBuffer: 256 << 20, env });
  // EPIPE: the process exited before reading all of its stdin (a usage error exits at once);
  // its status and output are still complete.
  if (r.error && !(r.error.code === 'EPIPE' && r.status !== null)) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

export function runNative(args, input) {
  return spawn(nativeTool, args, input);
}

export function runBin(args, input, env) {
  return spawn(process.execPath, [cliBin, ...args], input, env);
}

// The npm bin's code path without a process: runCli with the bin's own file reader.
export async function runInProcess(args) {
  const r = (await tilesched()).runCli(args, readInput, undefined);
  return { status: r.exitCode, signal: null, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr) };
}

// Byte-for-byte: stdout, stderr and exit code; the native tool must have exited, not crashed.
export function assertSameRun(native, wasm, what) {
  assert.equal(native.signal, null, `${what}: native tool killed by ${native.signal}`);
  assert.ok([0, 1, 2].includes(native.status), `${what}: native exit ${native.status}`);
  assert.equal(wasm.stderr.toString('latin1'), native.stderr.toString('latin1'), `${what}: stderr differs`);
  assert.equal(wasm.stdout.toString('latin1'), native.stdout.toString('latin1'), `${what}: stdout differs`);
  assert.equal(wasm.status, native.status, `${what}: exit code differs`);
}

export function requireBuilt() {
  assert.ok(existsSync(nativeTool), `${nativeTool} missing: run bash scripts/setup.sh --no-serve`);
  assert.ok(existsSync(path.join(wasmDir, 'tilesched.wasm')), `${wasmDir}/tilesched.wasm missing`);
}

// The argument sets every input is compared under.
export const ARG_SETS = [['--emit=json'], ['--emit=table'], ['--emit=json', '--trace'], ['--generator=serial']];
