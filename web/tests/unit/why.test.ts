import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import { searchSentence } from '../../src/panes/why-ii';
import { plainReason, traceWord } from '../../src/model/words';
import { TERMS, TRACE_TERMS } from '../../src/panes/glossary';
import { TRACE_ARMS, TRACE_GATES, TRACE_OUTCOMES } from '../../src/generated/vocabulary';
import { fixture } from './helpers';

// The hopper fixture with the II moved above its bound, and the certificate and smaller IIs given.
function above(status: 'proven' | 'bound', lower: number) {
  const raw = JSON.parse(fixture('native-hopper-tma-wgmma-gemm.json'));
  const b = raw.blocks[0];
  b.ii = b.mii.lower_bound + 8;
  b.optimality = { status, lower_bound: lower };
  b.refinement = { rounds: 10, converged: false, budget_exceeded: true, budget_truncated: true };
  b.below = [{ ii: b.mii.lower_bound, result: 'infeasible', op: 1, resource: 'tma', reason: 'no seat for %x at II 16: tma is full' },
    { ii: 0, result: 'nonsense', op: -1, resource: '', reason: '' }];
  return parseDocument(JSON.stringify(raw)).blocks[0];
}

describe('why this II', () => {
  it('says the search below was exhaustive or cut short, never both', () => {
    const proven = above('proven', 24);
    const said = searchSentence(proven)!;
    expect(said).toMatch(/was exhaustive: no schedule exists at any II from 16 to 23/);
    expect(said).not.toMatch(/budget|cut short/);
    const cut = searchSentence(above('bound', 18))!;
    expect(cut).toMatch(/cut short by the search budget: no schedule exists below II 18, but one at II 18–23 may exist/);
    expect(cut).not.toMatch(/exhaustive/);
    const at = parseDocument(fixture('native-hopper-tma-wgmma-gemm.json')).blocks[0];
    expect(searchSentence(at)).toBe(`II ${at.ii} equals the lower bound: no schedule can have a smaller II.`);
  });

  it('reads what stopped each smaller II, as the core words it, dropping entries it does not know', () => {
    const b = above('proven', 24);
    expect(b.below).toEqual([{ ii: 16, result: 'infeasible', op: 1, resource: 'tma', reason: 'no seat for %x at II 16: tma is full' }]);
  });
});

describe('plain words', () => {
  it('shows every trace word plainly, and the glossary defines each', () => {
    const ids = new Set(TRACE_TERMS.map((t) => t.id));
    for (const w of TRACE_ARMS) {
      expect(traceWord('arm', w.name, false)).toBe(w.plain);
      expect(ids.has(`arm-${w.name}`)).toBe(true);
    }
    for (const w of TRACE_GATES.filter((g) => g.name !== '-')) expect(ids.has(`gate-${w.name}`)).toBe(true);
    for (const w of TRACE_OUTCOMES) expect(ids.has(`outcome-${w.name}`)).toBe(true);
    expect(traceWord('gate', 'G3', false)).toBe('resource busy');
    expect(traceWord('gate', 'G3', true)).toBe('G3');
    expect(TERMS.every((t) => t.text.length > 0)).toBe(true);
  });

  it('puts a reason\'s method names into plain words and drops the inversion count', () => {
    expect(plainReason('II 26 by rau-refinement, 2 stage(s), structural distance 680 (Kendall-tau inversions against program order)', false))
      .toBe('II 26 by previous order, 2 stage(s)');
    expect(plainReason('so G2 treats this op as if max_depth were unset', false)).toBe('so the depth check treats this op as if max_depth were unset');
  });
});
