// Why no schedule was found: the structured placement failure (seed 001 diagnostics list):
// candidate II, the op, its duration and footprint, the RRT rows it collided with, its
// dependence window, the rejecting slot or pool, its group and stage/order.
import type { Block } from '../engine/types';
import { unitName } from '../model/units';
import { plainReason } from '../model/words';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { unitLabel } from './format';

// The fields shown, in this order; the message's id and fields are the page's to word, not to show.
const LABELS: Record<string, string> = {
  ii: 'candidate II', op: 'op', duration: 'duration', footprint: 'footprint', rrt_rows: 'reservation-table rows',
  window: 'dependence window', rejecting_resource: 'rejected by', group: 'group', stage: 'stage', order: 'order',
  message: 'why',
};

function valueNode(block: Block, key: string, v: unknown): Node | string {
  if (key === 'op' && typeof v === 'number') {
    const op = block.ops.find((o) => o.id === v);
    return op ? h('span', { 'data-op': v, class: 'op-ref' }, `${op.label || '#' + v} ${op.name} (line ${op.line})`) : `#${v}`;
  }
  const expert = expertWords();
  if (key === 'footprint' && Array.isArray(v)) {
    return (v as string[][]).map((row, k) => `+${k}: ${row.length ? row.map((r) => unitName(r, expert)).join(', ') : '∅'}`).join('   ');
  }
  if (key === 'rrt_rows' && Array.isArray(v)) {
    // An occupant is "unit: op".
    const occupant = (o: string) => o.replace(/^[\w-]+(?=: )/, (u) => unitName(u, expert));
    return h('ul', { class: 'rrt-rows' }, ...(v as Array<{ row?: number; occupants?: string[] }>).map((r) =>
      h('li', {}, `row ${r.row}: `, (r.occupants ?? []).map(occupant).join(', ') || 'free')));
  }
  if (key === 'rejecting_resource' && typeof v === 'string' && v) return unitLabel(v, expert);
  if (key === 'message' && typeof v === 'string') return plainReason(v, expert);
  if (key === 'window' && Array.isArray(v)) return `cycles [${v.join(', ')}]`;
  if (typeof v === 'string') return v || '—';
  return JSON.stringify(v);
}

export function renderFailure(block: Block): HTMLElement | null {
  const f = block.failure;
  if (!f) return null;
  // A failure before any op was tried (the II cap below the MII) or with no placement (the
  // buffers over the memory budget: no footprint, no busy unit) has only the II and why.
  const placed = typeof f.op === 'number' && f.op >= 0 && (f.rejecting_resource || (Array.isArray(f.rrt_rows) && f.rrt_rows.length));
  const keys = !placed
    ? ['ii', 'message'].filter((k) => k in f)
    : Object.keys(LABELS).filter((k) => k in f && !(typeof f[k] === 'number' && (f[k] as number) < 0) && f[k] !== '');
  return h('details', { class: 'failure', open: true, 'data-testid': 'failure' },
    h('summary', {}, 'Why no schedule was found'),
    h('dl', {}, ...keys.flatMap((k) => [h('dt', {}, LABELS[k]), h('dd', {}, valueNode(block, k, f[k]))])));
}
