// RRT heatmap: one cell per (slot/pool, modulo row), coloured by occupancy against capacity;
// each occupant is a chip linked to its op. A large II shows its occupied rows only
// (model/rrt.ts shownRows). The grid is windowed in both directions (only the cells in view are
// in the page: 30,000 rows cost as much as 30) and is one tab stop: arrow keys, Home/End and
// Page Up/Down move between cells, and the focused (or hovered) cell's occupants are spelled out
// under the grid and in the cell's accessible name.
import { expertWords } from '../ui/expert-words';
import type { Block, Op, RRT, RRTResource, Unit } from '../engine/types';
import { h } from '../ui/dom';
import { connectedOrLater, onScrollFrame, viewportHeight, viewportWidth, visibleRange } from '../ui/windowing';
import { diffCells } from '../model/compare';
import { unitName, unitTitle } from '../model/units';
import { cellLookup, finalRRT, shownRows, usedResources, type CellLookup } from '../model/rrt';
import type { PaneFactory } from './pane';
import { opTitle } from './format';

export interface HeatmapOptions {
  hideEmpty: boolean;
  testid: string;
  caption?: string;
  stepped?: number | null; // op of the trace step shown (outlined)
  conflicts?: Unit[]; // cells a rejected candidate overfills (marked, and scrolled into view)
  candidate?: Unit[]; // cells the candidate of the step takes or would take (marked)
  differs?: Unit[]; // a comparison: cells held otherwise on the other side (marked)
  fit?: boolean; // every modulo row in the pane's width (cells narrow down to MIN_CELL_W)
}

// Geometry in px, matched by .heatmap in panes.css.
const LABEL_W = 132;
const CELL_W = 56;
const MIN_CELL_W = 12; // fit to width: narrower cells show colour only (class narrow)
const HEAD_H = 22;
const LINE_H = 14;
const ROW_PAD = 10;
const MAX_LINES = 3; // chips stacked in a cell; more occupants show as "+k"

interface ShownRow {
  r: RRTResource;
  index: number; // into table.resources
  top: number;
  height: number;
}

export class Heatmap {
  readonly el = h('div', { class: 'heatmap-wrap' });
  private scroller = h('div', { class: 'window-scroll heatmap-scroll' });
  private grid = h('div', { class: 'heatmap', role: 'grid', 'aria-readonly': 'true' });
  private detail = h('p', { class: 'focus-detail small', 'aria-live': 'polite', 'data-testid': 'heatmap-detail' });
  private note = h('p', { class: 'muted small' });
  private table: RRT | null = null;
  private block: Block | null = null;
  private opts: HeatmapOptions = { hideEmpty: true, testid: 'rrt-heatmap' };
  private opById = new Map<number, Op>();
  private rows: ShownRow[] = [];
  private columns: number[] = []; // the modulo rows shown, one column each
  private occupants: CellLookup = () => [];
  private active = { row: 0, col: 0 }; // shown row, column
  private caption = h('p', { class: 'heatmap-caption' });
  private drawn = ''; // the window last drawn, to skip a redraw that would change nothing
  private marks = new Map<string, 'conflict' | 'candidate' | 'differs'>(); // `${modulo row}:${resource}`
  private cellW = CELL_W;

  constructor() {
    this.scroller.append(this.grid);
    this.el.append(this.caption, this.scroller, this.detail, this.note);
    onScrollFrame(this.scroller, () => this.draw(false));
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    this.grid.addEventListener('focusin', (e) => {
      const cell = (e.target as Element).closest('.cell') as HTMLElement | null;
      if (!cell) return;
      this.active = { row: Number(cell.dataset.shown), col: Number(cell.dataset.col) };
      this.showDetail(cell);
    });
    this.grid.addEventListener('mouseover', (e) => {
      const cell = (e.target as Element).closest('.cell') as HTMLElement | null;
      if (cell) this.showDetail(cell);
    });
    this.el.addEventListener('windowdraw', () => {
      const focused = this.grid.querySelector<HTMLElement>('.cell[tabindex="0"]');
      if (focused) this.describe(focused);
    });
  }

