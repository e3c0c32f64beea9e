// RRT heatmap: one cell per (slot/pool, modulo row), coloured by occupancy against capacity;
// each occupant is a chip linked to its op, and the cell's tooltip lists the occupants.
import type { Block, Op, RRT } from '../engine/types';
import { h } from '../app/dom';
import { usage } from '../model/rrt';
import { opTitle } from './format';

export interface HeatmapOptions {
  hideEmpty: boolean;
  testid: string;
  caption?: string;
}

function chipText(op: Op | undefined, id: number): string {
  return op?.label || `#${id}`;
}

export function renderHeatmap(table: RRT, block: Block, opts: HeatmapOptions): HTMLElement {
  const used = usage(table);
  const opById = new Map(block.ops.map((o) => [o.id, o]));
  const shown = table.resources
    .map((r, i) => ({ r, i }))
    .filter(({ i }) => !opts.hideEmpty || used[i].some((n) => n > 0));
  const rowHeads = Array.from({ length: table.ii }, (_, row) => h('th', { scope: 'col', class: 'num' }, row));
  const body = shown.map(({ r, i }) =>
    h('tr', { 'data-resource': r.name },
      h('th', { scope: 'row', class: 'slot-name', title: r.kind ? `${r.kind}, capacity ${r.capacity}` : `capacity ${r.capacity}` },
        r.name, r.capacity > 1 ? h('span', { class: 'cap' }, ` ×${r.capacity}`) : null),
      ...Array.from({ length: table.ii }, (_, row) => {
        const occupants = table.rows[row].filter((c) => c.resource === i).map((c) => c.op);
        const n = used[i][row];
        const pct = Math.round((100 * Math.min(n, r.capacity)) / r.capacity);
        const title = `row ${row} · ${r.name}: ${n}/${r.capacity}` +
          (occupants.length ? '\n' + occupants.map((id) => {
            const op = opById.get(id);
            return op ? opTitle(op) : `op#${id}`;
          }).join('\n') : '');
        return h('td', {
          class: `cell${n > r.capacity ? ' over' : ''}${n === 0 ? ' empty' : ''}`,
          'data-slot': r.name, 'data-row': row, 'data-used': n, title,
          style: n ? `--occ:${pct}%` : undefined,
        }, ...occupants.map((id) => h('span', { class: 'chip', 'data-op': id }, chipText(opById.get(id), id))));
      }),
    ));
  const hidden = table.resources.length - shown.length;
  return h('div', { class: 'heatmap-wrap' },
    h('table', { class: 'heatmap', 'data-testid': opts.testid, 'data-ii': table.ii },
      opts.caption ? h('caption', {}, opts.caption) : null,
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'corner' }, 'slot / pool \\ row'), ...rowHeads)),
      h('tbody', {}, ...body)),
    hidden ? h('p', { class: 'muted small' }, `${hidden} empty slot${hidden > 1 ? 's' : ''} hidden`) : null,
    shown.length === 0 ? h('p', { class: 'muted' }, 'No op of this block occupies a slot or pool.') : null,
  );
}
