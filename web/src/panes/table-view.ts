// Reading a big loop's stage table: a filter (op name, value, line or resource), a sort (program
// order, (stage, order), cycle, resource, name), and address arithmetic hidden on demand; and in
// a comparison, one table of the ops side by side with only what differs.
import type { Block, Op } from '../engine/types';
import { h } from '../ui/dom';
import { compareRows } from '../model/compare';

export type TableSort = 'program' | 'schedule' | 'cycle' | 'resource' | 'name';

export interface TableView {
  sort: TableSort;
  filter: string;
  hideAddress: boolean;
}

export const DEFAULT_TABLE_VIEW: TableView = { sort: 'program', filter: '', hideAddress: false };

const SORTS: Array<[TableSort, string]> = [
  ['program', 'program order'], ['schedule', 'stage, order'], ['cycle', 'cycle'], ['resource', 'resource'], ['name', 'op name'],
];

// Index and pointer arithmetic: integer ops, pointer offsets, shared-memory views, layout
// shuffles of indices. A real loop's body is mostly these (issue: 41 of a 61-op Triton loop),
// and they rarely decide the schedule; hiding them leaves the loads, MMAs, waits and stores.
const ADDRESS_OPS = new Set([
  'arith.constant', 'arith.addi', 'arith.subi', 'arith.muli', 'arith.divsi', 'arith.divui', 'arith.remsi', 'arith.remui',
  'arith.ceildivsi', 'arith.floordivsi', 'arith.andi', 'arith.ori', 'arith.xori', 'arith.shli', 'arith.shrsi', 'arith.shrui',
  'arith.cmpi', 'arith.select', 'arith.index_cast', 'arith.index_castui', 'arith.extsi', 'arith.extui', 'arith.trunci',
  'arith.maxsi', 'arith.minsi', 'arith.maxui', 'arith.minui',
  'tt.addptr', 'tt.make_range', 'tt.splat', 'tt.broadcast', 'tt.expand_dims', 'tt.advance', 'tt.make_tensor_ptr',
  'ttg.memdesc_index', 'ttg.memdesc_subview', 'ttg.memdesc_subslice', 'ttg.memdesc_trans', 'ttg.memdesc_reshape',
  'cuda_tile.addi', 'cuda_tile.subi', 'cuda_tile.muli', 'cuda_tile.divi', 'cuda_tile.remi', 'cuda_tile.cmpi',
  'cuda_tile.select', 'cuda_tile.constant', 'cuda_tile.offset', 'cuda_tile.iota', 'cuda_tile.broadcast', 'cuda_tile.reshape',
]);

export const isAddressArithmetic = (op: Op) => ADDRESS_OPS.has(op.name);

const firstResource = (op: Op) => op.footprint.find((row) => row.length)?.[0] ?? '';

function matches(op: Op, words: string[]): boolean {
  if (!words.length) return true;
  const text = `${op.label ?? ''} ${op.name} ${op.line} ${op.footprint.flat().join(' ')}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

// The ops the table shows, in the order it shows them (ties in program order).
export function tableOps(block: Block, view: TableView): Op[] {
  const words = view.filter.toLowerCase().split(/\s+/).filter(Boolean);
  const ops = block.ops.filter((op) => matches(op, words) && !(view.hideAddress && isAddressArithmetic(op)));
  const by: Record<TableSort, (a: Op, b: Op) => number> = {
    program: () => 0,
    schedule: (a, b) => a.stage - b.stage || a.order - b.order,
    cycle: (a, b) => a.cycle - b.cycle || a.stage - b.stage || a.order - b.order,
    resource: (a, b) => {
      const [ra, rb] = [firstResource(a), firstResource(b)];
      return ra === rb ? a.cycle - b.cycle : ra === '' ? 1 : rb === '' ? -1 : ra < rb ? -1 : 1;
    },
    name: (a, b) => (a.name === b.name ? 0 : a.name < b.name ? -1 : 1),
  };
  return [...ops].sort((a, b) => by[view.sort](a, b) || a.id - b.id);
}

// Filter, sort and the address-arithmetic switch; `shown` of `total` ops says what is hidden.
export function tableControls(view: TableView, shown: number, total: number, onChange: (v: TableView) => void): HTMLElement {
  const filter = h('input', { type: 'search', class: 'table-filter', placeholder: 'filter: name, %value, line, resource', 'aria-label': 'filter ops', 'data-testid': 'table-filter', value: view.filter });
  let timer: ReturnType<typeof setTimeout> | null = null;
  filter.addEventListener('input', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => onChange({ ...view, filter: filter.value }), 150);
  });
  const sort = h('select', { 'aria-label': 'sort rows by', 'data-testid': 'table-sort' }, ...SORTS.map(([v, label]) => h('option', { value: v }, label)));
  sort.value = view.sort;
  sort.addEventListener('change', () => onChange({ ...view, sort: sort.value as TableSort }));
  const hide = h('input', { type: 'checkbox', 'data-testid': 'hide-address' });
  hide.checked = view.hideAddress;
  hide.addEventListener('change', () => onChange({ ...view, hideAddress: hide.checked }));
  return h('div', { class: 'table-controls' }, filter, h('label', { class: 'inline' }, 'sort ', sort),
    h('label', { class: 'inline', title: 'integer index and pointer arithmetic, shared-memory views' }, hide, ' hide address arithmetic'),
    h('span', { class: 'muted small', 'data-testid': 'table-count', role: 'status' }, shown === total ? `${total} op${total === 1 ? '' : 's'}` : `${shown} of ${total} ops`));
}

// One row per op placed differently (every op when `all`), read from the other side (`b`, the
// pinned or compared one) to this one (`a`): "old → new" (model/compare `compareRows`).
export function renderCompareTable(a: Block, b: Block, labels: [string, string], all: boolean): HTMLElement {
  const rows = compareRows(b, a, all).map(({ op, only, cells }) => h('tr', { 'data-op': op.id, class: cells.some((c) => c.differs) ? 'row-diff' : undefined },
    h('td', { class: 'op-name', title: only ? `${op.name}, only in ${only === 'new' ? labels[0] : labels[1]}` : op.name },
      op.label ? h('span', { class: 'ssa' }, op.label, ' ') : null, op.name,
      only ? h('span', { class: 'muted', 'data-testid': 'compare-only' }, ` only in ${only === 'new' ? labels[0] : labels[1]}`) : null),
    h('td', { class: 'num' }, op.line),
    ...cells.map((c) => h('td', { class: c.differs ? 'num diff' : 'num muted' }, c.text))));
  const caption = h('caption', { class: 'muted small' }, `${labels[1]} → ${labels[0]}`);
  return h('div', { class: 'table-scroll compare-table-scroll' },
    h('table', { class: 'stage-table compare-table', 'data-testid': 'compare-table' }, caption,
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'op'), h('th', { scope: 'col', class: 'num' }, 'line'),
        h('th', { scope: 'col', class: 'num' }, 'stage'), h('th', { scope: 'col', class: 'num' }, 'order'), h('th', { scope: 'col', class: 'num' }, 'cycle'))),
      h('tbody', {}, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No op differs.'))]))));
}
