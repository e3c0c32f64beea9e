// Maps the core's diagnostics (1-based line/col, end position; columns count UTF-8 bytes like
// the C++ front end) to CodeMirror document offsets.
import type { Diagnostic } from '../engine/types';

// The subset of @codemirror/state's Text used here, so the mapping is testable on plain text.
export interface TextLike {
  readonly lines: number;
  line(n: number): { from: number; to: number; text: string };
}

// Character offset inside `text` of 1-based UTF-8 byte column `col` (clamped to the line).
export function byteColumnToChar(text: string, col: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length && bytes < col - 1) {
    const cp = text.codePointAt(i)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

function offset(doc: TextLike, line: number, col: number): number {
  if (line < 1) return 0;
  if (line > doc.lines) return doc.line(doc.lines).to;
  const l = doc.line(line);
  return l.from + byteColumnToChar(l.text, Math.max(1, col));
}

// A range is never empty: a point diagnostic covers the token (word) at its position, or one
// character, so the squiggle is visible.
export function diagnosticRange(doc: TextLike, d: Diagnostic): { from: number; to: number } {
  const from = offset(doc, d.line, d.col);
  let to = d.end_line > 0 ? offset(doc, d.end_line, d.end_col) : from;
  if (to <= from) {
    const l = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
    const rest = l.text.slice(from - l.from);
    const word = /^[\w%@#!^$.-]+/.exec(rest);
    to = from + (word ? word[0].length : Math.min(1, rest.length));
  }
  return { from, to };
}

export function locationText(d: Diagnostic): string {
  return d.line > 0 ? `${d.line}:${d.col}` : '-';
}
