import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNIT_WORDS, plainUnits, unitName, unitTitle } from '../../src/model/units';
import { plainReason } from '../../src/model/words';
import { meaning } from '../../src/model/trace';

const MODELS = new URL('../../../core/target/models/', import.meta.url);

describe('units in plain words', () => {
  it('names every slot and pool of every built-in model', () => {
    for (const file of readdirSync(MODELS).filter((f) => f.endsWith('.json'))) {
      const model = JSON.parse(readFileSync(new URL(file, MODELS), 'utf8'));
      for (const u of [...model.slots, ...(model.pools ?? [])]) {
        expect(UNIT_WORDS[u.name], `${file}: ${u.name}`).toBeDefined();
        expect(UNIT_WORDS[u.name].plain).not.toMatch(/_/);
      }
    }
  });

  it('shows the model’s own name in the expert view, on hover, and for a unit it does not know', () => {
    expect(unitName('tp_smem_wr', false)).toBe('shared-memory write port');
    expect(unitName('tp_smem_wr', true)).toBe('tp_smem_wr');
    expect(unitName('my_port', false)).toBe('my_port');
    expect(unitTitle('tp_smem_wr')).toContain('(the model calls it tp_smem_wr)');
  });

  it('names an agent’s own copy of a unit after the unit and the agent', () => {
    expect(unitName('fma_issue (partition 1)', false)).toBe('FMA issue width (partition 1)');
    expect(unitName('issue (default)', false)).toBe('instruction issue (default partition)');
    expect(unitName('fma_issue (partition 1)', true)).toBe('fma_issue (partition 1)');
    expect(unitName('my_port (partition 1)', false)).toBe('my_port (partition 1)');
    expect(unitTitle('fma_issue (partition 2)')).toBe(
      'FMA issue width: how many ALU-or-heavy-FMA ops issue in one cycle, the partition 2\'s own copy (the model calls it fma_issue (partition 2))');
  });

  it('words the units of a core sentence, never an op or value name', () => {
    expect(plainUnits("MII 23 = max(resource 23 ['tp_smem_wr'])", false)).toBe('MII 23 = max(resource 23 [shared-memory write port])');
    expect(plainUnits("no seat for %t1: 'tma' full", false)).toBe('no seat for %t1: TMA copy engine full');
    const ops = '%lsu = nv_tileas.async.tiled_tma_load %xu64, tma busy';
    expect(plainUnits(ops, false)).toBe(ops);
    expect(plainUnits("'tma'", true)).toBe("'tma'");
  });

  it('words the seed’s names in the trace meanings and the core’s sentences', () => {
    expect(meaning('arm', 'ladder', false)).toBe('the methods in turn at one candidate II');
    expect(meaning('outcome', 'refused', false)).toBe('the method does not apply here');
    expect(meaning('outcome', 'seat', false)).toBe('every check passes: this cycle is taken');
    expect(meaning('outcome', 'seat', true)).toBe('every gate passes: this cycle is taken');
    expect(plainReason('an op failed and is marked dead', false)).toBe('an op failed and is given up');
    expect(meaning('gate', 'G1', false)).toBe('waits for its group leader');
  });
});
