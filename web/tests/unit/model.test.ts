import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import type { Block, RRT } from '../../src/engine/types';
import { compareInputs, compareRows, currentLabel, diffCells, diffOps, diffSummary, matchOps, sideLabel } from '../../src/model/compare';
import { DEFAULT_OPTIONS } from '../../src/engine/options';
import { explainMII, explainOptimality } from '../../src/model/mii';
import { ALL_ROWS_UP_TO_II, cellLookup, finalRRT, replayRRT, shownRows, usedResources } from '../../src/model/rrt';
import { barsIn, timelineLayout } from '../../src/model/timeline';
import { fixture } from './helpers';

const scheduled = (): Block => parseDocument(fixture('scheduled.json')).blocks[0];

// Every modulo row as sorted "resource:op" strings, to compare tables regardless of cell order.
const cells = (t: RRT) => {
  const at = cellLookup(t);
  return Array.from({ length: t.ii }, (_, row) =>
    t.resources.flatMap((r, i) => at(row, i).map((op) => `${r.name}:${op}`)).sort());
};

describe('RRT model', () => {
  it('shows the table the core published, and none for a block without an II', () => {
    const b = scheduled();
    expect(finalRRT(b)).toBe(b.rrt);
    expect(finalRRT({ ...b, rrt: null })).toBeNull();
    expect(finalRRT({ ...b, rrt: { ...b.rrt!, ii: 0, occupied: [] } })).toBeNull();
  });

  it('replays the table changes only: it never computes a modulo row itself', () => {
    const b = scheduled();
    // Units moved by the core are where the replay puts them, whatever the op's footprint says.
    const trace = b.trace!.map((t) => (t.step === 5 ? { ...t, rrt_add: [[0, 0]] as Array<[number, number]> } : t));
    expect(cells(replayRRT({ ...b, trace }, 5)!)[0]).toContain('xu:1');
  });

  it('replays the trace to the final table at its last step', () => {
    const b = scheduled();
    expect(cells(replayRRT(b, b.trace!.length - 1)!)).toEqual(cells(b.rrt!));
  });

  it('restarts the table when the candidate II changes', () => {
    const b = scheduled();
    const atStep2 = replayRRT(b, 2)!;
    expect(atStep2.ii).toBe(1);
    expect(cells(atStep2)).toEqual([['tma:0', 'tp_smem_wr:0']]);
    const atStep3 = replayRRT(b, 3)!;
    expect(atStep3.ii).toBe(2);
    expect(cells(atStep3)).toEqual([['tma:0', 'tp_smem_wr:0'], []]);
  });

  it('removes an uncommitted footprint and ignores rejected probes', () => {
    const b = scheduled();
    const afterUncommit = replayRRT(b, 9)!;
    expect(cells(afterUncommit)[1]).toEqual(['tc_and_mma:2', 'tp_smem_wr:1']);
    const afterReject = replayRRT(b, 7)!;
    expect(cells(afterReject)).toEqual(cells(replayRRT(b, 6)!));
  });

  it('lists the occupants of a cell and the resources in use', () => {
    const b = scheduled();
    const at = cellLookup(b.rrt!);
    expect([at(0, 5).length, at(1, 5).length]).toEqual([0, 1]); // smem_port, capacity 2
    expect(usedResources(b.rrt!).has(0)).toBe(false); // xu is never used
    expect(usedResources(b.rrt!).has(5)).toBe(true);
  });

  it('shows every row of a small II and only the occupied rows of a large one', () => {
    const b = scheduled();
    expect(shownRows(b.rrt!)).toEqual([0, 1]);
    const ii = 31_000_000;
    // An op at cycle 30 999 999 holding tma for two cycles, as the core publishes it: the second row wraps.
    const cell = { resource: 0, ops: [0] };
    const big = finalRRT({ ...b, ii, rrt: { ii, resources: [{ name: 'tma', capacity: 1, kind: 'slot' }], occupied: [{ row: 0, cells: [cell] }, { row: 30_999_999, cells: [cell] }] } })!;
    expect(ii).toBeGreaterThan(ALL_ROWS_UP_TO_II);
    expect(shownRows(big)).toEqual([0, 30_999_999]);
  });
});

describe('MII breakdown', () => {
  it('names the binding resource', () => {
    const m = explainMII(scheduled())!;
    expect(m.mii).toBe(2);
    expect(m.bounds.filter((b) => b.binding).map((b) => b.key)).toEqual(['resource']);
    expect(m.summary).toBe('MII 2, bound by resource (tensor-core issue)');
    expect(explainMII(scheduled(), true)!.summary).toBe('MII 2, bound by resource (tc_and_mma)');
  });

  it('names the critical recurrence and the gap to the II', () => {
    const b = scheduled();
    b.mii = { ...b.mii!, resource: 1, recurrence: 2, critical_cycle: [2, 3] };
    b.ii = 3;
    expect(explainMII(b)!.summary).toBe('MII 2, bound by recurrence (%2 → %3 → %2); II is 1 above it');
  });

  it('has nothing to explain for the serial generator', () => {
    expect(explainMII(parseDocument(fixture('serial.json')).blocks[0])).toBeNull();
  });
});