  show(table: RRT, block: Block, opts: HeatmapOptions): void {
    const sameShape = this.table?.ii === table.ii && this.block === block && this.opts.hideEmpty === opts.hideEmpty;
    this.table = table;
    this.block = block;
    this.opts = opts;
    if (!sameShape) this.opById = new Map(block.ops.map((o) => [o.id, o]));
    this.occupants = cellLookup(table);
    this.marks = new Map();
    for (const [row, res] of opts.differs ?? []) this.marks.set(`${row}:${res}`, 'differs');
    for (const [row, res] of opts.candidate ?? []) this.marks.set(`${row}:${res}`, 'candidate');
    for (const [row, res] of opts.conflicts ?? []) this.marks.set(`${row}:${res}`, 'conflict');
    this.columns = shownRows(table);
    const used = usedResources(table);
    let top = HEAD_H;
    this.rows = [];
    table.resources.forEach((r, index) => {
      if (opts.hideEmpty && !used.has(index)) return;
      const height = ROW_PAD + LINE_H * Math.min(Math.max(r.capacity, 1), MAX_LINES);
      this.rows.push({ r, index, top, height });
      top += height;
    });
    this.caption.textContent = opts.caption ?? '';
    this.caption.hidden = !opts.caption;
    this.grid.dataset.testid = opts.testid;
    this.grid.dataset.ii = String(table.ii);
    this.grid.setAttribute('aria-label', opts.caption ?? `reservation table, II ${table.ii}`);
    this.grid.setAttribute('aria-rowcount', String(this.rows.length + 1));
    this.grid.setAttribute('aria-colcount', String(this.columns.length + 1));
    this.fitWidth();
    this.grid.style.height = `${top}px`;
    const hidden = table.resources.length - this.rows.length;
    const emptyRows = table.ii - this.columns.length;
    this.note.textContent = this.rows.length === 0 ? 'No op of this block occupies a slot or pool.' : [
      hidden ? `${hidden} empty slot${hidden > 1 ? 's' : ''} hidden` : '',
      emptyRows > 0 ? `${emptyRows} empty row${emptyRows > 1 ? 's' : ''} of ${table.ii} not shown` : '',
    ].filter(Boolean).join('; ');
    this.note.hidden = this.note.textContent === '';
    if (!sameShape) {
      this.active = { row: 0, col: 0 };
      this.detail.textContent = 'Hover or focus a cell to list what holds it.';
    }
    this.reveal(opts.conflicts?.[0] ?? opts.candidate?.[0]);
    this.draw(true);
  }

  // The cell width: CELL_W, or with `fit` the width that shows every column (not below
  // MIN_CELL_W). True when it changed.
  private fitWidth(): boolean {
    const room = viewportWidth(this.scroller) - LABEL_W;
    const w = this.opts.fit && this.columns.length && room > 0
      ? Math.max(MIN_CELL_W, Math.min(CELL_W, Math.floor(room / this.columns.length))) : CELL_W;
    const changed = w !== this.cellW;
    this.cellW = w;
    this.grid.style.width = `${LABEL_W + this.columns.length * w}px`;
    this.grid.style.setProperty('--cell-w', `${w}px`);
    this.grid.classList.toggle('narrow', w < 40);
    this.grid.dataset.fit = String(Boolean(this.opts.fit));
    return changed;
  }

  // Scrolls a cell into view (the conflict of a trace step), without taking focus.
  private reveal(unit: Unit | undefined): void {
    if (!unit) return;
    const col = this.columns.indexOf(unit[0]);
    const row = this.rows.find((r) => r.index === unit[1]);
    if (col < 0 || !row) return;
    const s = this.scroller;
    const x = LABEL_W + col * this.cellW;
    if (x - LABEL_W < s.scrollLeft || x + this.cellW > s.scrollLeft + viewportWidth(s)) s.scrollLeft = Math.max(0, x - LABEL_W - this.cellW);
    if (row.top - HEAD_H < s.scrollTop || row.top + row.height > s.scrollTop + viewportHeight(s, 400)) s.scrollTop = Math.max(0, row.top - HEAD_H);
  }

  private cellText(row: ShownRow, col: number, ops: number[]): string {
    const occupantsText = ops.map((id) => {
      const op = this.opById.get(id);
      return op ? opTitle(op) : `op#${id}`;
    });
    return `row ${col} · ${unitName(row.r.name, expertWords())}: ${ops.length}/${row.r.capacity}${ops.length ? ' — ' + occupantsText.join('; ') : ', free'}`;
  }

