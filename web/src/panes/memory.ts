// Memory: the bytes the loop's buffers take in shared memory (SMEM) and tensor memory (TMEM), per
// buffer and slot, against the model's budgets (JSON `buffers`, `memory`; docs/json-document.md).
// Buffers of one region share its bytes, so a bar has one segment per region.
import type { Block, BufferSpace, Estimate, MemoryBuffer } from '../engine/types';
import { h } from '../ui/dom';
import { term } from './glossary';
import type { PaneFactory } from './pane';

// The text's rule (core/buffers/Figures bytesText): whole MiB or KiB, else bytes, so the page and
// the command line print one figure (65568 B, not a rounded 64.0 KiB).
export function bytesText(n: number): string {
  if (n > 0 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n > 0 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} B`;
}

const SPACES: Array<[BufferSpace, string, string]> = [['smem', 'Shared memory', 'smem'], ['tmem', 'Tensor memory', 'tmem']];

// A model without a tensor-memory budget is a GPU without tensor memory (Hopper).
export function budgetWords(space: BufferSpace, budget: number | null): string {
  if (budget === null) return space === 'tmem' ? "(this model's GPU has no tensor memory)" : 'the model gives no budget';
  return budget >= 2147483647 ? 'no budget (lifted)' : `of ${bytesText(budget)}`;
}

function bar(space: BufferSpace, label: string, termId: string, used: number, budget: number | null, buffers: MemoryBuffer[]): HTMLElement {
  const unlimited = budget !== null && budget >= 2147483647;
  const over = budget !== null && !unlimited && used > budget;
  const scale = Math.max(used, budget !== null && !unlimited ? budget : used, 1);
  const regions = new Map<number, MemoryBuffer[]>();
  for (const b of buffers) if (b.space === space && b.bytes !== null) regions.set(b.region, [...(regions.get(b.region) ?? []), b]);
  const segments = [...regions.values()].map((bs, k) => {
    const bytes = Math.max(...bs.map((b) => b.bytes ?? 0));
    const names = bs.map((b) => b.value).join(', ');
    return h('span', {
      class: `mem-seg seg-${k % 6}`, style: `width:${(100 * bytes) / scale}%`, title: `${names}: ${bytesText(bytes)}`,
      'data-op': bs[0].op >= 0 ? bs[0].op : undefined,
    });
  });
  const budgetText = budgetWords(space, budget);
  return h('div', { class: `mem-space${over ? ' over' : ''}`, 'data-testid': `memory-${space}`, 'data-over': String(over), 'data-used': used },
    h('div', { class: 'mem-label' }, term(termId, label), ` ${bytesText(used)} ${budgetText}`,
      over ? h('strong', { class: 'mem-over', 'data-testid': 'memory-over' }, ` · over budget by ${bytesText(used - budget!)}`) : null),
    h('div', { class: 'mem-bar', role: 'img', 'aria-label': `${label}: ${bytesText(used)} ${budgetText}${over ? ', over budget' : ''}` },
      ...segments, budget !== null && !unlimited && over ? h('span', { class: 'mem-limit', style: `left:${(100 * budget) / scale}%` }) : null));
}

// Registers and CTAs per SM, for the memory pane.
function renderOccupancy(e: Estimate): HTMLElement {
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

export function renderMemory(block: Block): HTMLElement {
  const m = block.memory;
  if (!m || block.buffers.length === 0) {
    return h('p', { class: 'muted', 'data-testid': 'memory-pane' },
      block.status === 'failed' && !m ? 'No memory figures: the block has no schedule.' : 'The loop needs no buffer in shared or tensor memory.');
  }
  // The first buffer of each region holds its bytes; a later one shares them.
  const firstOfRegion = new Map<number, MemoryBuffer>();
  for (const b of block.buffers) if (!firstOfRegion.has(b.region)) firstOfRegion.set(b.region, b);
  const rows = block.buffers.map((b) => h('tr', { 'data-op': b.op >= 0 ? b.op : undefined, 'data-testid': 'memory-buffer' },
    h('td', {}, h('code', {}, b.value)),
    h('td', {}, b.space === 'smem' ? 'shared' : b.space === 'tmem' ? 'tensor' : 'registers'),
    h('td', { class: 'num' }, b.bytes_per_slot === null ? 'unknown' : bytesText(b.bytes_per_slot)),
    h('td', { class: 'num' }, b.slots),
    h('td', { class: 'num' }, b.bytes === null ? 'unknown' : bytesText(b.bytes)),
    h('td', { class: 'muted' }, firstOfRegion.get(b.region) !== b ? `shares the bytes of ${firstOfRegion.get(b.region)!.value}` : b.line > 0 ? `line ${b.line}` : 'before the loop')));
  const notes: HTMLElement[] = [];
  if (m.unknown_buffers) notes.push(h('p', { class: 'muted small' }, `${m.unknown_buffers} buffer${m.unknown_buffers === 1 ? '' : 's'} of unknown size (not in the totals).`));
  if (block.estimate) notes.push(renderOccupancy(block.estimate));
  for (const r of m.rounds) notes.push(h('p', { class: 'small' }, r));
  return h('div', { class: 'memory-pane', 'data-testid': 'memory-pane', 'data-fits': String(m.fits) },
    ...SPACES.filter(([space]) => space !== 'tmem' || m.tmem_bytes > 0 || m.tmem_budget !== null)
      .map(([space, label, id]) => bar(space, label, id, space === 'smem' ? m.smem_bytes : m.tmem_bytes, space === 'smem' ? m.smem_budget : m.tmem_budget, block.buffers)),
    // A phone scrolls the table sideways (focusable, so a keyboard can too).
    h('div', { class: 'mem-scroll', tabindex: 0, role: 'region', 'aria-label': 'buffers' }, h('table', { class: 'mem-table' },
      h('thead', {}, h('tr', {}, h('th', {}, term('buffer')), h('th', {}, 'memory'), h('th', { class: 'num' }, 'per slot'),
        h('th', { class: 'num' }, term('slots')), h('th', { class: 'num' }, 'bytes'), h('th', {}, ''))),
      h('tbody', {}, ...rows))),
    h('p', { class: 'muted small' }, 'A pipelined buffer needs one slot per stage it is in flight; buffers whose lives never overlap share their bytes.'),
    ...notes);
}

export const memoryPane: PaneFactory = () => ({ render: ({ block }) => ({ body: renderMemory(block) }) });
