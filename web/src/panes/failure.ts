// Why no schedule was found: the structured placement failure (seed 001 diagnostics list):
// candidate II, the op, its duration and footprint, the RRT rows it collided with, its
// dependence window, the rejecting slot or pool, its group and stage/order.
import type { Block } from '../engine/types';
import { h } from '../ui/dom';

const LABELS: Record<string, string> = {
  ii: 'candidate II', op: 'op', duration: 'duration', footprint: 'footprint', rrt_rows: 'RRT rows',
  window: 'dependence window', rejecting_resource: 'rejected by', group: 'group', stage: 'stage', order: 'order',
  message: 'why',
};

function valueNode(block: Block, key: string, v: unknown): Node | string {
  if (key === 'op' && typeof v === 'number') {
    const op = block.ops.find((o) => o.id === v);
    return op ? h('span', { 'data-op': v, class: 'op-ref' }, `${op.label || '#' + v} ${op.name} (line ${op.line})`) : `#${v}`;
  }
  if (key === 'footprint' && Array.isArray(v)) {
    return (v as unknown[][]).map((row, k) => `+${k}: ${row.length ? row.join(', ') : '∅'}`).join('   ');
  }
  if (key === 'rrt_rows' && Array.isArray(v)) {
    return h('ul', { class: 'rrt-rows' }, ...(v as Array<{ row?: number; occupants?: string[] }>).map((r) =>
      h('li', {}, `row ${r.row}: `, (r.occupants ?? []).join(', ') || 'free')));
  }
  if (key === 'window' && Array.isArray(v)) return `cycles [${v.join(', ')}]`;
  if (typeof v === 'string') return v || '—';
  return JSON.stringify(v);
}

export function renderFailure(block: Block): HTMLElement | null {
  const f = block.failure;
  if (!f) return null;
  // A failure before any op was tried (e.g. the II cap below the MII) has only the II and why.
  const keys = typeof f.op === 'number' && f.op < 0
    ? ['ii', 'message'].filter((k) => k in f)
    : Object.keys(f).filter((k) => !(typeof f[k] === 'number' && (f[k] as number) < 0) && f[k] !== '');
  return h('details', { class: 'failure', open: true, 'data-testid': 'failure' },
    h('summary', {}, 'Why no schedule was found'),
    h('dl', {}, ...keys.flatMap((k) => [h('dt', {}, LABELS[k] ?? k.replace(/_/g, ' ')), h('dd', {}, valueNode(block, k, f[k]))])));
}
