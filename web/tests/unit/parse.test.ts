import { describe, expect, it } from 'vitest';
import { DocumentError, parseDocument } from '../../src/engine/parse';
import { fixture } from './helpers';
import { selectionFacts, serialWhy } from '../../src/panes/header';
import { footprintText, nestedFootprintText } from '../../src/panes/format';

describe('result document model', () => {
  it('reads a cost-based schedule with the playground extensions', () => {
    const doc = parseDocument(fixture('scheduled.json'));
    expect(doc.version).toBe(1);
    const b = doc.blocks[0];
    expect(b).toMatchObject({ generator: 'cost-based', status: 'scheduled', ii: 2, stage_count: 2 });
    // A document from before the bound's terms: no binding ops, edges or smaller IIs.
    expect(b.mii).toEqual({
      resource: 2, recurrence: 1, fine_density: 1, dependency: 1, binding: 'tc_and_mma', binding_capacity: 0, binding_ops: [],
      critical_cycle: [2], critical_edges: [],
    });
    expect(b.below).toEqual([]);
    expect(b.ops.map((o) => [o.id, o.stage, o.order, o.cycle])).toEqual([[0, 0, 0, 0], [1, 0, 1, 1], [2, 1, 0, 2], [3, 1, 1, 3]]);
    expect(b.ops[3].footprint).toEqual([['tp_smem_rd', 'smem_port']]);
    expect(b.ops[2].group).toBe(1);
    expect(b.rrt?.resources[5]).toEqual({ name: 'smem_port', capacity: 2, kind: 'pool' });
    expect(b.trace).toHaveLength(11);
    expect(doc.diagnostics[0]).toMatchObject({ severity: 'warning', line: 15, col: 46, file: '' });
  });

  it('keeps stage = cycle / II and unique (stage, order) in the fixture it tests against', () => {
    const b = parseDocument(fixture('scheduled.json')).blocks[0];
    for (const op of b.ops) expect(op.stage).toBe(Math.floor(op.cycle / b.ii));
    expect(new Set(b.ops.map((o) => `${o.stage}/${o.order}`)).size).toBe(b.ops.length);
  });

  it('reads the buffers, memory and estimate the native tool printed', () => {
    const b = parseDocument(fixture('native-hopper-tma-wgmma-gemm.json')).blocks[0];
    expect(b.buffers.map((x) => [x.value, x.space, x.slots, x.bytes])).toEqual([
      ['%ta', 'smem', 2, 32768], ['%tb', 'smem', 1, 16384], ['%done', 'tmem', 1, 65536],
    ]);
    expect(b.memory).toMatchObject({ smem_bytes: 49152, smem_budget: 232448, tmem_bytes: 65536, fits: true, rounds: [] });
    expect(b.estimate).toMatchObject({ gpu: 'NVIDIA B200', ii_units: 'seed', flops_per_iteration: 2097152, registers_limit: 255 });
    expect(b.estimate?.schedule.bound).toBe('L2 -> SM bandwidth: 32 KiB per iteration');
    expect(b.estimate?.schedule.ns_per_iteration).toEqual([464.834, 591.777]);
    expect(b.estimate?.schedule.bounds.map((x) => x.what)).toContain('tensor cores: 2.1 MFLOP per iteration');
    expect(b.estimate?.triton).toBeNull();
    const bare = parseDocument(fixture('serial.json')).blocks[0];
    expect(bare.buffers).toEqual([]);
    expect(bare.memory).toBeNull();
    expect(bare.estimate).toBeNull();
  });

  it('reads documents without the optional keys', () => {
    const b = parseDocument(fixture('serial.json')).blocks[0];
    expect(b.mii).toBeNull();
    expect(b.rrt).toBeNull();
    expect(b.trace).toBeNull();
    expect(b.violations).toEqual([]);
    expect(b.ops[0]).toMatchObject({ group: null, label: '' });
  });

  it('reads why a block is serial and Triton’s schedule beside ours', () => {
    const doc = parseDocument(JSON.stringify({
      version: 1, diagnostics: [], blocks: [{
        generator: 'serial', status: 'scheduled', ii: 9, stage_count: 1,
        selection: { rule: 'below_threshold', serial_threshold: 8, reason: '2 ops, under the serial threshold of 8', remedy: 'ask for the cost-based generator',
          remedies: [{ id: 'set_option', option: 'generator', value: 'cost-based' }] },
        triton: { stage_count: 3, num_stages: 3 },
        ops: [{ id: 0, name: 'tt.load', stage: 0, triton_stage: 0, triton_latency: 2 }, { id: 1, name: 'tt.dot', stage: 0 }],
      }],
    }));
    const b = doc.blocks[0];
    expect(b.selection).toEqual({ rule: 'below_threshold', serial_threshold: 8, reason: '2 ops, under the serial threshold of 8', remedy: 'ask for the cost-based generator',
      remedies: [{ id: 'set_option', attribute: '', option: 'generator', value: 'cost-based' }] });
    expect(b.triton).toEqual({ stage_count: 3, num_stages: 3, scheduled_max_stage: null, steered_ops: null });
    expect(b.ops[0].triton).toEqual({ stage: 0, cluster: null, latency: 2 });
    expect(b.ops[1].triton).toBeNull();
    expect(serialWhy(b)).toBe('Serial schedule: 2 ops, under the serial threshold of 8. For a modulo schedule, choose the cost-based generator in Options.');
  });

  it('says both op counts when TileAS sees more ops than are written', () => {
    const block = (summary: string) => parseDocument(`{"version": 1, "blocks": [{"generator": "serial", "status": "scheduled",
      "ops": [], "summary": ${summary}}]}`).blocks[0];
    const lowered = block('{"op_count": 5, "op_count_lowered": 9, "has_tma": true}');
    expect(lowered.summary?.op_count_lowered).toBe(9);
    expect(selectionFacts(lowered)[0][0]).toBe('5 ops as written, 9 as TileAS sees them');
    const same = block('{"op_count": 5, "op_count_lowered": 5, "has_tma": true}');
    expect(selectionFacts(same).map(([text]) => text)).toEqual(['TMA']);
    expect(block('{"op_count": 4}').summary?.op_count_lowered).toBe(4); // an older document
  });

  it('reads a block\'s rings and the ring an edge\'s distance comes from', () => {
    const doc = parseDocument(JSON.stringify({
      version: 1, diagnostics: [], blocks: [{
        generator: 'cost-based', status: 'scheduled', ii: 16, stage_count: 2,
        ops: [{ id: 0, name: 'ttng.warp_group_dot_wait' }, { id: 1, name: 'ttng.async_tma_copy_global_to_local' }],
        edges: [
          { src: 1, dst: 0, latency: 8, distance: 0, kind: 'memory' },
          { src: 0, dst: 1, latency: 1, distance: 3, kind: 'memory', ring: '%a_ring' },
        ],
        rings: [
          { value: '%a_ring', kind: 'buffer', slots: 3, proven: true, reason: '', depth_from: 'aref' },
          { value: '%bars', kind: 'barrier', slots: 3, proven: false, reason: 'its slot %s grows with the iteration and never wraps round' },
        ],
      }],
    }));
    const b = doc.blocks[0];
    expect(b.edges[0].ring).toBeUndefined();
    expect(b.edges[1].ring).toBe('%a_ring');
    // A document without depth_from (an older tool) reads as the leading dimension.
    expect(b.rings).toEqual([
      { value: '%a_ring', kind: 'buffer', slots: 3, proven: true, reason: '', depth_from: 'aref' },
      { value: '%bars', kind: 'barrier', slots: 3, proven: false, reason: 'its slot %s grows with the iteration and never wraps round', depth_from: 'leading_dimension' },
    ]);
    expect(parseDocument(fixture('serial.json')).blocks[0].rings).toEqual([]);
  });

  it('reads a warp-specialized block\'s agents side by side', () => {
    const agent = {
      name: 'partition 2', role: 'producer', partition: 2, warps: 1, warps_stated: true, max_regs: 48, ops: [0, 1],
      first_stage: 0, last_stage: 1, units: ['tma', 'fma_issue (partition 2)'],
    };
    const doc = parseDocument(JSON.stringify({
      version: 1, diagnostics: [], blocks: [{ generator: 'cost-based', status: 'scheduled', ops: [], agents: [agent, { role: 'x' }] }],
    }));
    expect(doc.blocks[0].agents[0]).toEqual(agent);
    expect(doc.blocks[0].agents[1].role).toBe('unassigned');
    expect(doc.blocks[0].agents[1].partition).toBe(-1);
    expect(parseDocument(fixture('serial.json')).blocks[0].agents).toEqual([]);
  });

  it('gives each block the model of its chunk, and reads nested loops', () => {
    const doc = parseDocument(JSON.stringify({
      version: 1, diagnostics: [], model: 'hopper',
      chunks: [
        { line: 1, end_line: 9, status: 'ok', unparsed_functions: [], model: { name: 'hopper', source: 'ir-target', target: 'cuda:90', target_model: 'hopper', mismatch: false, words: 'Hopper (sm_90)', reason: 'Hopper (sm_90), from the IR\'s target cuda:90' } },
        { line: 11, end_line: 20, status: 'ok', unparsed_functions: [], model: { name: 'blackwell', source: 'option', target: 'cuda:90', target_model: 'hopper', mismatch: true, words: 'Blackwell (sm_100)', reason: 'Blackwell (sm_100), as --model asks' } },
      ],
      blocks: [
        { generator: 'serial', status: 'scheduled', chunk: 0, ops: [] },
        { generator: 'serial', status: 'scheduled', chunk: 1, ops: [{ id: 0, name: 'scf.for', label: '%acc', line: 14, latency: 56,
          nested_loop: { block: 0, scheduled: true, ii: 26, stage_count: 2, length: 30, trip_count: 2, trip_count_known: false, duration: 56, reason: 'assumed 2 iterations' } }] },
        { generator: 'serial', status: 'scheduled', ops: [] },
      ],
    }));
    expect(doc.blocks[0].model).toEqual({ name: 'hopper', source: 'ir-target', target: 'cuda:90', target_model: 'hopper', mismatch: false, words: 'Hopper (sm_90)', reason: 'Hopper (sm_90), from the IR\'s target cuda:90' });
    expect(doc.blocks[1].model).toMatchObject({ target_model: 'hopper', mismatch: true });
    expect(doc.blocks[1].model?.reason).toBe('Blackwell (sm_100), picked by hand (the IR targets cuda:90)');
    expect(doc.blocks[2].model).toBeNull(); // an older core: no chunk models
    expect(doc.blocks[1].ops[0].nested_loop).toEqual({ block: 0, scheduled: true, ii: 26, stage_count: 2, length: 30, trip_count: 2, trip_count_known: false, duration: 56, reason: 'assumed 2 iterations' });
    expect(doc.blocks[0].ops).toEqual([]);
    // Its footprint, the inner schedule over its iterations, is summed up per unit, not spelled out.
    const inner = [['tma', 'tp_smem_wr'], [], ['tma', 'tp_smem_wr'], ['tc_and_mma']];
    expect(nestedFootprintText(inner)).toBe('4 cycles of its schedule: tma ×2, tp_smem_wr ×2, tc_and_mma ×1');
    expect(footprintText(inner)).toBe('tma+tp_smem_wr · ∅ · tma+tp_smem_wr · tc_and_mma');
    expect(parseDocument(fixture('native-seed-worked-example.json')).blocks[0].model?.source).toBe('default');
  });

  it('reads a failure report and diagnostics-only documents', () => {
    const failed = parseDocument(fixture('failed.json')).blocks[0];
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatchObject({ rejecting_resource: 'tma', ii: 8 });
    const broken = parseDocument(fixture('broken.json'));
    expect(broken.blocks).toEqual([]);
    expect(broken.diagnostics.map((d) => `${d.line}:${d.col}`)).toEqual(['6:29', '7:73']);
  });

  it('rejects what is not a version-1 document', () => {
    expect(() => parseDocument('{')).toThrow(DocumentError);
    expect(() => parseDocument('[]')).toThrow(/not an object/);
    expect(() => parseDocument('{"version": 2, "blocks": []}')).toThrow(/version 2/);
    expect(() => parseDocument('{"version": 1, "blocks": [{"status": "scheduled", "ops": []}]}')).toThrow(/missing "generator"/);
    expect(() => parseDocument('{"version": 1, "blocks": [{"generator": "x", "status": "scheduled", "ops": []}]}')).toThrow(/unknown generator/);
    expect(() => parseDocument('{"version": 1, "blocks": [{"generator": "serial", "status": "scheduled", "ops": [{"name": "a"}]}]}')).toThrow(/ops\[0\]: missing "id"/);
  });
});

