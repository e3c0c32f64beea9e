// Result header: II, stage count, generator, status and the MII breakdown naming the binding
// resource or the critical recurrence.
import type { Block } from '../engine/types';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { boundTitle, explainMII, explainOptimality } from '../model/mii';
import { stageStory, tritonStagesApplied } from '../model/stages';
import { remedyText } from '../engine/wording';
import { renderEstimate } from './estimate';
import { renderAgents } from './agents';

const STATUS_TEXT: Record<Block['status'], string> = {
  scheduled: 'scheduled',
  failed: 'no schedule found',
  checked: 'pinned schedule checked: valid',
  violations: 'pinned schedule has violations',
};

// The II's unit in people's words: a seed model's cost units, or a measured model's SM cycles.
export function iiUnitWords(block: Block): string {
  return block.ii_units === 'sm-cycles' ? 'SM cycles' : 'cost units';
}

export function renderHeader(block: Block, marks: Partial<Record<'ii' | 'stage_count' | 'status' | 'generator', boolean>> = {}): HTMLElement {
  const diff = (k: keyof typeof marks) => (marks[k] ? ' diff' : '');
  const stat = (label: string, value: string | number, testid: string, cls = '', unit?: string) => {
    const shown = h('span', { class: 'stat-value', 'data-testid': testid }, value);
    return h('div', { class: `stat${cls}` }, h('span', { class: 'stat-label' }, label),
      unit ? h('span', { class: 'stat-row' }, shown, h('span', { class: 'stat-unit', 'data-testid': `${testid}-units` }, unit)) : shown);
  };
  const el = h('div', { class: 'result-header', 'data-testid': 'result-header' },
    h('div', { class: 'stats' },
      stat('II', block.status === 'failed' ? '—' : block.ii, 'ii', diff('ii'), block.status === 'failed' ? undefined : iiUnitWords(block)),
      stat('stages', block.status === 'failed' ? '—' : block.stage_count, 'stage-count', diff('stage_count')),
      stat('generator', block.generator, 'generator', diff('generator')),
      stat('status', STATUS_TEXT[block.status], 'status', `${diff('status')} status-${block.status}`),
      stat('ops', block.ops.length, 'op-count'),
    ),
  );
  const mii = explainMII(block, expertWords());
  if (mii) {
    el.append(h('div', { class: 'mii', 'data-testid': 'mii' },
      h('span', { class: 'mii-summary' }, mii.summary),
      h('ul', { class: 'mii-bounds' }, ...mii.bounds.map((b) =>
        h('li', { class: b.binding ? 'binding' : '', title: b.detail ? `${boundTitle(b.key)} Here: ${b.detail}.` : boundTitle(b.key) },
          `${b.label} ${b.value}`, b.binding && b.detail ? h('span', { class: 'mii-detail' }, ` · ${b.detail}`) : null))),
    ));
    const optimality = explainOptimality(block);
    if (optimality) el.append(h('div', { class: `optimality optimality-${block.optimality!.status}`, 'data-testid': 'optimality' }, optimality));
  } else if (block.generator === 'serial') {
    el.append(h('div', { class: 'mii muted', 'data-testid': 'serial-why', title: 'The serial generator issues ops one after another in program order, with no II search' },
      serialWhy(block)));
  }
  const estimate = renderEstimate(block);
  if (estimate) el.append(estimate);
  if (block.model) {
    el.append(h('div', { class: 'block-model muted', 'data-testid': 'block-model', title: 'the target model the block was scheduled on, and why' },
      `Model: ${block.model.reason}`));
  }
  const facts = [...selectionFacts(block), ...nestedLoopFacts(block), ...tritonFacts(block), ...refinementFacts(block)];
  if (facts.length) el.append(h('ul', { class: 'facts', 'data-testid': 'block-facts' }, ...facts.map(([text, title]) => h('li', { title }, text))));
  const agents = renderAgents(block);
  if (agents) el.append(agents);
  const story = stageStory(block);
  if (story.length) el.append(h('p', { class: 'stage-story', 'data-testid': 'stage-story' }, story.join(' ')));
  return el;
}

