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
    el.append(h('div', { class: 'mii muted' }, 'serial generator: ops issued one after another in program order, no II search'));
  }
  const facts = [...selectionFacts(block), ...refinementFacts(block)];
  if (facts.length) el.append(h('ul', { class: 'facts', 'data-testid': 'block-facts' }, ...facts.map(([text, title]) => h('li', { title }, text))));
  return el;
}

// What the generator selection saw (seed 000 predicate: force-serial, TMA/WGMMA/async pipeline,
// op count against the serial threshold).
function selectionFacts(block: Block): Array<[string, string]> {
  const s = block.summary;
  if (!s) return [];
  const facts: Array<[string, string]> = [];
  if (s.force_serial) facts.push(['force_serial_execution', 'a force-serial attribute selects the serial generator']);
  if (s.has_tma) facts.push(['TMA', 'the block issues TMA operations']);
  if (s.has_wgmma) facts.push(['WGMMA', 'the block issues WGMMA / MMA operations']);
  if (s.has_async_pipeline) facts.push(['async pipeline', 'the block uses an async producer/consumer pipeline']);
  return facts;
}

function refinementFacts(block: Block): Array<[string, string]> {
  const r = block.refinement;
  if (!r || r.rounds === 0) return [];
  const state = r.converged ? 'converged' : r.budget_exceeded ? 'budget exceeded' : 'not converged';
  return [[`refinement: ${r.rounds} round${r.rounds === 1 ? '' : 's'}, ${state}${r.budget_truncated ? ' (truncated)' : ''}`,
    'constraint refinement loop: the candidate IIs tried, whether it converged, whether a budget cut it short']];
}
