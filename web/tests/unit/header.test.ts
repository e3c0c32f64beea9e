import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import { iiUnitWords } from '../../src/panes/header';
import { fixture } from './helpers';

describe('result header', () => {
  it("names the II's unit in words, from the block's ii_units, with or without an estimate", () => {
    const block = parseDocument(fixture('native-seed-worked-example.json')).blocks[0];
    expect(block.ii_units).toBe('seed');
    expect(iiUnitWords(block)).toBe('cost units');
    expect(iiUnitWords({ ...block, ii_units: 'sm-cycles' })).toBe('SM cycles');
    expect(parseDocument(fixture('native-infeasible.json')).blocks.every((b) => b.ii_units === 'seed')).toBe(true);
  });
});