describe('optimality', () => {
  it('says when no smaller II can exist, and how that is known', () => {
    const b = scheduled();
    b.optimality = { status: 'proven', lower_bound: b.ii, stage_bound: 0, stages_proven: false };
    expect(explainOptimality(b)).toBe(`II ${b.ii} is the best possible: no schedule can have a smaller II`);
    b.ii = 3;
    b.optimality = { status: 'proven', lower_bound: 3, stage_bound: 0, stages_proven: false };
    expect(explainOptimality(b)).toBe('II 3 is the best possible: an exhaustive search found no schedule with a smaller II');
  });

  it('says whether fewer stages can exist at the II (what the compaction changed is the stage story\'s)', () => {
    const b = scheduled();
    b.ii = 3;
    b.stage_count = 4;
    b.optimality = { status: 'proven', lower_bound: 3, stage_bound: 4, stages_proven: true };
    b.compaction = { ran: true, stages_from: 8, stages_to: 4, crossings_from: 9, crossings_to: 5 };
    expect(explainOptimality(b)).toBe(
      'II 3 is the best possible: an exhaustive search found no schedule with a smaller II. 4 stage(s), the fewest at this II',
    );
    b.optimality = { status: 'proven', lower_bound: 3, stage_bound: 2, stages_proven: false };
    b.compaction = null;
    expect(explainOptimality(b)).toMatch(/4 stage\(s\); no schedule at this II has fewer than 2$/);
  });

  it('states the proved lower bound and the gap', () => {
    const b = scheduled();
    b.ii = 6;
    b.optimality = { status: 'bound', lower_bound: 4, stage_bound: 0, stages_proven: false };
    expect(explainOptimality(b)).toBe('no schedule exists with an II below 4; one between 4 and 5 may exist');
  });

  it('reads the certificate from the document, and says nothing without one', () => {
    const doc = JSON.parse(fixture('scheduled.json'));
    doc.blocks[0].optimality = { status: 'proven', lower_bound: doc.blocks[0].ii, stage_bound: 2, stages_proven: true };
    expect(parseDocument(JSON.stringify(doc)).blocks[0].optimality).toEqual({
      status: 'proven',
      lower_bound: doc.blocks[0].ii,
      stage_bound: 2,
      stages_proven: true,
    });
    doc.blocks[0].optimality = { status: 'unknown', lower_bound: 0 };
    expect(explainOptimality(parseDocument(JSON.stringify(doc)).blocks[0])).toBeNull();
    expect(explainOptimality(parseDocument(fixture('serial.json')).blocks[0])).toBeNull();
  });
});

describe('timeline layout', () => {
  it('overlaps iterations at II without overlapping bars in a lane', () => {
    const t = timelineLayout(scheduled())!;
    expect(t.iterations).toBe(3);
    expect(t.prologueEnd).toBe(2);
    expect(t.kernelEnd).toBe(6);
    for (const it of [0, 1, 2]) {
      const bars = barsIn(t, it, 0, t.end);
      expect(bars.find((b) => b.op.id === 0)!.start).toBe(it * 2);
      for (const a of bars) for (const b of bars) {
        if (a !== b && a.lane === b.lane) expect(a.start + a.length <= b.start || b.start + b.length <= a.start).toBe(true);
      }
    }
  });

  it('finds the bars of a cycle window, and packs thousands of overlapping ops in lanes', () => {
    const t = timelineLayout(scheduled())!;
    const all = barsIn(t, 1, 0, t.end);
    const window = barsIn(t, 1, 3, 4);
    expect(window).toEqual(all.filter((b) => b.start < 4 && b.start + b.length > 3));
    const block = scheduled();
    const op = block.ops[0];
    const many = { ...block, ii: 1, stage_count: 1, ops: Array.from({ length: 4900 }, (_, id) => ({ ...op, id, cycle: id % 7, footprint: [['a'], ['a'], ['a']] })) };
    const big = timelineLayout(many)!;
    expect(big.lanes).toBe(700 * 3);
  });

  it('draws nothing for a failed block', () => {
    expect(timelineLayout(parseDocument(fixture('failed.json')).blocks[0])).toBeNull();
  });
});

