// RRT heatmap: one cell per (slot/pool, modulo row), coloured by occupancy against capacity;
// each occupant is a chip linked to its op, and the cell's tooltip lists the occupants. A large
// II shows its occupied rows only (model/rrt.ts shownRows).
import type { Block, Op, RRT } from '../engine/types';
import { h } from '../app/dom';
import { cellLookup, shownRows, usedResources } from '../model/rrt';
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
  const occupants = cellLookup(table);
  const used = usedResources(table);
  const rows = shownRows(table);
  const opById = new Map(block.ops.map((o) => [o.id, o]));
  const shown = table.resources
    .map((r, i) => ({ r, i }))
    .filter(({ i }) => !opts.hideEmpty || used.has(i));
  const rowHeads = rows.map((row) => h('th', { scope: 'col', class: 'num' }, row));
  const body = shown.map(({ r, i }) =>
    h('tr', { 'data-resource': r.name },
      h('th', { scope: 'row', class: 'slot-name', title: r.kind ? `${r.kind}, capacity ${r.capacity}` : `capacity ${r.capacity}` },
        r.name, r.capacity > 1 ? h('span', { class: 'cap' }, ` ×${r.capacity}`) : null),
      ...rows.map((row) => {
        const ops = occupants(row, i);
        const n = ops.length;
        const pct = Math.round((100 * Math.min(n, r.capacity)) / r.capacity);
        const title = `row ${row} · ${r.name}: ${n}/${r.capacity}` +
          (ops.length ? '\n' + ops.map((id) => {
            const op = opById.get(id);
            return op ? opTitle(op) : `op#${id}`;
          }).join('\n') : '');
        return h('td', {
          class: `cell${n > r.capacity ? ' over' : ''}${n === 0 ? ' empty' : ''}`,
          'data-slot': r.name, 'data-row': row, 'data-used': n, title,
          style: n ? `--occ:${pct}%` : undefined,
        }, ...ops.map((id) => h('span', { class: 'chip', 'data-op': id }, chipText(opById.get(id), id))));
      }),
    ));
  const hidden = table.resources.length - shown.length;
  const emptyRows = table.ii - rows.length;
  return h('div', { class: 'heatmap-wrap' },
    h('table', { class: 'heatmap', 'data-testid': opts.testid, 'data-ii': table.ii },
      opts.caption ? h('caption', {}, opts.caption) : null,
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'corner' }, 'slot / pool \\ row'), ...rowHeads)),
      h('tbody', {}, ...body)),
    hidden ? h('p', { class: 'muted small' }, `${hidden} empty slot${hidden > 1 ? 's' : ''} hidden`) : null,
    emptyRows > 0 ? h('p', { class: 'muted small' }, `${emptyRows} empty row${emptyRows > 1 ? 's' : ''} of ${table.ii} not shown`) : null,
    shown.length === 0 ? h('p', { class: 'muted' }, 'No op of this block occupies a slot or pool.') : null,
  );
}
