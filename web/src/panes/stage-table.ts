// Stage/order table: one row per op of the block, in the order the table view asks for. Only
// the rows in view are in the page (windowed), and the table is one tab stop: arrow keys,
// Page Up/Down, Home and End move between rows, Enter shows the op in the source.
import type { Block, Op } from '../engine/types';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { WindowedRows } from '../ui/windowing';
import { compareRows, type OpField } from '../model/compare';
import { DEFAULT_TABLE_VIEW, renderCompareTable, tableControls, tableOps, type TableView } from './table-view';
import type { PaneFactory } from './pane';
import { footprintText, nestedFootprintText } from './format';

const ROW_HEIGHT = 24; // px: .stage-table tbody tr in panes.css

function constraintText(op: Op): string | undefined {
  const c = op.constraints;
  if (!c) return undefined;
  return `gid ${c.gid}, leader_gid ${c.leader_gid}, max_depth ${c.max_depth}${c.force_serial ? ', force_serial_execution' : ''}`;
}

// Triton's loop.stage beside ours: marked where it differs, its cluster and latency on hover.
function tritonCell(op: Op): HTMLElement {
  const t = op.triton;
  if (t?.stage == null) return h('td', { class: 'num muted' }, '');
  const extra = [t.cluster !== null ? `loop.cluster ${t.cluster}` : '', t.latency !== null ? `tt.latency ${t.latency}` : ''].filter(Boolean);
  const differs = t.stage !== op.stage;
  return h('td', {
    class: `num${differs ? ' diff' : ''}`,
    title: `Triton’s stage ${t.stage}${differs ? `, here ${op.stage}` : ', the same here'}${extra.length ? ` (${extra.join(', ')})` : ''}`,
  }, t.stage);
}

// `ops`: the block's ops the table shows, in its order (panes/table-view: filter and sort).
// With `diff` (generator comparison) the table is compact: the columns the comparison marks.
export function renderStageTable(block: Block, ops: Op[], diff?: Map<number, Set<OpField>>): HTMLElement {
  const moved = (op: Op, f: OpField) => (diff?.get(op.id)?.has(f) ? 'diff' : undefined);
  const full = diff === undefined;
  const groups = full && block.ops.some((o) => o.group !== null);
  const triton = block.ops.some((o) => o.triton?.stage != null);
  const columns = 5 + (full ? 2 : 0) + (groups ? 1 : 0) + (triton ? 1 : 0);
  // An op the generator did not place (a failed block) has no stage, order or cycle.
  const placed = (v: number) => (v >= 0 ? v : '—');
  const row = (i: number) => {
    const op = ops[i];
    return h('tr', { 'data-op': op.id, 'aria-rowindex': i + 2, class: diff?.has(op.id) ? 'row-diff' : undefined },
      h('td', { class: 'op-name', title: op.name },
        op.label ? h('span', { class: 'ssa' }, op.label, ' ') : null, full ? op.name : op.name.replace(/^.*\./, '')),
      h('td', { class: 'num' }, op.line),
      h('td', { class: ['num', `stage-${op.stage % 6}`, moved(op, 'stage')].filter(Boolean).join(' ') }, placed(op.stage)),
      triton ? tritonCell(op) : null,
      h('td', { class: `num ${moved(op, 'order') ?? ''}` }, placed(op.order)),
      h('td', { class: `num ${moved(op, 'cycle') ?? ''}` }, placed(op.cycle)),
      full ? h('td', { class: 'num' }, op.latency) : null,
      full ? (op.nested_loop
        ? h('td', { class: 'footprint', title: `a nested loop: ${op.nested_loop.reason}` }, nestedFootprintText(op.footprint, expertWords()))
        : h('td', { class: 'footprint', title: footprintText(op.footprint, expertWords()) }, footprintText(op.footprint, expertWords()))) : null,
      groups ? h('td', { class: 'num', title: constraintText(op) }, op.group ?? '') : null);
  };
  const body = h('tbody', {});
  const table = h('table', {
    class: 'stage-table', 'data-testid': 'stage-table', role: 'grid', 'aria-readonly': 'true',
    'aria-rowcount': ops.length + 1, 'aria-label': `stage and order of ${ops.length} ops`,
  },
  h('thead', {}, h('tr', { 'aria-rowindex': 1 },
    h('th', { scope: 'col' }, 'op'), h('th', { scope: 'col', class: 'num' }, 'line'),
    h('th', { scope: 'col', class: 'num' }, 'stage'),
    triton ? h('th', { scope: 'col', class: 'num', title: 'the stage Triton’s pipeliner gave the op (loop.stage); marked where it differs' }, 'Triton') : null,
    h('th', { scope: 'col', class: 'num' }, 'order'),
    h('th', { scope: 'col', class: 'num' }, 'cycle'), full ? h('th', { scope: 'col', class: 'num' }, 'latency') : null,
    full ? h('th', { scope: 'col' }, 'footprint') : null, groups ? h('th', { scope: 'col', class: 'num' }, 'group') : null)),
  body);
  const scroller = h('div', { class: 'window-scroll table-scroll' }, table);
  const rows = new WindowedRows({
    scroller, body, rowHeight: ROW_HEIGHT, row,
    spacer: (height) => h('tr', { class: 'spacer', 'aria-hidden': 'true', style: `height:${height}px` }, h('td', { colspan: columns })),
  });
  rows.setCount(ops.length);
  return scroller;
}

// The pane: the table filtered and sorted as its title bar asks (./table-view); in a comparison
// one table of the ops side by side, only those placed differently unless asked for all.
export const stageTablePane: PaneFactory = (host) => {
  let view: TableView = DEFAULT_TABLE_VIEW;
  let all = false;
  let typing = false; // the filter changed: it keeps focus and caret across the redraw
  return {
    render({ block, other }) {
      if (other) {
        const differing = compareRows(other, block, false).length;
        const box = h('input', { type: 'checkbox', 'data-testid': 'compare-all' });
        box.checked = all;
        box.addEventListener('change', () => {
          all = box.checked;
          host.redraw();
        });
        const moved = h('p', { class: 'muted small', 'data-testid': 'compare-summary' },
          differing ? `${differing} op${differing > 1 ? 's' : ''} placed differently` : 'Both sides place every op alike.',
          ' ', h('label', { class: 'inline' }, box, ' show every op'));
        return { body: h('div', {}, moved, renderCompareTable(block, other, host.labels(block, other), all)) };
      }
      const ops = tableOps(block, view);
      const controls = tableControls(view, ops.length, block.ops.length, (v) => {
        typing = v.filter !== view.filter;
        view = v;
        host.redraw();
      });
      if (typing) {
        typing = false;
        const filter = controls.querySelector('input')!;
        requestAnimationFrame(() => {
          filter.focus();
          filter.setSelectionRange(filter.value.length, filter.value.length);
        });
      }
      return { controls, body: renderStageTable(block, ops), windowed: true };
    },
  };
};
