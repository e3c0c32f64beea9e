// Result header: II, stage count, generator, status and the MII breakdown naming the binding
// resource or the critical recurrence.
import type { Block } from '../engine/types';
import { h } from '../app/dom';
import { explainMII } from '../model/mii';

const STATUS_TEXT: Record<Block['status'], string> = {
  scheduled: 'scheduled',
  failed: 'no schedule found',
  checked: 'pinned schedule checked: valid',
  violations: 'pinned schedule has violations',
};

export function renderHeader(block: Block, marks: Partial<Record<'ii' | 'stage_count' | 'status' | 'generator', boolean>> = {}): HTMLElement {
  const diff = (k: keyof typeof marks) => (marks[k] ? ' diff' : '');
  const stat = (label: string, value: string | number, testid: string, cls = '') =>
    h('div', { class: `stat${cls}` }, h('span', { class: 'stat-label' }, label), h('span', { class: 'stat-value', 'data-testid': testid }, value));
  const el = h('div', { class: 'result-header', 'data-testid': 'result-header' },
    h('div', { class: 'stats' },
      stat('II', block.status === 'failed' ? '—' : block.ii, 'ii', diff('ii')),
      stat('stages', block.status === 'failed' ? '—' : block.stage_count, 'stage-count', diff('stage_count')),
      stat('generator', block.generator, 'generator', diff('generator')),
      stat('status', STATUS_TEXT[block.status], 'status', `${diff('status')} status-${block.status}`),
      stat('ops', block.ops.length, 'op-count'),
    ),
  );
  const mii = explainMII(block);
  if (mii) {
    el.append(h('div', { class: 'mii', 'data-testid': 'mii' },
      h('span', { class: 'mii-summary' }, mii.summary),
      h('ul', { class: 'mii-bounds' }, ...mii.bounds.map((b) =>
        h('li', { class: b.binding ? 'binding' : '', title: b.detail || undefined },
          `${b.label} ${b.value}`, b.binding && b.detail ? h('span', { class: 'mii-detail' }, ` · ${b.detail}`) : null))),
    ));
  } else if (block.generator === 'serial') {
    el.append(h('div', { class: 'mii muted' }, 'serial generator: every op in stage 0, no II search (seed 000)'));
  }
  return el;
}
