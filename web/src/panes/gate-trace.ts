// Gate trace: the arms' placement attempts, the G1-G4 verdicts, the reservation-table probe and the
// dependence checks (seeds 000/001), filterable by op, arm, gate and outcome, with the arms' trial
// seating shown or hidden. A step slider replays the reservation table; the replay marks the
// cells a rejected candidate overfills and the cells of the op being placed, and the step is
// spelled out beside it (gate, cells and holders, broken bounds). Left/Right step through the
// listed entries, Home/End go to the first and last; "Find" jumps to the step that placed an op
// or rejected it (at a cycle). The list is windowed (only the entries in view are in the page)
// and one tab stop. Steps are numbered from 1 everywhere.
import type { Block, Op, TraceEntry } from '../engine/types';
import { h } from '../ui/dom';
import type { LinkBus } from '../ui/linking';
import { bindOpEvents } from '../ui/linking';
import { WindowedRows } from '../ui/windowing';
import { replayRRT } from '../model/rrt';
import { plainReason, traceWord } from '../model/words';
import { expertWords } from '../ui/expert-words';
import { NO_FILTER, VERDICT_GATES, explainEntry, filterTrace, findStep, meaning, type TraceFilter } from '../model/trace';
import type { PaneFactory } from './pane';
import { Heatmap } from './rrt-heatmap';

const ROW_HEIGHT = 20; // px: .trace-list li in panes.css

const distinct = (values: string[]) => [...new Set(values)].sort();

