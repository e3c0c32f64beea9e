// Gate-rejection trace: the arms' placement attempts and the G1-G4 verdicts (seeds 000/001),
// filterable by op, arm, gate and outcome, with a step slider that replays the RRT. The list is
// windowed (only the entries in view are in the page) and one tab stop.
import type { Block, Op, TraceEntry } from '../engine/types';
import { h } from '../app/dom';
import type { LinkBus } from '../app/linking';
import { bindOpEvents } from '../app/linking';
import { WindowedRows } from '../app/windowing';
import { replayRRT } from '../model/rrt';
import { Heatmap } from './rrt-heatmap';

export interface TraceFilter {
  op: string; // '' = all, else text the op's label, name or line must contain ("%t0", "wait", "12")
  arm: string;
  gate: string;
  outcome: string;
}

export const NO_FILTER: TraceFilter = { op: '', arm: '', gate: '', outcome: '' };

export function filterTrace(trace: TraceEntry[], f: TraceFilter, opById: Map<number, Op>): TraceEntry[] {
  const q = f.op.trim().toLowerCase();
  const opMatches = (id: number) => {
    const op = opById.get(id);
    return op !== undefined && (op.label.toLowerCase() === q || String(op.line) === q || op.name.toLowerCase().includes(q) ||
      (q.startsWith('%') && op.label.toLowerCase().includes(q)));
  };
  return trace.filter((t) =>
    (q === '' || opMatches(t.op)) && (f.arm === '' || t.arm === f.arm) &&
    (f.gate === '' || t.gate === f.gate) && (f.outcome === '' || t.outcome === f.outcome));
}

const ROW_HEIGHT = 20; // px: .trace-list li in panes.css

const distinct = (values: string[]) => [...new Set(values)].sort();

