// "Why this II": the resource bound as the ops and units that add up to it, the recurrence bound as
// its cycle of ops and edges, and for each II below the block's what stopped it, with one sentence
// saying whether the search below was exhaustive or cut short. Every figure is the core's (JSON
// `mii.binding_ops`, `mii.critical_edges`, `below`, `optimality`); this only lays them out.
import type { Block, Op } from '../engine/types';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { unitLabel } from './format';
import { term } from './glossary';
import type { PaneFactory } from './pane';

const opRef = (block: Block, id: number): HTMLElement => {
  const op: Op | undefined = block.ops.find((o) => o.id === id);
  return h('span', { class: 'op-ref', 'data-op': id, title: op ? `${op.name} (line ${op.line})` : undefined },
    op ? op.label || `${op.name} (line ${op.line})` : `op ${id}`);
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// The search below the II in one sentence: exhaustive (the proof reached the II) or cut short by
// the budget (a lower bound below the II), never both.
export function searchSentence(block: Block): string | null {
  const o = block.optimality;
  const mii = block.mii;
  if (!o || !mii || block.status !== 'scheduled') return null;
  const lower = Math.max(mii.resource, mii.recurrence, mii.fine_density, mii.dependency);
  if (o.status === 'proven') {
    return block.ii > lower
      ? `The search below II ${block.ii} was exhaustive: no schedule exists at any II from ${lower} to ${block.ii - 1}.`
      : `II ${block.ii} equals the lower bound: no schedule can have a smaller II.`;
  }
  if (o.status === 'bound') {
    const from = o.lower_bound;
    return `The search below II ${block.ii} was cut short by the search budget: no schedule exists below II ${from}, but one at II ${from}${block.ii - 1 > from ? `–${block.ii - 1}` : ''} may exist. Raise the search budget (Options) to search further.`;
  }
  return null;
}

function resourceSection(block: Block): HTMLElement | null {
  const m = block.mii!;
  if (!m.binding || m.binding_ops.length === 0) return null;
  const total = m.binding_ops.reduce((n, s) => n + s.units, 0);
  const cap = Math.max(1, m.binding_capacity);
  return h('section', { class: 'why-part', 'data-testid': 'why-resource', 'data-bound': m.resource, 'data-capacity': cap },
    h('h3', {}, term('resource-bound', 'Resource bound'), ` ${m.resource}`),
    h('p', {}, 'The busiest ', term('unit', 'unit'), ' is ', unitLabel(m.binding, expertWords()),
      cap > 1 ? ` (${cap} per cycle)` : '', `: each iteration holds it for ${plural(total, 'cycle')}, from these ops.`),
    h('table', { class: 'why-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'op'), h('th', { class: 'num' }, 'cycles held'))),
      h('tbody', {}, ...m.binding_ops.map((s) =>
        h('tr', { 'data-testid': 'why-resource-op', 'data-op': s.op, 'data-units': s.units }, h('td', {}, opRef(block, s.op)), h('td', { class: 'num' }, s.units)))),
      h('tfoot', {}, h('tr', {}, h('th', {}, cap > 1 ? `total ${total} over ${cap} per cycle, rounded up` : 'total'),
        h('th', { class: 'num', 'data-testid': 'why-resource-total' }, cap > 1 ? `${total} / ${cap} → ${m.resource}` : total)))));
}

function recurrenceSection(block: Block): HTMLElement {
  const m = block.mii!;
  const head = h('h3', {}, term('recurrence-bound', 'Recurrence bound'), ` ${m.recurrence}`);
  if (m.critical_cycle.length === 0) {
    return h('section', { class: 'why-part', 'data-testid': 'why-recurrence' }, head,
      h('p', { class: 'muted' }, 'No dependence comes back to its op through later iterations: no recurrence limits the II.'));
  }
  let latency = 0;
  let distance = 0;
  const steps = m.critical_cycle.map((id, k) => {
    const next = m.critical_cycle[(k + 1) % m.critical_cycle.length];
    const e = m.critical_edges[k] >= 0 ? block.edges[m.critical_edges[k]] : undefined;
    latency += e?.latency ?? 0;
    distance += e?.distance ?? 0;
    return h('li', { 'data-testid': 'why-recurrence-edge' }, opRef(block, id), ' → ', opRef(block, next),
      h('span', { class: 'muted' }, e
        ? ` · ${e.kind} dependence, latency ${e.latency}${e.distance ? `, distance ${e.distance}` : ''}`
        : ' · kept in program order'));
  });
  return h('section', { class: 'why-part', 'data-testid': 'why-recurrence' }, head,
    h('p', {}, 'This ', term('recurrence'), ' runs through:'),
    h('ol', { class: 'why-cycle' }, ...steps),
    h('p', { 'data-testid': 'why-recurrence-sum' },
      `Total `, term('latency'), ` ${latency} over a total `, term('distance'), ` of ${distance} ${distance === 1 ? 'iteration' : 'iterations'}: `,
      distance > 0 ? `${latency} / ${distance}, rounded up, is ${m.recurrence} cycles per iteration.` : `${m.recurrence} cycles per iteration.`));
}

function belowSection(block: Block, lower: number): HTMLElement | null {
  if (block.status !== 'scheduled' || block.ii <= lower) return null;
  const byII = new Map(block.below.map((b) => [b.ii, b]));
  const rows: HTMLElement[] = [];
  // Runs of IIs nobody tried are one row, so a huge gap stays one line.
  for (let ii = lower; ii < block.ii;) {
    const b = byII.get(ii);
    if (!b) {
      let end = ii;
      while (end + 1 < block.ii && !byII.has(end + 1)) end++;
      rows.push(h('li', { 'data-testid': 'why-below', 'data-result': 'untried' },
        h('strong', {}, end > ii ? `II ${ii}–${end}` : `II ${ii}`), ': not tried before the search stopped'));
      ii = end + 1;
      continue;
    }
    const verdict: Array<Node | string> = b.result === 'infeasible'
      ? ['no schedule exists (', term('exhaustive', 'exhaustive search'), ')']
      : b.result === 'cut-short' ? ['not settled: the ', term('budget', 'search budget'), ' ran out here']
        : ['the placement heuristics gave up; a schedule may exist'];
    // Where the placement stopped: the op, and the unit that was busy.
    const stopped: Array<Node | string> = b.op < 0 ? [] : [
      h('br', {}), h('span', { class: 'muted' }, 'placement stopped at '), opRef(block, b.op),
      ...(b.resource ? [h('span', { class: 'muted' }, ': '), term('unit', 'unit'), ' ', unitLabel(b.resource, expertWords()), h('span', { class: 'muted' }, ' busy')] : [])];
    rows.push(h('li', { 'data-testid': 'why-below', 'data-result': b.result, 'data-ii': b.ii },
      h('strong', {}, `II ${b.ii}`), ': ', ...verdict, ...stopped,
      b.reason ? h('details', { class: 'why-reason' }, h('summary', { class: 'muted small' }, 'in detail'), h('div', { class: 'muted small' }, b.reason)) : null));
    ii++;
  }
  return h('section', { class: 'why-part', 'data-testid': 'why-below-list' },
    h('h3', {}, `Below II ${block.ii}`), h('ul', { class: 'why-below' }, ...rows));
}

export function renderWhyII(block: Block): HTMLElement {
  const m = block.mii;
  if (!m) {
    return h('p', { class: 'muted', 'data-testid': 'why-ii' }, block.generator === 'serial'
      ? 'A serial schedule issues the ops one after another: its II is the length of one iteration, with no bound to compare.'
      : 'No II: the block was not scheduled.');
  }
  const lower = Math.max(m.resource, m.recurrence, m.fine_density, m.dependency);
  const bounds: Array<[string, string, number]> = [
    ['resource-bound', 'resource', m.resource], ['recurrence-bound', 'recurrence', m.recurrence],
    ['fine-density', 'footprint fit', m.fine_density], ['dependency-bound', 'depth', m.dependency],
  ];
  const binding = bounds.filter(([, , v]) => v === lower).map(([id, label]) => term(id, label));
  const lead = block.status === 'scheduled'
    ? (block.ii > lower ? `II ${block.ii} is ${block.ii - lower} above its ` : `II ${block.ii} equals its `)
    : 'No schedule was found; the ';
  // At the bound the lead sentence says it all; above it, whether the search below was exhaustive.
  const sentence = block.ii > lower ? searchSentence(block) : null;
  return h('div', { class: 'why-ii', 'data-testid': 'why-ii' },
    h('p', { class: 'why-lead' }, lead, term('mii'), ` ${lower}, set by the `,
      ...binding.flatMap((t, k) => (k ? [' and ', t] : [t])), binding.length > 1 ? ' bounds.' : ' bound.'),
    sentence ? h('p', { class: 'why-search', 'data-testid': 'why-search' }, sentence) : null,
    resourceSection(block), recurrenceSection(block), belowSection(block, lower));
}

export const whyPane: PaneFactory = () => ({ render: ({ block }) => ({ body: renderWhyII(block) }) });
