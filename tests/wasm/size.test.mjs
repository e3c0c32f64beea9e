// The module's size budget (docs/decisions.md, "WebAssembly module"): tilesched.wasm and its
// glue tilesched.mjs together at most 400 KB gzip -9, as bench/wasm_vs_native.mjs counts them,
// with CaDiCaL inside. The glue needs no Emscripten file system (-sFILESYSTEM=0): inputs reach
// the core through the bindings' own reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { wasmDir } from './harness.mjs';

const budgetBytes = 400 * 1024;

test('the module is at most 400 KB gzip -9 (wasm + glue)', () => {
  const sizes = ['tilesched.wasm', 'tilesched.mjs'].map(
    (f) => gzipSync(readFileSync(path.join(wasmDir, f)), { level: 9 }).length);
  const total = sizes[0] + sizes[1];
  assert.ok(total <= budgetBytes,
    `tilesched.wasm ${sizes[0]} + tilesched.mjs ${sizes[1]} = ${total} bytes gzip, over ${budgetBytes}`);
});

test('the glue carries no Emscripten file system', () => {
  const glue = readFileSync(path.join(wasmDir, 'tilesched.mjs'), 'utf8');
  assert.ok(!/\bMEMFS\b/.test(glue), 'tilesched.mjs contains MEMFS: the link lost -sFILESYSTEM=0');
});

// wasm/stdio.cpp and support/Decimal.h keep musl's printf formatter and strtod scanner, and the
// 128-bit long double arithmetic both need, out of the module (docs/decisions.md).
test('the module links no printf float formatter and no strtod', () => {
  const wasm = readFileSync(path.join(wasmDir, 'tilesched.wasm')).toString('latin1');
  assert.ok(!wasm.includes('-0X+0X 0X-0x+0x 0x'), 'musl printf_core (fmt_fp) is linked');
  assert.ok(!wasm.includes('infinity'), "musl's strtod (__floatscan) is linked");
});
