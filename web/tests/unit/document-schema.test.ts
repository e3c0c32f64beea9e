// The documents the native tool prints satisfy the schema's TypeScript (engine/document-schema.ts,
// generated from core/contract/json-document.json), and its check reports what the schema forbids.
import { describe, expect, it } from 'vitest';
import { MESSAGE_IDS, documentProblems, isJsonDocument } from '../../src/engine/document-schema';
import { MESSAGES } from '../../src/engine/wording';
import { fixture } from './helpers';

const NATIVE = ['native-broken.json', 'native-hopper-tma-wgmma-gemm.json', 'native-infeasible.json', 'native-seed-worked-example.json'];

describe('the JSON document schema', () => {
  it('accepts every document the native tool printed', () => {
    for (const name of NATIVE) expect([name, documentProblems(JSON.parse(fixture(name)))]).toEqual([name, []]);
    expect(isJsonDocument(JSON.parse(fixture('native-infeasible.json')))).toBe(true);
  });

  it('reports a key it lacks, a missing key, a key out of order, a wrong type and an unknown value', () => {
    const doc = JSON.parse(fixture('native-seed-worked-example.json'));
    const block = doc.blocks[0];
    block.planted = 1;
    delete block.rings;
    block.ops[0] = { name: block.ops[0].name, id: block.ops[0].id, label: '', line: 1, col: 1 };
    block.ii = '4';
    block.status = 'done';
    doc.diagnostics.push({ severity: 'note', line: 0, col: 0, end_line: 0, end_col: 0, message: '', id: 'no_such_id', fields: {} });
    expect(documentProblems(doc)).toEqual([
      'document.diagnostics[0].id: "no_such_id" is not one of its values',
      'document.blocks[0].status: "done" is not one of its values',
      'document.blocks[0].ii: not an integer',
      'document.blocks[0].ops[0].id: out of the schema\'s order',
      'document.blocks[0].planted: not a key of Block',
      'document.blocks[0]: no "rings"',
    ]);
  });

  it("has the page's words for every message id", () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...MESSAGE_IDS].sort());
  });
});
