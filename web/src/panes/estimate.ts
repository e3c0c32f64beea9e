// The performance model's estimate (JSON `estimate`; docs/json-document.md): time per iteration on
// the GPU, as a range, with what limits it and the clock it assumes, in plain words. The header
// shows it beside the II; the memory pane shows the registers and CTAs per SM behind it.
import type { Block, Estimate, ScheduleEstimate, Span } from '../engine/types';
import { h } from '../ui/dom';
import { bytesText } from './memory';

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

// One paragraph for the result header.
export function renderEstimate(block: Block): HTMLElement | null {
  const e = block.estimate;
  if (!e) return null;
  const clock = `${spanText(e.clock_mhz)} MHz`;
  const parts: Array<HTMLElement | string> = [
    h('strong', {}, 'Estimated time: '), `${scheduleTime(e.schedule)} on the ${e.gpu} at ${clock}`,
  ];
  if (e.flops_per_iteration && e.schedule.ctas_per_sm > 0) parts.push(` (${spanText(e.tflops_per_gpu)} TFLOP/s for the whole GPU)`);
  parts.push('.');
  const el = h('div', { class: 'estimate', 'data-testid': 'estimate',
    title: 'A performance model built from measured rates of the GPU: the largest of the tensor cores, memory bandwidth, elementwise work and load latency per iteration' },
  h('p', {}, ...parts));
  if (e.triton) el.append(h('p', { class: 'small', 'data-testid': 'estimate-triton' }, `Triton's own schedule: ${scheduleTime(e.triton)}.`));
  if (e.ii_units === 'seed') {
    el.append(h('p', { class: 'muted small', 'data-testid': 'estimate-units' },
      'The II is counted in the scheduler\'s cost units, not in time; the estimate above is the time.'));
  }
  if (e.assumptions.length) {
    el.append(h('details', { class: 'small' }, h('summary', {}, 'Assumed'), h('ul', {}, ...e.assumptions.map((a) => h('li', {}, a)))));
  }
  return el;
}

// Registers and CTAs per SM, for the memory pane.
export function renderOccupancy(e: Estimate): HTMLElement {
  const regs = `about ${e.registers_per_thread} registers per thread of the ${e.registers_limit} a thread can hold`;
  const warps = `${e.warps} warps${e.warps_assumed ? ' (assumed: the IR does not say)' : ''}`;
  const s = e.schedule;
  const ctas = s.ctas_per_sm > 0
    ? `${s.ctas_per_sm} ${s.ctas_per_sm === 1 ? 'CTA' : 'CTAs'} per SM, limited by ${s.cta_limit}`
    : `no CTA fits on an SM (${bytesText(s.smem_per_cta)} of shared memory per CTA)`;
  return h('div', { class: `occupancy${e.registers_over_limit ? ' over' : ''}`, 'data-testid': 'occupancy', 'data-over': String(e.registers_over_limit) },
    h('p', { class: 'small' }, `Registers: ${regs}, ${warps}; ${ctas}.`),
    e.registers_over_limit
      ? h('p', { class: 'small mem-over', 'data-testid': 'registers-over' }, 'Over the limit: the compiler spills the rest to local memory.')
      : null);
}