export class GateTracePane {
  readonly el = h('div', { class: 'gate-trace', 'data-testid': 'gate-trace' });
  private block: Block | null = null;
  private filter: TraceFilter = { ...NO_FILTER };
  private step = 0;
  private entries: TraceEntry[] = [];
  private opById = new Map<number, Op>();
  private list = h('ol', { class: 'trace-list', 'aria-label': 'trace entries' });
  private listScroll = h('div', { class: 'window-scroll trace-scroll' }, this.list);
  private noMatch = h('p', { class: 'muted small', hidden: true }, 'No entry matches the filters.');
  private rows: WindowedRows;
  private replay = h('div', { class: 'trace-replay' });
  private heatmap = new Heatmap();
  private slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'trace step', 'data-testid': 'trace-step' });
  private stepLabel = h('span', { class: 'step-label', 'data-testid': 'trace-step-label' });

  constructor(bus: LinkBus, private hideEmpty: () => boolean) {
    bindOpEvents(this.list, bus);
    bindOpEvents(this.replay, bus);
    this.slider.addEventListener('input', () => this.setStep(Number(this.slider.value)));
    this.list.addEventListener('click', (e) => {
      const li = (e.target as Element).closest('[data-step]') as HTMLElement | null;
      if (li) this.setStep(Number(li.dataset.step));
    });
    this.rows = new WindowedRows({
      scroller: this.listScroll, body: this.list, rowHeight: ROW_HEIGHT,
      row: (i) => this.entryRow(i),
      spacer: (height) => h('li', { class: 'spacer', 'aria-hidden': 'true', style: `height:${height}px` }),
      onActivate: (i) => this.setStep(this.entries[i].step),
    });
  }

  render(block: Block): void {
    const changed = block !== this.block;
    this.block = block;
    const trace = block.trace ?? [];
    if (changed) {
      this.step = Math.max(0, trace.length - 1);
      this.opById = new Map(block.ops.map((o) => [o.id, o]));
    }
    this.el.replaceChildren();
    if (block.trace === null) {
      this.el.append(h('p', { class: 'muted' }, 'The core returned no trace for this block.'));
      return;
    }
    if (trace.length === 0) {
      this.el.append(h('p', { class: 'muted' },
        block.generator === 'serial' ? 'The serial generator places ops in program order; it has no gates to trace.' : 'The trace is empty.'));
      return;
    }
    this.el.append(this.filters(trace), this.stepper(trace), this.replay, this.listScroll, this.noMatch);
    if (block.trace_dropped > 0) {
      this.el.append(h('p', { class: 'muted small' }, `${block.trace_dropped} later entries were dropped by the core's trace limit.`));
    }
    this.renderList();
    this.renderReplay();
  }

  private filters(trace: TraceEntry[]): HTMLElement {
    const select = (key: keyof TraceFilter, label: string, options: Array<[string, string]>) => {
      const sel = h('select', { 'aria-label': `filter by ${label}`, 'data-filter': key },
        h('option', { value: '' }, `all ${label}s`),
        ...options.map(([v, text]) => h('option', { value: v }, text)));
      sel.value = this.filter[key];
      sel.addEventListener('change', () => {
        this.filter = { ...this.filter, [key]: sel.value };
        this.renderList();
      });
      return sel;
    };
    // A text filter, not a list of every op: a big loop has thousands.
    const op = h('input', {
      type: 'search', class: 'op-filter', 'data-filter': 'op', 'aria-label': 'filter by op (label, name or line)',
      placeholder: 'op: %t0, wait, 12…', value: this.filter.op,
    });
    op.addEventListener('input', () => {
      this.filter = { ...this.filter, op: op.value };
      this.renderList();
    });
    return h('div', { class: 'trace-filters' },
      op,
      select('arm', 'arm', distinct(trace.map((t) => t.arm)).map((a) => [a, a])),
      select('gate', 'gate', distinct(trace.map((t) => t.gate)).map((g) => [g, g])),
      select('outcome', 'outcome', distinct(trace.map((t) => t.outcome)).map((o) => [o, o])),
    );
  }

  private stepper(trace: TraceEntry[]): HTMLElement {
    this.slider.max = String(trace.length - 1);
    this.slider.value = String(this.step);
    return h('div', { class: 'trace-stepper' },
      h('button', { type: 'button', title: 'previous step', 'aria-label': 'previous step', onclick: () => this.setStep(this.step - 1) }, '◀'),
      this.slider,
      h('button', { type: 'button', title: 'next step', 'aria-label': 'next step', onclick: () => this.setStep(this.step + 1) }, '▶'),
      this.stepLabel);
  }

  setStep(step: number): void {
    const trace = this.block?.trace ?? [];
    this.step = Math.min(Math.max(0, step), Math.max(0, trace.length - 1));
    this.slider.value = String(this.step);
    const at = this.entries.findIndex((t) => t.step === this.step);
    if (at >= 0) this.rows.focus(at, false);
    else this.rows.redraw();
    this.renderReplay();
  }

  private renderList(): void {
    this.entries = filterTrace(this.block!.trace ?? [], this.filter, this.opById);
    this.noMatch.hidden = this.entries.length > 0;
    this.rows.setCount(this.entries.length, Math.max(0, this.entries.findIndex((t) => t.step === this.step)));
  }

  private entryRow(i: number): HTMLElement {
    const t = this.entries[i];
    const op = this.opById.get(t.op);
    return h('li', {
      'data-testid': 'trace-entry', 'data-step': t.step, 'data-op': t.op >= 0 ? t.op : undefined,
      'aria-posinset': i + 1, 'aria-setsize': this.entries.length,
      class: `outcome-${t.outcome}${t.step === this.step ? ' current' : ''}`, title: t.reason || undefined,
    },
    h('span', { class: 't-step' }, t.step),
    h('span', { class: 't-ii' }, `II ${t.ii}`),
    h('span', { class: 't-arm' }, t.arm),
    h('span', { class: 't-op' }, op ? (op.label || `#${op.id}`) + ' ' + op.name.replace(/^.*\./, '') : t.op >= 0 ? `#${t.op}` : ''),
    h('span', { class: 't-cycle' }, t.cycle >= 0 ? `@${t.cycle}` : ''),
    h('span', { class: `t-gate gate-${t.gate}` }, t.gate),
    h('span', { class: 't-outcome' }, t.outcome),
    h('span', { class: 't-reason' }, t.reason));
  }

  private renderReplay(): void {
    const block = this.block!;
    const trace = block.trace ?? [];
    const t = trace[this.step];
    this.stepLabel.textContent = t ? `step ${this.step + 1} / ${trace.length}: ${t.arm} ${t.outcome}${t.gate !== '-' ? ' ' + t.gate : ''}` : '';
    const table = replayRRT(block, this.step);
    if (!table) {
      this.replay.replaceChildren(h('p', { class: 'muted' }, 'No candidate II yet at this step.'));
      return;
    }
    // One heatmap for every step, so its scroll position and focused cell stay as the step moves.
    this.heatmap.show(table, block, {
      hideEmpty: this.hideEmpty(), testid: 'rrt-replay', caption: `RRT at step ${this.step + 1} (II ${table.ii})`,
      stepped: t && t.op >= 0 ? t.op : null,
    });
    if (this.heatmap.el.parentElement !== this.replay) this.replay.replaceChildren(this.heatmap.el);
  }
}
