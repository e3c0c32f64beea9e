import { describe, expect, it } from 'vitest';
import { StringStream } from '@codemirror/language';
import { mlirStreamParser } from '../../src/editor/mlir-language';
import { describeExample } from '../../src/panes/examples';
import { dedent } from '../../src/element/dedent';

// [text, token] pairs of one line, whitespace skipped.
function tokens(line: string): Array<[string, string | null]> {
  const state = mlirStreamParser.startState!(2);
  const stream = new StringStream(line, 2, 2);
  const out: Array<[string, string | null]> = [];
  while (!stream.eol()) {
    stream.start = stream.pos;
    const t = mlirStreamParser.token(stream, state);
    const text = line.slice(stream.start, stream.pos);
    if (text.trim()) out.push([text, t]);
  }
  return out;
}

describe('MLIR highlighting', () => {
  it('classifies a custom-form op line', () => {
    expect(tokens('%a = nv_tileas.async.tiled_tma_load %d[%k] {sched.latency = 8 : i32} : tensor<128x64xf16> // load')).toEqual([
      ['%a', 'variableName'], ['=', null], ['nv_tileas.async.tiled_tma_load', 'keyword'], ['%d', 'variableName'], ['[', null],
      ['%k', 'variableName'], [']', null], ['{', null], ['sched.latency', 'propertyName'], ['=', null], ['8', 'number'],
      [':', null], ['i32', 'typeName'], ['}', null], [':', null], ['tensor<128x64xf16>', 'typeName'], ['// load', 'comment'],
    ]);
  });

  it('classifies the generic form, symbols, aliases and dialect types', () => {
    expect(tokens('%r:2 = "nv_tileas.async.wgmma"(%x) : (!nv_tileas.tma_desc<a<b>>) -> (!t, f16)')).toEqual([
      ['%r:2', 'variableName'], ['=', null], ['"nv_tileas.async.wgmma"', 'keyword'], ['(', null], ['%x', 'variableName'], [')', null],
      [':', null], ['(', null], ['!nv_tileas.tma_desc<a<b>>', 'typeName'], [')', null], ['-', null], ['>', null], ['(', null],
      ['!t', 'typeName'], [',', null], ['f16', 'typeName'], [')', null],
    ]);
    expect(tokens('func.func @f() attributes {x = "s", y = true, z = #map}')).toEqual([
      ['func.func', 'keyword'], ['@f', 'variableName.special'], ['(', null], [')', null], ['attributes', 'keyword'], ['{', null],
      ['x', 'propertyName'], ['=', null], ['"s"', 'string'], [',', null], ['y', 'propertyName'], ['=', null], ['true', 'bool'],
      [',', null], ['z', 'propertyName'], ['=', null], ['#map', 'meta'], ['}', null],
    ]);
  });

  it('keeps a type open across lines', () => {
    const state = mlirStreamParser.startState!(2);
    const first = new StringStream('%a : tensor<128x', 2, 2);
    while (!first.eol()) { first.start = first.pos; mlirStreamParser.token(first, state); }
    const second = new StringStream('64xf16> %b', 2, 2);
    expect(mlirStreamParser.token(second, state)).toBe('typeName');
    expect(second.current()).toBe('64xf16>');
  });
});

describe('examples and inline snippets', () => {
  it('titles an example by what it is and describes it by its leading comment', () => {
    expect(describeExample('hopper-tma-wgmma-gemm', '// Hopper GEMM\n// main loop.\nmodule {}\n// not this')).toEqual({
      id: 'hopper-tma-wgmma-gemm', title: 'Hopper GEMM (TMA, WGMMA)', description: 'Hopper GEMM main loop.',
    });
    // A file without a title of its own is named after the file.
    expect(describeExample('my-loop', '// x\n').title).toBe('My loop');
  });

  it('dedents a snippet written inline in HTML', () => {
    expect(dedent('\n    scf.for {\n      %a = x\n    }\n  ')).toBe('scf.for {\n  %a = x\n}\n');
  });
});

describe('example run lines', () => {
  it('applies the flags of a // Run: line to the default options', async () => {
    const { exampleOptions } = await import('../../src/panes/examples');
    expect(exampleOptions('// GEMM\n// Run: tilesched examples/x.mlir --model=hopper --generator=cost-based --ii-cap=12 --work-budget=5000 --check --serial-threshold=3 --triton-latency\nmodule {}')).toEqual({
      generator: 'cost-based', model: 'hopper', modelJson: '', iiCap: 12, maxConstraintIterations: 10, check: true, workBudget: 5000,
      serialThreshold: 3, tritonLatency: true,
    });
    expect(exampleOptions('// no run line\nmodule {}').generator).toBe('auto');
    // Without --model (or with one the playground does not know) the IR's target picks the model.
    expect(exampleOptions('// Run: tilesched x.mlir --model=ampere --bogus').model).toBe('ir');
    expect(exampleOptions('// Run: tilesched x.mlir --generator=serial').model).toBe('ir');
  });
});

describe('materialized IR highlighting', () => {
  it('marks Pipe_ and Mutex_ values', () => {
    expect(tokens('%Pipe_3 = "nv_tileas.pipe"(%Mutex_0, %Pipe_10x)').filter(([, t]) => t === 'atom' || t === 'variableName'))
      .toEqual([['%Pipe_3', 'atom'], ['%Mutex_0', 'atom'], ['%Pipe_10x', 'variableName']]);
  });
});
