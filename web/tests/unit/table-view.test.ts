import { describe, expect, it } from 'vitest';
import type { Block, Op } from '../../src/engine/types';
import { isAddressArithmetic, tableOps } from '../../src/panes/table-view';

const op = (id: number, name: string, stage: number, order: number, cycle: number, footprint: string[][] = [], label: string | null = null) =>
  ({ id, name, label, line: 10 + id, stage, order, cycle, footprint }) as unknown as Op;
const block = { ops: [
  op(0, 'arith.addi', 0, 1, 2, [['alu_issue']], '%i'),
  op(1, 'ttng.async_tma_copy_global_to_local', 0, 0, 0, [['tma'], ['tma']]),
  op(2, 'ttng.warp_group_dot', 1, 0, 5, [['tc_and_mma']], '%d'),
  op(3, 'ttg.memdesc_index', 0, 2, 2, [], '%buf'),
] } as unknown as Block;
const ids = (ops: Op[]) => ops.map((o) => o.id);

describe('stage table view', () => {
  it('sorts by program order, (stage, order), cycle, resource and name, ties in program order', () => {
    const view = { filter: '', hideAddress: false };
    expect(ids(tableOps(block, { ...view, sort: 'program' }))).toEqual([0, 1, 2, 3]);
    expect(ids(tableOps(block, { ...view, sort: 'schedule' }))).toEqual([1, 0, 3, 2]);
    expect(ids(tableOps(block, { ...view, sort: 'cycle' }))).toEqual([1, 0, 3, 2]);
    expect(ids(tableOps(block, { ...view, sort: 'resource' }))).toEqual([0, 2, 1, 3]); // no resource last
    expect(ids(tableOps(block, { ...view, sort: 'name' }))).toEqual([0, 3, 1, 2]);
  });
  it('filters on every word (name, value, line, resource) and hides address arithmetic', () => {
    expect(ids(tableOps(block, { sort: 'program', filter: 'tma', hideAddress: false }))).toEqual([1]);
    expect(ids(tableOps(block, { sort: 'program', filter: '%d 12', hideAddress: false }))).toEqual([2]);
    expect(ids(tableOps(block, { sort: 'program', filter: '', hideAddress: true }))).toEqual([1, 2]);
    expect(isAddressArithmetic(block.ops[3])).toBe(true);
  });
});