// Keys that step through the listed entries when pressed on the pane outside a text field.
const STEP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

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
  private explain = h('dl', { class: 'trace-explain small', 'data-testid': 'trace-explain', 'aria-live': 'polite' });
  private heatmap = new Heatmap();
  private slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'trace step', 'data-testid': 'trace-step' });
  private stepLabel = h('span', { class: 'step-label', 'data-testid': 'trace-step-label' });
  private jumpNote = h('span', { class: 'muted small', 'data-testid': 'trace-jump-note', role: 'status' });

  constructor(bus: LinkBus, private hideEmpty: () => boolean) {
    bindOpEvents(this.list, bus);
    bindOpEvents(this.replay, bus);
    bindOpEvents(this.explain, bus);
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
    this.el.addEventListener('keydown', (e) => this.onKey(e));
  }

  render(block: Block): void {
    const changed = block !== this.block;
    this.block = block;
    const trace = block.trace ?? [];
    if (changed) {
      this.step = Math.max(0, trace.length - 1);
      this.opById = new Map(block.ops.map((o) => [o.id, o]));
      this.jumpNote.textContent = '';
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
    this.el.append(this.filters(trace), this.jump(), this.stepper(trace),
      h('div', { class: 'trace-step-view' }, this.replay, this.explain), this.listScroll, this.noMatch);
    if (block.trace_dropped > 0) {
      this.el.append(h('p', { class: 'muted small' }, `${block.trace_dropped} later entries were dropped by the core's trace limit.`));
    }
    this.renderList();
    this.renderReplay();
  }

  private filters(trace: TraceEntry[]): HTMLElement {
    const select = (key: 'arm' | 'gate' | 'outcome', label: string, options: Array<[string, string, string]>) => {
      const sel = h('select', { 'aria-label': `filter by ${label}`, 'data-filter': key },
        h('option', { value: '' }, `all ${label}s`),
        ...options.map(([v, text, title]) => h('option', { value: v, title }, text)));
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
    // Every gate, found in this trace or not, with how many verdicts it gave.
    const count = (g: string) => trace.reduce((n, t) => n + (t.gate === g ? 1 : 0), 0);
    const gates: Array<[string, string, string]> = VERDICT_GATES.map((g) => [g, `${traceWord('gate', g, expertWords())} · ${meaning('gate', g, expertWords())} (${count(g)})`, meaning('gate', g, expertWords())]);
    const trials = h('input', { type: 'checkbox', 'data-filter': 'trials' });
    trials.checked = this.filter.trials;
    trials.addEventListener('change', () => {
      this.filter = { ...this.filter, trials: trials.checked };
      this.renderList();
    });
    return h('div', { class: 'trace-filters' },
      op,
      select('arm', expertWords() ? 'arm' : 'method', distinct(trace.map((t) => t.arm)).map((a) => [a, traceWord('arm', a, expertWords()), meaning('arm', a, expertWords())])),
      select('gate', expertWords() ? 'gate' : 'check', gates),
      select('outcome', 'outcome', distinct(trace.map((t) => t.outcome)).map((o) => [o, traceWord('outcome', o, expertWords()), meaning('outcome', o, expertWords())])),
      h('label', { class: 'inline', title: 'the methods try alternatives they undo' }, trials, expertWords() ? ' trial seating' : ' trial placements'));
  }

  // "Find the step that placed op X / rejected op X at cycle C".
  private jump(): HTMLElement {
    const op = h('input', { type: 'search', class: 'op-filter', 'aria-label': 'op to find (label or line)', placeholder: 'op: %acc, 12…', 'data-testid': 'trace-jump-op' });
    const what = h('select', { 'aria-label': 'what to find', 'data-testid': 'trace-jump-what' },
      h('option', { value: 'placed' }, 'placed it'), h('option', { value: 'rejected' }, 'rejected it'));
    const cycle = h('input', { type: 'number', min: 0, class: 'num-input', 'aria-label': 'at cycle (optional)', placeholder: 'cycle', 'data-testid': 'trace-jump-cycle' });
    const go = h('button', { type: 'submit', 'data-testid': 'trace-jump' }, 'Go');
    const form = h('form', { class: 'trace-jump' }, h('span', { class: 'muted small' }, 'Find the step that'), what, op,
      h('span', { class: 'muted small' }, 'at cycle'), cycle, go, this.jumpNote);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const q = op.value.trim().toLowerCase();
      const target = this.block!.ops.find((o) => o.label.toLowerCase() === q || String(o.line) === q || `#${o.id}` === q);
      if (!target) {
        this.jumpNote.textContent = q ? `No op "${op.value.trim()}" in this block.` : 'Name an op first.';
        return;
      }
      const c = cycle.value === '' ? null : Number(cycle.value);
      const step = findStep(this.block!, { op: target.id, what: what.value as 'placed' | 'rejected', cycle: what.value === 'rejected' ? c : null });
      const who = target.label || `#${target.id}`;
      if (step < 0) {
        this.jumpNote.textContent = what.value === 'placed' ? `No step placed ${who}.` : `No step rejected ${who}${c === null ? '' : ` at cycle ${c}`}.`;
        return;
      }
      this.jumpNote.textContent = `step ${step + 1}`;
      // The entry must be listed: clear filters that hide it.
      if (!this.entries.some((t) => t.step === step)) {
        this.filter = { ...NO_FILTER };
        this.render(this.block!);
      }
      this.setStep(step);
    });
    return form;
  }

  private stepper(trace: TraceEntry[]): HTMLElement {
    this.slider.max = String(trace.length - 1);
    this.slider.value = String(this.step);
    return h('div', { class: 'trace-stepper' },
      h('button', { type: 'button', title: 'previous step (←)', 'aria-label': 'previous step', onclick: () => this.stepBy(-1) }, '◀'),
      this.slider,
      h('button', { type: 'button', title: 'next step (→)', 'aria-label': 'next step', onclick: () => this.stepBy(1) }, '▶'),
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

  // The previous or next listed entry (all steps when nothing is listed).
  private stepBy(delta: number): void {
    if (this.entries.length === 0) return this.setStep(this.step + delta);
    const i = this.entries.findIndex((t) => (delta > 0 ? t.step > this.step : false));
    if (delta > 0) return this.setStep((i >= 0 ? this.entries[i] : this.entries[this.entries.length - 1]).step);
    const before = this.entries.filter((t) => t.step < this.step);
    this.setStep((before.length ? before[before.length - 1] : this.entries[0]).step);
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (!STEP_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    // Text fields, selects, the slider (which steps by itself) and the replayed grid keep their keys.
    if (target.closest('input, select, textarea, .heatmap')) return;
    e.preventDefault();
    if (e.key === 'ArrowLeft') this.stepBy(-1);
    else if (e.key === 'ArrowRight') this.stepBy(1);
    else if (this.entries.length) this.setStep((e.key === 'Home' ? this.entries[0] : this.entries[this.entries.length - 1]).step);
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
      'data-testid': 'trace-entry', 'data-step': t.step, 'data-op': t.op >= 0 ? t.op : undefined, 'data-gate': t.gate,
      'aria-posinset': i + 1, 'aria-setsize': this.entries.length,
      class: `outcome-${t.outcome}${t.trial ? ' trial' : ''}${t.step === this.step ? ' current' : ''}`, title: plainReason(t.reason, expertWords()) || undefined,
    },
    h('span', { class: 't-step' }, t.step + 1),
    h('span', { class: 't-ii' }, `II ${t.ii}`),
    h('span', { class: 't-arm', title: meaning('arm', t.arm, expertWords()), 'data-word': `arm-${t.arm}` }, t.trial ? `${traceWord('arm', t.arm, expertWords())}*` : traceWord('arm', t.arm, expertWords())),
    truncated('t-op', op ? (op.label || `#${op.id}`) + ' ' + op.name.replace(/^.*\./, '') : t.op >= 0 ? `#${t.op}` : ''),
    h('span', { class: 't-cycle' }, t.cycle >= 0 ? `@${t.cycle}` : ''),
    h('span', { class: `t-gate gate-${t.gate}`, title: meaning('gate', t.gate, expertWords()), 'data-word': t.gate !== '-' ? `gate-${t.gate}` : undefined }, traceWord('gate', t.gate, expertWords())),
    h('span', { class: 't-outcome', title: meaning('outcome', t.outcome, expertWords()), 'data-word': `outcome-${t.outcome}` }, traceWord('outcome', t.outcome, expertWords())),
    truncated('t-reason', plainReason(t.reason, expertWords())));
  }

  private renderReplay(): void {
    const block = this.block!;
    const trace = block.trace ?? [];
    const t = trace[this.step];
    this.stepLabel.textContent = t
      ? `step ${this.step + 1} / ${trace.length}: ${t.trial ? 'trial · ' : ''}${traceWord('arm', t.arm, expertWords())} ${traceWord('outcome', t.outcome, expertWords())}${t.gate !== '-' ? ' ' + traceWord('gate', t.gate, expertWords()) : ''}${t.cycle >= 0 ? ` @${t.cycle}` : ''}`
      : '';
    this.explain.replaceChildren(...(t ? explainEntry(t, block, expertWords()) : []).flatMap((line) => [
      h('dt', {}, line.label),
      h('dd', { 'data-op': line.ops?.length === 1 ? line.ops[0] : undefined }, line.text),
    ]));
    const table = replayRRT(block, this.step);
    if (!table) {
      this.replay.replaceChildren(h('p', { class: 'muted' }, 'No candidate II yet at this step.'));
      return;
    }
    // The cells of the step: those a rejected candidate overfills, those it would hold or takes.
    const conflicts = t ? t.conflicts.map((c): [number, number] => [c.row, c.resource]) : [];
    const candidate = t ? (t.cells.length ? t.cells : t.rrt_add.length ? t.rrt_add : t.rrt_remove) : [];
    // One heatmap for every step, so its scroll position and focused cell stay as the step moves.
    this.heatmap.show(table, block, {
      hideEmpty: this.hideEmpty(), testid: 'rrt-replay', caption: `${expertWords() ? 'RRT' : 'Reservation table'} at step ${this.step + 1} (II ${table.ii})`,
      stepped: t && t.op >= 0 ? t.op : null, conflicts, candidate,
    });
    if (this.heatmap.el.parentElement !== this.replay) this.replay.replaceChildren(this.heatmap.el);
  }
}

export const gateTracePane: PaneFactory = (host) => {
  const trace = new GateTracePane(host.bus, host.hideEmpty);
  return {
    render({ block }) {
      trace.render(block);
      return { body: trace.el, windowed: true };
    },
  };
};

// A column of the placement-steps list that may be cut short: its whole text is its tooltip.
const truncated = (cls: string, text: string) => h('span', { class: cls, title: text || undefined }, text);
