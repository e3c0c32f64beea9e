// Gate-rejection trace: the arms' placement attempts and the G1-G4 verdicts (seeds 000/001),
// filterable by op, arm, gate and outcome, with a step slider that replays the RRT.
import type { Block, TraceEntry } from '../engine/types';
import { h } from '../app/dom';
import type { LinkBus } from '../app/linking';
import { bindOpEvents } from '../app/linking';
import { replayRRT } from '../model/rrt';
import { renderHeatmap } from './rrt-heatmap';

export interface TraceFilter {
  op: string; // '' = all, else op id
  arm: string;
  gate: string;
  outcome: string;
}

export const NO_FILTER: TraceFilter = { op: '', arm: '', gate: '', outcome: '' };

export function filterTrace(trace: TraceEntry[], f: TraceFilter): TraceEntry[] {
  return trace.filter((t) =>
    (f.op === '' || String(t.op) === f.op) && (f.arm === '' || t.arm === f.arm) &&
    (f.gate === '' || t.gate === f.gate) && (f.outcome === '' || t.outcome === f.outcome));
}

const PAGE = 400; // entries rendered at once; "show more" adds another page

const distinct = (values: string[]) => [...new Set(values)].sort();

export class GateTracePane {
  readonly el = h('div', { class: 'gate-trace', 'data-testid': 'gate-trace' });
  private block: Block | null = null;
  private filter: TraceFilter = { ...NO_FILTER };
  private step = 0;
  private limit = PAGE;
  private list = h('ol', { class: 'trace-list' });
  private replay = h('div', { class: 'trace-replay' });
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
  }

  render(block: Block): void {
    const changed = block !== this.block;
    this.block = block;
    const trace = block.trace ?? [];
    if (changed) {
      this.step = Math.max(0, trace.length - 1);
      this.limit = PAGE;
      if (this.filter.op !== '' && !block.ops.some((o) => String(o.id) === this.filter.op)) this.filter.op = '';
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
    this.el.append(this.filters(trace, block), this.stepper(trace), this.replay, this.list);
    if (block.trace_dropped > 0) {
      this.el.append(h('p', { class: 'muted small' }, `${block.trace_dropped} later entries were dropped by the core's trace limit.`));
    }
    this.renderList();
    this.renderReplay();
  }

  private filters(trace: TraceEntry[], block: Block): HTMLElement {
    const select = (key: keyof TraceFilter, label: string, options: Array<[string, string]>) => {
      const sel = h('select', { 'aria-label': `filter by ${label}`, 'data-filter': key },
        h('option', { value: '' }, `all ${label}s`),
        ...options.map(([v, text]) => h('option', { value: v }, text)));
      sel.value = this.filter[key];
      sel.addEventListener('change', () => {
        this.filter = { ...this.filter, [key]: sel.value };
        this.limit = PAGE;
        this.renderList();
      });
      return sel;
    };
    const opsInTrace = new Set(trace.map((t) => t.op));
    const ops = block.ops.filter((o) => opsInTrace.has(o.id))
      .map((o): [string, string] => [String(o.id), `${o.label || '#' + o.id} ${o.name} (line ${o.line})`]);
    return h('div', { class: 'trace-filters' },
      select('op', 'op', ops),
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
    for (const li of this.list.querySelectorAll('.current')) li.classList.remove('current');
    this.list.querySelector(`[data-step="${this.step}"]`)?.classList.add('current');
    this.renderReplay();
  }

  private renderList(): void {
    const block = this.block!;
    const opById = new Map(block.ops.map((o) => [o.id, o]));
    const entries = filterTrace(block.trace ?? [], this.filter);
    this.list.replaceChildren(...entries.slice(0, this.limit).map((t) => {
      const op = opById.get(t.op);
      return h('li', {
        'data-testid': 'trace-entry', 'data-step': t.step, 'data-op': t.op >= 0 ? t.op : undefined,
        class: `outcome-${t.outcome}${t.step === this.step ? ' current' : ''}`, tabindex: 0,
      },
        h('span', { class: 't-step' }, t.step),
        h('span', { class: 't-ii' }, `II ${t.ii}`),
        h('span', { class: 't-arm' }, t.arm),
        h('span', { class: 't-op' }, op ? (op.label || `#${op.id}`) + ' ' + op.name.replace(/^.*\./, '') : t.op >= 0 ? `#${t.op}` : ''),
        h('span', { class: 't-cycle' }, t.cycle >= 0 ? `@${t.cycle}` : ''),
        h('span', { class: `t-gate gate-${t.gate}` }, t.gate),
        h('span', { class: 't-outcome' }, t.outcome),
        h('span', { class: 't-reason' }, t.reason));
    }));
    if (entries.length > this.limit) {
      this.list.append(h('li', { class: 'more' }, h('button', {
        type: 'button',
        onclick: () => { this.limit += PAGE; this.renderList(); },
      }, `show ${Math.min(PAGE, entries.length - this.limit)} more of ${entries.length - this.limit}`)));
    }
    if (entries.length === 0) this.list.append(h('li', { class: 'muted' }, 'No entry matches the filters.'));
  }

  private renderReplay(): void {
    const block = this.block!;
    const trace = block.trace ?? [];
    const t = trace[this.step];
    this.stepLabel.textContent = t ? `step ${this.step + 1} / ${trace.length}: ${t.arm} ${t.outcome}${t.gate !== '-' ? ' ' + t.gate : ''}` : '';
    const table = replayRRT(block, this.step);
    this.replay.replaceChildren(table
      ? renderHeatmap(table, block, { hideEmpty: this.hideEmpty(), testid: 'rrt-replay', caption: `RRT at step ${this.step + 1} (II ${table.ii})` })
      : h('p', { class: 'muted' }, 'No candidate II yet at this step.'));
    const op = t && t.op >= 0 ? t.op : null;
    for (const chip of this.replay.querySelectorAll(`[data-op="${op}"]`)) chip.classList.add('stepped');
  }
}
