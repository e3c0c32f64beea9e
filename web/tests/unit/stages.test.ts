import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import type { Block } from '../../src/engine/types';
import { explainOptimality } from '../../src/model/mii';
import { stageStory, stagesWithoutOps, tritonStagesApplied } from '../../src/model/stages';
import { fixture } from './helpers';

// A Triton attention loop as the core publishes it: the compaction left 3 stages, then Triton's
// load stages moved 21 ops by whole IIs, to stages 0, 2, 3 and 4 of a stage_count of 5.
function steered(generator: 'cost-based' | 'serial' = 'cost-based'): Block {
  const raw = JSON.parse(fixture('scheduled.json'));
  const b = raw.blocks[0];
  b.generator = generator;
  b.stage_count = 5;
  b.ops.forEach((o: { stage: number }, i: number) => { o.stage = [0, 2, 3, 4][i]; });
  b.compaction = { ran: true, stages_from: 3, stages_to: 3, crossings_from: 8, crossings_to: 8 };
  b.optimality = { status: 'proven', lower_bound: b.ii, stage_bound: 3, stages_proven: true };
  b.triton = { stage_count: 0, steered_ops: 21 };
  return parseDocument(JSON.stringify(raw)).blocks[0];
}

describe('what the scheduler did to the stages', () => {
  it('finds the stages in which no op is issued', () => {
    expect(stagesWithoutOps(steered())).toEqual([1]);
    expect(stagesWithoutOps(parseDocument(fixture('scheduled.json')).blocks[0])).toEqual([]);
  });

  it('says Triton\'s load stages were applied, by which rule, and what they changed', () => {
    expect(tritonStagesApplied(steered())).toBe('always');
    expect(tritonStagesApplied(steered('serial'))).toBe('option');
    expect(stageStory(steered())).toEqual([
      'Triton’s load stages were applied, as every cost-based schedule does: 21 ops moved to later stages by whole IIs, 3 → 5 stages.',
      'Stage 1 issues no op yet counts toward the 5: an op of stage s starts s IIs into its iteration, so the stages measure how deep the pipeline is.',
    ]);
    expect(stageStory(steered('serial'))[0]).toMatch(/as the Triton latencies option asks/);
  });

  it('says what the compaction removed, or the crossings it cut', () => {
    const b = parseDocument(fixture('scheduled.json')).blocks[0];
    b.compaction = { ran: true, stages_from: 5, stages_to: 2, crossings_from: 9, crossings_to: 4 };
    expect(stageStory(b)).toEqual(['Stage compaction removed 3 stages: 5 → 2.']);
    b.compaction = { ran: true, stages_from: 2, stages_to: 2, crossings_from: 9, crossings_to: 8 };
    expect(stageStory(b)).toEqual(['Stage compaction kept 2 stages and cut the values crossing a stage boundary from 9 to 8.']);
    b.compaction = { ran: true, stages_from: 2, stages_to: 2, crossings_from: 9, crossings_to: 9 };
    expect(stageStory(b)).toEqual([]);
  });

  it('never claims the compacted count for a schedule Triton\'s stages made longer', () => {
    expect(explainOptimality(steered())).toMatch(/3 stage\(s\), the fewest at this II; Triton’s load stages make it 5$/);
    const serial = steered();
    serial.triton = null;
    serial.compaction = { ran: true, stages_from: 5, stages_to: 5, crossings_from: 8, crossings_to: 8 };
    expect(explainOptimality(serial)).toMatch(/5 stage\(s\), the fewest at this II$/);
  });
});
