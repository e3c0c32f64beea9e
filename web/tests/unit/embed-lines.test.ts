import { describe, expect, it } from 'vitest';
import { firstLoopLine, parseLines } from '../../src/app/embed-view';
import { EXAMPLES } from '../../src/panes/examples';

describe('the lines an embed shows', () => {
  it('reads lines= as a range or a first line, and nothing else', () => {
    expect(parseLines('32-40')).toEqual({ first: 32, last: 40 });
    expect(parseLines(' 5 – 9 ')).toEqual({ first: 5, last: 9 });
    expect(parseLines('12')).toEqual({ first: 12, last: Infinity });
    for (const bad of [null, '', '0-3', '9-2', 'a-b', '3-', '-4']) expect(parseLines(bad), String(bad)).toBeNull();
  });

  it('starts at the first loop of every kind of input the gallery has', () => {
    const at = (id: string) => {
      const src = EXAMPLES.find((e) => e.id === id)!.source;
      return src.split('\n')[firstLoopLine(src) - 1];
    };
    expect(at('triton-blackwell-attention')).toContain('scf.for %start');
    expect(at('hopper-tma-wgmma-gemm')).toContain('"scf.for"(');
    expect(at('cuda-tile-gemm')).toContain('%acc = for %k in');
    expect(firstLoopLine('func.func @f() {\n  return\n}\n')).toBe(1);
  });
});