  // A cell's accessible name spells out its occupants. It is written when the cell becomes the
  // tab stop or is focused or hovered, not for every cell drawn (building hundreds of them per
  // scroll frame was most of the heatmap's cost).
  private describe(cell: HTMLElement): string {
    const row = this.rows[Number(cell.dataset.shown)];
    const modRow = Number(cell.dataset.row);
    const mark = cell.dataset.mark;
    const text = this.cellText(row, modRow, this.occupants(modRow, row.index)) +
      (mark === 'conflict' ? ' (the conflict of this step)' : mark === 'candidate' ? ' (the op of this step)'
        : mark === 'differs' ? ' (held otherwise on the other side)' : '');
    cell.setAttribute('aria-label', text);
    return text;
  }

  private showDetail(cell: HTMLElement): void {
    this.detail.textContent = this.describe(cell);
  }

  private draw(force: boolean): void {
    const table = this.table;
    if (!table) return;
    const s = this.scroller;
    if (!connectedOrLater(s, () => this.draw(true))) return;
    if (this.fitWidth()) force = true;
    const cols = visibleRange(s.scrollLeft, viewportWidth(s), LABEL_W, this.cellW, this.columns.length, 1);
    const top = s.scrollTop;
    const bottom = top + viewportHeight(s, 400);
    const key = `${cols.first}:${cols.last}:${Math.floor(top / 60)}:${Math.ceil(bottom / 60)}`;
    if (!force && key === this.drawn) return;
    this.drawn = key;
    const focused = this.grid.contains(document.activeElement);
    const head = h('div', { class: 'hm-head', role: 'row', 'aria-rowindex': 1 },
      h('div', { class: 'hm-corner', role: 'columnheader' }, expertWords() ? 'slot / pool \\ row' : 'unit \\ cycle'));
    for (let c = cols.first; c < cols.last; c++) {
      head.append(h('div', { class: 'hm-col num', role: 'columnheader', 'aria-colindex': c + 2, style: `left:${LABEL_W + c * this.cellW}px` }, this.columns[c]));
    }
    const rows: HTMLElement[] = [head];
    let stop: HTMLElement | null = null;
    this.rows.forEach((row, shown) => {
      if (row.top + row.height < top - 60 || row.top > bottom + 60) return;
      const el = h('div', {
        class: 'hm-row', role: 'row', 'aria-rowindex': shown + 2, 'data-resource': row.r.name,
        style: `top:${row.top}px;height:${row.height}px`,
      }, h('div', {
        class: expertWords() ? 'slot-name' : 'slot-name plain', role: 'rowheader',
        title: expertWords() ? `${row.r.kind ? `${row.r.kind}, ` : ''}capacity ${row.r.capacity}` : `${unitTitle(row.r.name)}, capacity ${row.r.capacity}`,
      }, unitName(row.r.name, expertWords()), row.r.capacity > 1 ? h('span', { class: 'cap' }, ` ×${row.r.capacity}`) : null));
      for (let c = cols.first; c < cols.last; c++) {
        const cell = this.cell(row, shown, c);
        if (shown === this.active.row && c === this.active.col) stop = cell;
        el.append(cell);
      }
      rows.push(el);
    });
    stop ??= rows[1]?.querySelector('.cell') ?? null;
    if (stop) stop.tabIndex = 0;
    this.grid.replaceChildren(...rows);
    if (focused) this.activeCell()?.focus({ preventScroll: true });
    this.el.dispatchEvent(new Event('windowdraw', { bubbles: true }));
  }

  private cell(row: ShownRow, shown: number, col: number): HTMLElement {
    const modRow = this.columns[col];
    const ops = this.occupants(modRow, row.index);
    const n = ops.length;
    const cap = row.r.capacity;
    const lines = Math.min(Math.max(cap, 1), MAX_LINES);
    const chips = n > lines ? ops.slice(0, lines - 1) : ops;
    const pct = Math.round((100 * Math.min(n, cap)) / cap);
    const mark = this.marks.get(`${modRow}:${row.index}`);
    const cell = h('div', {
      class: `cell${n > cap ? ' over' : ''}${n === 0 ? ' empty' : ''}${mark ? ` ${mark}` : ''}`, role: 'gridcell', tabindex: -1,
      'aria-colindex': col + 2, 'data-mark': mark,
      'data-slot': row.r.name, 'data-row': modRow, 'data-col': col, 'data-used': n, 'data-shown': shown, 'data-op': ops[0],
      style: `left:${LABEL_W + col * this.cellW}px${n ? `;--occ:${pct}%` : ''}`,
    }, ...chips.map((id) => {
      const op = this.opById.get(id);
      return h('span', { class: `chip${id === this.opts.stepped ? ' stepped' : ''}`, 'data-op': id }, op?.label || `#${id}`);
    }));
    if (n > chips.length) cell.append(h('span', { class: 'chip more' }, `+${n - chips.length}`));
    return cell;
  }

