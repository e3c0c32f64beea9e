// Side-by-side comparison of two schedules of the same snippet: which ops moved.
import type { Block } from '../engine/types';

export type OpField = 'stage' | 'order' | 'cycle';
export const COMPARED_FIELDS: readonly OpField[] = ['stage', 'order', 'cycle'];

// op id -> the fields whose values differ between a and b (ops present in both only).
export function diffOps(a: Block, b: Block): Map<number, Set<OpField>> {
  const other = new Map(b.ops.map((o) => [o.id, o]));
  const out = new Map<number, Set<OpField>>();
  for (const op of a.ops) {
    const o = other.get(op.id);
    if (!o) continue;
    const fields = new Set(COMPARED_FIELDS.filter((f) => op[f] !== o[f]));
    if (fields.size) out.set(op.id, fields);
  }
  return out;
}

export interface BlockSummaryDiff {
  ii: boolean;
  stage_count: boolean;
  status: boolean;
  generator: boolean;
}

export function diffSummary(a: Block, b: Block): BlockSummaryDiff {
  return {
    ii: a.ii !== b.ii,
    stage_count: a.stage_count !== b.stage_count,
    status: a.status !== b.status,
    generator: a.generator !== b.generator,
  };
}
