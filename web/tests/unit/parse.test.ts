import { describe, expect, it } from 'vitest';
import { DocumentError, parseDocument } from '../../src/engine/parse';
import { fixture } from './helpers';
import { serialWhy } from '../../src/panes/header';

describe('result document model', () => {
  it('reads a cost-based schedule with the playground extensions', () => {
    const doc = parseDocument(fixture('scheduled.json'));
    expect(doc.version).toBe(1);
    const b = doc.blocks[0];
    expect(b).toMatchObject({ generator: 'cost-based', status: 'scheduled', ii: 2, stage_count: 2 });
    expect(b.mii).toEqual({ resource: 2, recurrence: 1, fine_density: 1, dependency: 1, binding: 'tc_and_mma', critical_cycle: [2] });
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
    expect(b.estimate).toMatchObject({ cycles_per_iteration: 16, ns_per_iteration: 8.602, flops_per_iteration: 2097152 });
    expect(b.estimate?.bound).toBe('TMA (tma): 32 KiB per iteration in 2 ops; over the tensor cores\' peak: its MMAs need 256 cycles at peak, and the model\'s cycles are not SM cycles');
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
        selection: { rule: 'below_threshold', serial_threshold: 8, reason: '2 ops, under the serial threshold of 8', remedy: 'ask for the cost-based generator' },
        triton: { stage_count: 3, num_stages: 3 },
        ops: [{ id: 0, name: 'tt.load', stage: 0, triton_stage: 0, triton_latency: 2 }, { id: 1, name: 'tt.dot', stage: 0 }],
      }],
    }));
    const b = doc.blocks[0];
    expect(b.selection).toEqual({ rule: 'below_threshold', serial_threshold: 8, reason: '2 ops, under the serial threshold of 8', remedy: 'ask for the cost-based generator' });
    expect(b.triton).toEqual({ stage_count: 3, num_stages: 3, scheduled_max_stage: null, steered_ops: null });
    expect(b.ops[0].triton).toEqual({ stage: 0, cluster: null, latency: 2 });
    expect(b.ops[1].triton).toBeNull();
    expect(serialWhy(b)).toBe('Serial schedule: 2 ops, under the serial threshold of 8. For a modulo schedule, choose the cost-based generator in Options.');
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