  private activeCell(): HTMLElement | null {
    return this.grid.querySelector(`.cell[data-shown="${this.active.row}"][data-col="${this.active.col}"]`);
  }

  // Scrolls the active cell into view, draws and focuses it.
  private focusActive(): void {
    const s = this.scroller;
    const row = this.rows[this.active.row];
    const x = LABEL_W + this.active.col * this.cellW;
    if (x - LABEL_W < s.scrollLeft || x + this.cellW > s.scrollLeft + viewportWidth(s)) s.scrollLeft = x - LABEL_W - this.cellW;
    if (row.top - HEAD_H < s.scrollTop || row.top + row.height > s.scrollTop + viewportHeight(s, 400)) s.scrollTop = row.top - HEAD_H;
    this.draw(true);
    this.activeCell()?.focus({ preventScroll: true });
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.table || this.rows.length === 0 || this.columns.length === 0 || !(e.target as Element).classList.contains('cell')) return;
    const last = this.columns.length - 1;
    const page = Math.max(1, Math.floor(viewportWidth(this.scroller) / this.cellW) - 3);
    const { row, col } = this.active;
    const moves: Record<string, [number, number]> = {
      ArrowRight: [row, col + 1], ArrowLeft: [row, col - 1], ArrowDown: [row + 1, col], ArrowUp: [row - 1, col],
      Home: [row, 0], End: [row, last], PageDown: [row, col + page], PageUp: [row, col - page],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    this.active = { row: Math.min(Math.max(0, to[0]), this.rows.length - 1), col: Math.min(Math.max(0, to[1]), last) };
    this.focusActive();
  }
}

// The pane: the block's final reservation table; in a comparison both tables side by side, each
// marking the cells whose holders differ from the other side's.
export const rrtPane: PaneFactory = (host) => {
  let fitWidth = false;
  return { render({ block, other }) {
    const table = finalRRT(block);
    const hide = h('input', { type: 'checkbox', 'data-testid': 'hide-empty' });
    hide.checked = host.hideEmpty();
    hide.addEventListener('change', () => {
      host.setHideEmpty(hide.checked);
      host.redraw();
    });
    const fit = h('input', { type: 'checkbox', 'data-testid': 'heatmap-fit' });
    fit.checked = fitWidth;
    fit.addEventListener('change', () => {
      fitWidth = fit.checked;
      host.redraw();
    });
    const controls = h('span', { class: 'table-controls' }, h('label', { class: 'inline' }, hide, expertWords() ? ' hide empty slots' : ' hide unused units'),
      h('label', { class: 'inline', title: 'narrow the columns so every modulo row fits the pane' }, fit, ' fit to width'));
    const none = (testid: string) => h('p', { class: 'muted', 'data-testid': testid }, 'No reservation table: the block has no II.');
    const otherTable = other ? finalRRT(other) : null;
    const draw = (b: Block, t: RRT | null, testid: string, differs?: Unit[]) => {
      if (!t) return none(testid);
      const heatmap = new Heatmap();
      heatmap.show(t, b, { hideEmpty: hide.checked, testid, differs, fit: fit.checked });
      return heatmap.el;
    };
    if (!other) return { controls, body: draw(block, table, 'rrt-heatmap'), windowed: true };
    const mine = table ? diffCells(block, table, other, otherTable) : [];
    const theirs = otherTable ? diffCells(other, otherTable, block, table) : [];
    const [a, b] = host.labels(block, other);
    return {
      controls,
      body: h('div', {},
        h('p', { class: 'muted small', 'data-testid': 'compare-rrt-summary' },
          mine.length || theirs.length ? `${mine.length} cell${mine.length === 1 ? '' : 's'} here and ${theirs.length} there held differently (outlined)` : 'Both tables hold the same ops in the same cells.'),
        h('div', { class: 'compare-tables' },
          h('div', {}, h('h3', { class: 'compare-side' }, a), draw(block, table, 'rrt-heatmap', mine)),
          h('div', {}, h('h3', { class: 'compare-side' }, `compared with: ${b}`), draw(other, otherTable, 'rrt-heatmap-other', theirs)))),
    };
  } };
};