// Why this block is serial and how to get a modulo schedule, in the page's controls.
export function serialWhy(block: Block): string {
  const sel = block.selection;
  if (!sel) return 'Serial schedule: ops issued one after another in program order, no II search.';
  const remedy = sel.remedies.length ? ` For a modulo schedule, ${remedyText(sel.remedies)}.` : '';
  return `Serial schedule: ${sel.reason}.${remedy}`;
}

// The loops of the body, each one op costed by its own schedule (docs/decisions.md, "Nested loops").
function nestedLoopFacts(block: Block): Array<[string, string]> {
  return block.ops.filter((o) => o.nested_loop).map((o) => [
    `nested loop ${o.label || o.name} (line ${o.line}): ${o.nested_loop!.reason}`,
    'a loop in the loop body: scheduled first, it is one op here whose latency and footprint are its own schedule’s',
  ]);
}

// Triton's own schedule of the loop, as its annotations state it.
function tritonFacts(block: Block): Array<[string, string]> {
  const t = block.triton;
  if (!t) return [];
  const parts = [];
  if (t.stage_count > 0) parts.push(`${t.stage_count} stage${t.stage_count === 1 ? '' : 's'}`);
  if (t.num_stages !== null) parts.push(`num_stages ${t.num_stages}`);
  const facts: Array<[string, string]> = [];
  if (parts.length) facts.push([`Triton: ${parts.join(', ')}`, 'the schedule Triton’s pipeliner wrote on the loop (loop.stage on its ops, tt.num_stages); the stage table compares it op by op']);
  // Named after the rule that applied them, so the chip never contradicts the option's checkbox.
  const rule = tritonStagesApplied(block);
  if (rule) {
    const moved = `${t.steered_ops} op${t.steered_ops === 1 ? '' : 's'} moved`;
    facts.push(rule === 'always'
      ? [`Triton load stages: ${moved}`, 'a cost-based schedule is pipelined as Triton pipelines the loop: users of a load move to later stages by whole IIs, whether or not the Triton latencies option is ticked']
      : [`Triton latencies option: ${moved}`, 'with the option ticked, a serial schedule moves the users of a load to later stages by whole IIs, as Triton’s tt.latency or pipeliner says']);
  }
  return facts;
}

// What the generator selection saw (seed 000 predicate: force-serial, TMA/WGMMA/async pipeline,
// op count against the serial threshold).
export function selectionFacts(block: Block): Array<[string, string]> {
  const s = block.summary;
  if (!s) return [];
  const facts: Array<[string, string]> = [];
  if (s.op_count_lowered !== s.op_count) {
    facts.push([`${s.op_count} ops as written, ${s.op_count_lowered} as TileAS sees them`,
      'TileAS schedules what tileiras makes of these ops: a TMA load becomes a copy, a barrier expect and a wait, an MMA its commit and wait, and a global load that feeds an MMA an async copy pipeline. The serial threshold is compared with the second count.']);
  }
  if (s.force_serial) facts.push(['force_serial_execution', 'a force-serial attribute selects the serial generator']);
  if (s.has_tma) facts.push(['TMA', 'the block issues TMA operations']);
  // The chip names the machine's MMA: WGMMA is Hopper's, tcgen05 Blackwell's.
  const model = block.model?.name ?? '';
  const mma = model.startsWith('hopper') ? 'WGMMA' : model === 'blackwell' ? 'tcgen05 MMA' : 'MMA';
  if (s.has_wgmma) facts.push([mma, 'the block issues tensor-core matrix multiply (MMA) operations']);
  if (s.has_async_pipeline) facts.push(['async pipeline', 'the block uses an async producer/consumer pipeline']);
  return facts;
}

function refinementFacts(block: Block): Array<[string, string]> {
  const r = block.refinement;
  if (!r || r.rounds === 0) return [];
  // Whether the search below the II was exhaustive is the optimality line's to say (one sentence,
  // never two that disagree): a budget that stopped the II search early is news only without proof.
  const proven = block.optimality?.status === 'proven';
  const state = r.converged || proven ? '' : r.budget_exceeded ? ', cut short by a budget' : ', not finished';
  return [[`II search: ${r.rounds} round${r.rounds === 1 ? '' : 's'}${state}`,
    'the candidate IIs the scheduler tried, and whether a budget stopped it before it finished']];
}