describe('documents printed by the native tool', () => {
  const native = (name: string) => parseDocument(fixture(`native-${name}.json`));

  it('parses every snapshot', () => {
    for (const name of ['seed-worked-example', 'infeasible', 'broken', 'hopper-tma-wgmma-gemm']) {
      const doc = native(name);
      expect(doc.version).toBe(1);
      expect(doc.tool).toMatch(/^tilesched /);
      for (const b of doc.blocks) {
        expect(b.ops.length).toBeGreaterThan(0);
        for (const op of b.ops) expect(op.name).not.toBe('');
      }
    }
  });

  it('keeps the placement of a scheduled block consistent', () => {
    const b = native('seed-worked-example').blocks[0];
    expect(b.status).toBe('scheduled');
    for (const op of b.ops) expect(op.stage).toBe(Math.floor(op.cycle / b.ii));
    expect(b.mii?.binding).not.toBe('');
    expect(b.summary?.op_count).toBe(b.ops.length);
    expect(b.ops.every((o) => o.constraints !== null)).toBe(true);
  });

  it('reads a failed block and a broken input', () => {
    const failed = native('infeasible').blocks[0];
    expect(failed.status).toBe('failed');
    expect(failed.failure?.message).toMatch(/no seat for %t1 at II 2/);
    expect(failed.ops.every((o) => o.cycle === -1)).toBe(true);
    const broken = native('broken');
    expect(broken.blocks).toEqual([]);
    expect(broken.diagnostics.every((d) => d.line > 0 && d.col > 0)).toBe(true);
    expect(broken.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});
