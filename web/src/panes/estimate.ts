// The performance model's estimate (JSON `estimate`; docs/json-document.md): time per iteration on
// the GPU, as a range, with what limits it and the clock it assumes, in plain words, beside the II.
import type { Block, ScheduleEstimate, Span } from '../engine/types';
import { h } from '../ui/dom';

function spanText([lo, hi]: Span, digits = 0): string {
  const a = lo.toLocaleString('en-US', { maximumFractionDigits: digits });
  const b = hi.toLocaleString('en-US', { maximumFractionDigits: digits });
  return a === b ? a : `${a}–${b}`;
}

// The model's bound words with arrows and counts written for people.
export function boundText(bound: string): string {
  return bound.replace(/->/g, '→').replace(/ CTA\(s\)/g, ' CTAs').replace(/tile\(s\)/g, 'tiles');
}

export function scheduleTime(s: ScheduleEstimate): string {
  if (s.ctas_per_sm < 1) return `does not run: ${boundText(s.bound)}`;
  return `${spanText(s.ns_per_iteration, 1)} ns per iteration, limited by ${boundText(s.bound)}`;
}

// A measured model's II is in SM cycles but comes from its footprints, the estimate from the GPU's
// measured rates: where the II over the CTAs per SM is the longer, the two are told apart (as the
// command line's table does).
export function iiBeyondEstimate(block: Block): string | null {
  const e = block.estimate;
  if (!e || e.ii_units !== 'sm-cycles' || e.schedule.ctas_per_sm < 1) return null;
  if (block.ii / e.schedule.ctas_per_sm <= e.schedule.cycles_per_iteration[1]) return null;
  const ctas = e.schedule.ctas_per_sm === 1 ? '1 CTA' : `${e.schedule.ctas_per_sm} CTAs`;
  return `The II (${block.ii.toLocaleString('en-US')} SM cycles, ${ctas} per SM) is longer than this estimate: the estimate comes from the GPU's measured rates, the II from the model's footprints.`;
}

// One paragraph for the result header.
export function renderEstimate(block: Block): HTMLElement | null {
  const e = block.estimate;
  if (!e) return null;
  const clock = `${spanText(e.clock_mhz)} MHz`;
  const parts: Array<HTMLElement | string> = [
    h('strong', {}, 'Estimated time: '), `${scheduleTime(e.schedule)} on the ${e.gpu} at ${clock}`,
  ];
  if (e.tflops_per_gpu) parts.push(` (${spanText(e.tflops_per_gpu)} TFLOP/s for the whole GPU)`);
  parts.push('.');
  const el = h('div', { class: 'estimate', 'data-testid': 'estimate',
    title: 'A performance model built from measured rates of the GPU: the largest of the tensor cores, memory bandwidth, elementwise work and load latency per iteration' },
  h('p', {}, ...parts));
  if (e.triton) el.append(h('p', { class: 'small', 'data-testid': 'estimate-triton' }, `Triton's own schedule: ${scheduleTime(e.triton)}.`));
  if (e.ii_units === 'seed') {
    el.append(h('p', { class: 'muted small', 'data-testid': 'estimate-units' },
      'The II is counted in the scheduler\'s cost units, not in time; the estimate above is the time.'));
  }
  const longer = iiBeyondEstimate(block);
  if (longer) el.append(h('p', { class: 'muted small', 'data-testid': 'estimate-ii-longer' }, longer));
  if (e.assumptions.length) {
    el.append(h('details', { class: 'small' }, h('summary', {}, 'Assumed'), h('ul', {}, ...e.assumptions.map((a) => h('li', {}, a)))));
  }
  return el;
}
