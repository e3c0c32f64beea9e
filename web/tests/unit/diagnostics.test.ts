import { describe, expect, it } from 'vitest';
import { Text } from '@codemirror/state';
import { byteColumnToChar, diagnosticRange, locationText } from '../../src/editor/diagnostics';
import type { Diagnostic } from '../../src/engine/types';

const doc = Text.of([
  'func.func @f(%n: index) {',
  '  %t = nv_tileas.async.tiled_tma_load %d[%i] {sched.latency = "eight"} : !t',
  '  // größe: non-ASCII before the %x token',
  '  %x = arith.addi %a, %b : i32',
]);

const diag = (line: number, col: number, end_line = line, end_col = col): Diagnostic =>
  ({ severity: 'error', line, col, end_line, end_col, message: '', file: '' });

describe('diagnostics to editor offsets', () => {
  it('maps a 1-based line/col range with an exclusive end', () => {
    const r = diagnosticRange(doc, diag(2, 3, 2, 5));
    expect(doc.sliceString(r.from, r.to)).toBe('%t');
  });

  it('counts columns in UTF-8 bytes like the C++ front end', () => {
    const line = doc.line(3).text;
    const byteCol = new TextEncoder().encode(line.slice(0, line.indexOf('%x'))).length + 1;
    const r = diagnosticRange(doc, diag(3, byteCol, 3, byteCol + 2));
    expect(doc.sliceString(r.from, r.to)).toBe('%x');
    expect(byteColumnToChar('größe', 3)).toBe(2); // 'ö' starts at byte 3
    expect(byteColumnToChar('größe', 5)).toBe(3); // 'ö' takes 2 bytes
  });

  it('widens an empty range to the token at the position', () => {
    const col = doc.line(4).text.indexOf('arith') + 1;
    const r = diagnosticRange(doc, diag(4, col));
    expect(doc.sliceString(r.from, r.to)).toBe('arith.addi');
  });

  it('clamps positions outside the document', () => {
    expect(diagnosticRange(doc, diag(99, 1)).from).toBe(doc.length);
    expect(diagnosticRange(doc, diag(1, 500)).from).toBe(doc.line(1).to);
    const whole = diagnosticRange(doc, diag(0, 0, 0, 0));
    expect(whole.from).toBe(0);
    expect(whole.to).toBeGreaterThan(0);
  });

  it('spans several lines', () => {
    const r = diagnosticRange(doc, diag(1, 1, 2, 3));
    expect(doc.sliceString(r.from, r.to)).toBe(doc.line(1).text + '\n  ');
  });

  it('formats line:col for the list', () => {
    expect(locationText(diag(12, 7))).toBe('12:7');
    expect(locationText(diag(0, 0))).toBe('-');
  });
});