describe('generator comparison', () => {
  it('marks the ops placed differently', () => {
    const a = scheduled();
    const b = scheduled();
    b.ops[3] = { ...b.ops[3], cycle: 5, stage: 2 };
    b.ii = 3;
    expect([...diffOps(a, b)].map(([id, f]) => [id, [...f].sort()])).toEqual([[3, ['cycle', 'stage']]]);
    expect(diffSummary(a, b)).toEqual({ ii: true, stage_count: false, status: false, generator: false });
  });

  it('reads the comparison old → new, in words where a side did not place an op, with the ops only one side has', () => {
    const old = scheduled();
    const now = scheduled();
    now.ops[3] = { ...now.ops[3], cycle: old.ops[3].cycle + 4 };
    now.ops[2] = { ...now.ops[2], stage: -1, order: -1, cycle: -1 };
    const rows = compareRows(old, now, false);
    expect(rows.map((r) => [r.op.id, r.only, r.cells.map((c) => c.text)])).toEqual([
      [2, null, [`${old.ops[2].stage} → not placed`, `${old.ops[2].order} → not placed`, `${old.ops[2].cycle} → not placed`]],
      [3, null, [String(old.ops[3].stage), String(old.ops[3].order), `${old.ops[3].cycle} → ${old.ops[3].cycle + 4}`]],
    ]);
    expect(rows.flatMap((r) => r.cells.map((c) => c.text)).join(' ')).not.toMatch(/-1/);
    expect(compareRows(old, now, true)).toHaveLength(old.ops.length);
    // An edit that drops the first op and adds one: each is listed once, on its own side.
    const edited = scheduled();
    edited.ops = [...edited.ops.slice(1), { ...edited.ops[0], id: 9, label: '%added' }];
    expect(compareRows(old, edited, false).map((r) => [r.op.label, r.only])).toEqual([['%added', 'new'], [old.ops[0].label, 'old']]);
  });

  it('matches ops by label across an edit that inserts one, and marks the new op', () => {
    const a = scheduled();
    const b = scheduled();
    // The edited side has an op inserted first: every id moved by one, the labels did not.
    const added = { ...b.ops[0], id: 0, label: '%new', cycle: 0 };
    b.ops = [added, ...b.ops.map((o) => ({ ...o, id: o.id + 1 }))];
    expect([...matchOps(a, b)]).toEqual(a.ops.map((o) => [o.id, o.id + 1]));
    expect([...diffOps(a, b).keys()]).toEqual([]);
    expect([...diffOps(b, a).keys()]).toEqual([0]);
  });

  it('marks the reservation-table cells held differently, by resource name and row', () => {
    const a = scheduled();
    expect(diffCells(a, a.rrt!, a, a.rrt)).toEqual([]);
    // The other side's table lists its resources in another order and moves one holder.
    const b = scheduled();
    const rrt = b.rrt!;
    const order = [...rrt.resources.keys()].reverse();
    const moved = rrt.occupied[0].cells[0];
    b.rrt = {
      ...rrt,
      resources: order.map((i) => rrt.resources[i]),
      occupied: rrt.occupied.map((r) => ({ row: r.row, cells: r.cells.map((c) => ({ resource: order.indexOf(c.resource), ops: c === moved ? [99] : c.ops })) })),
    };
    expect(diffCells(a, a.rrt!, b, b.rrt)).toEqual([[rrt.occupied[0].row, moved.resource]]);
    // No table on the other side: every occupied cell here differs.
    expect(diffCells(a, a.rrt!, a, null).length).toBe(a.rrt!.occupied.reduce((n, r) => n + r.cells.length, 0));
  });

  it('runs the other side with what it changes, and names both sides in words', () => {
    const o = { ...DEFAULT_OPTIONS, model: 'blackwell' as const, iiCap: 6 };
    expect(compareInputs({ model: 'hopper' }, 'src', o)).toEqual({ source: 'src', options: { ...o, model: 'hopper' } });
    expect(compareInputs({ source: 'old', iiCap: 0 }, 'src', o)).toEqual({ source: 'old', options: { ...o, iiCap: 0 } });
    expect([currentLabel({ model: 'hopper' }, o), sideLabel({ model: 'hopper' }, o)]).toEqual(['Blackwell', 'Hopper']);
    // The IR's target picked the current side's model: the heading names the one the run used.
    const fromIR = { ...o, model: 'ir' as const };
    expect(currentLabel({ model: 'hopper' }, fromIR, 'blackwell')).toBe('Blackwell (from the IR)');
    expect(currentLabel({ model: 'hopper' }, fromIR)).toBe('the IR’s target');
    expect([currentLabel({ iiCap: 0 }, o), sideLabel({ iiCap: 0 }, o)]).toEqual(['II cap 6', 'automatic II cap']);
    expect([currentLabel({ source: 'old' }, o), sideLabel({ source: 'old' }, o)]).toEqual(['the source as edited', 'the pinned source']);
  });
});

describe('RRT replay on the native trace', () => {
  it('rebuilds the final reservation table where the schedule was found', () => {
    let checked = 0;
    for (const name of ['seed-worked-example', 'hopper-tma-wgmma-gemm']) {
      for (const b of parseDocument(fixture(`native-${name}.json`)).blocks) {
        if (!b.rrt || !b.trace || b.trace_dropped > 0) continue;
        // The last rung that scheduled the block's II (a later II's trial may follow it).
        const at = b.trace.filter((t) => t.arm === 'ladder' && t.outcome === 'scheduled' && t.ii === b.ii).pop();
        if (!at) continue;
        expect(cells(replayRRT(b, at.step)!)).toEqual(cells(b.rrt));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
