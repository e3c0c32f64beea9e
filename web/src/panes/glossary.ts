// Plain words first: the glossary (a dialog behind the "?" menu), the terms the page links to it
// (hover shows the definition, a click or tap opens the glossary at it), and the trace words in
// plain language unless the reader asks for the scheduler's own names (the expert view).
import { TRACE_ARMS, TRACE_GATES, TRACE_OUTCOMES } from '../generated/vocabulary';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import { plainReason } from '../model/words';

export interface GlossaryEntry {
  id: string;
  term: string;
  text: string;
  expert?: string; // the scheduler's own name, shown in the expert view
}

// The page's terms, in reading order of a result.
export const TERMS: GlossaryEntry[] = [
  { id: 'ii', term: 'II (initiation interval)', text: 'The cycles between the starts of two consecutive loop iterations. A smaller II means a faster loop.' },
  { id: 'mii', term: 'MII (lower bound on the II)', text: 'The largest of the four bounds below: no schedule can have a smaller II.' },
  { id: 'resource-bound', term: 'resource bound', text: 'Every iteration must issue its ops on the machine’s units; the busiest unit needs this many cycles per iteration.' },
  { id: 'recurrence-bound', term: 'recurrence bound', text: 'A chain of dependences that comes back to itself through later iterations (a recurrence) needs its total latency spread over its total distance.' },
  { id: 'fine-density', term: 'footprint-fit bound', text: 'The smallest II at which every op’s own use of units, folded onto II cycles, does not collide with itself.', expert: 'fine density' },
  { id: 'dependency-bound', term: 'depth bound', text: 'What the ops’ stage constraints (maximum depth, same-stage groups) need.', expert: 'dependency bound' },
  { id: 'stage', term: 'stage', text: 'Which overlapped iteration an op runs in: stage 1 ops run one II after the stage 0 ops of the same iteration.' },
  { id: 'order', term: 'order', text: 'The position of an op among the ops of its stage.' },
  { id: 'cycle', term: 'cycle', text: 'When an op starts, counted from the start of its iteration.' },
  { id: 'latency', term: 'latency', text: 'Cycles from an op’s start until its result can be used.' },
  { id: 'distance', term: 'distance', text: 'How many iterations later a dependence is used: 0 inside one iteration, 1 in the next.' },
  { id: 'recurrence', term: 'recurrence', text: 'A cycle of dependences through the loop’s carried values; its latency limits how often the loop can start.' },
  { id: 'unit', term: 'unit (resource)', text: 'A part of the machine an op holds while it issues: a copy engine, a memory port, the tensor cores. A unit with capacity 2 serves two ops in the same cycle.', expert: 'slot / pool' },
  { id: 'footprint', term: 'footprint', text: 'The units an op holds in each cycle after it starts.' },
  { id: 'rrt', term: 'reservation table', text: 'A grid of II rows by units: which op holds which unit in each cycle of the steady state.', expert: 'RRT' },
  { id: 'trace', term: 'placement steps', text: 'How the scheduler placed each op at each II it tried: the method, the check that spoke and what happened.', expert: 'gate trace' },
  { id: 'check', term: 'check', text: 'One of the tests a candidate cycle must pass before an op is placed there.', expert: 'gate' },
  { id: 'method', term: 'method', text: 'The part of the scheduler that made a placement step.', expert: 'arm / rung' },
  { id: 'serial', term: 'serial schedule', text: 'Ops issued one after another in program order, without overlapping iterations.' },
  { id: 'cost-based', term: 'modulo schedule', text: 'Iterations overlap: a new one starts every II cycles, its ops spread over stages.', expert: 'cost-based generator' },
  { id: 'exhaustive', term: 'exhaustive search', text: 'A search that tries every placement at an II; when it finds none, no schedule exists at that II.' },
  { id: 'budget', term: 'search budget', text: 'How much placement work the scheduler may spend; when it runs out, smaller IIs may stay untried.' },
  { id: 'tma', term: 'TMA', text: 'The tensor memory accelerator: a copy engine that moves tiles between global and shared memory.' },
  { id: 'mma', term: 'MMA', text: 'A matrix multiply-accumulate on the tensor cores (WGMMA on Hopper, tcgen05 on Blackwell).' },
  { id: 'smem', term: 'shared memory (SMEM)', text: 'The on-chip memory of a multiprocessor that its threads and the copy engine share; its size per block is the SMEM budget.' },
  { id: 'tmem', term: 'tensor memory (TMEM)', text: 'Blackwell’s memory beside the tensor cores, where tcgen05 MMAs keep their accumulators.' },
  { id: 'buffer', term: 'buffer', text: 'Memory a value needs while it is in flight; a pipelined value needs one slot per stage it spans.' },
  { id: 'slots', term: 'slots', text: 'Copies of a buffer, so that one iteration can fill the next while another reads the last.' },
  { id: 'pipe', term: 'value kept across stages (pipe)', text: 'A producer-to-consumer channel between stages, with as many slots as stages it crosses; the IR names it %Pipe_N.', expert: 'Pipe_' },
  { id: 'mutex', term: 'shared unit taken in turn (mutex)', text: 'A unit that ops of different stages take one after another, with a lock around each use; the IR names it %Mutex_N.', expert: 'Mutex_' },
  { id: 'target', term: 'target', text: 'The GPU the IR was compiled for (cuda:90 is Hopper, cuda:100 Blackwell); it picks the machine model.' },
  { id: 'model', term: 'machine model', text: 'The latencies, units and memory sizes of a GPU that the scheduler plans for.' },
];

// The trace words, each with its plain word and the scheduler's name.
export const TRACE_TERMS: GlossaryEntry[] = [
  ...TRACE_ARMS.map((w) => ({ id: `arm-${w.name}`, term: w.plain, text: w.meaning, expert: w.name })),
  ...TRACE_GATES.filter((w) => w.name !== '-').map((w) => ({ id: `gate-${w.name}`, term: w.plain, text: w.meaning, expert: w.name })),
  ...TRACE_OUTCOMES.map((w) => ({ id: `outcome-${w.name}`, term: w.plain, text: w.meaning, expert: w.name })),
];

const entries = new Map([...TERMS, ...TRACE_TERMS].map((e) => [e.id, e]));

// A term linked to the glossary: hover shows its definition, a click or tap opens the glossary at it.
export function term(id: string, text?: string): HTMLElement {
  const e = entries.get(id);
  return h('button', { type: 'button', class: 'term', 'data-term': id, title: e?.text ?? '', 'aria-label': `${text ?? e?.term ?? id}: what is this?` },
    text ?? e?.term ?? id);
}

// The glossary dialog, one per page; `open(id)` scrolls to a term and marks it.
export class Glossary {
  readonly el = h('dialog', { class: 'glossary', 'data-testid': 'glossary', 'aria-labelledby': 'glossary-title' });
  private list = h('dl', {});

  constructor(root: ParentNode = document) {
    const close = h('button', { type: 'button', class: 'glossary-close', 'data-testid': 'glossary-close' }, 'Close');
    close.addEventListener('click', () => this.el.close());
    this.el.append(h('div', { class: 'glossary-head' }, h('h2', { id: 'glossary-title' }, 'Glossary'), close), this.list);
    this.el.addEventListener('click', (e) => {
      if (e.target === this.el) this.el.close(); // a click on the backdrop
    });
    root.addEventListener('click', (e) => {
      const t = (e.target as Element).closest?.('[data-term]') as HTMLElement | null;
      if (t && !this.el.contains(t)) this.open(t.dataset.term);
    });
  }

  private fill(): void {
    const row = (e: GlossaryEntry) => [
      h('dt', { id: `term-${e.id}`, 'data-term-id': e.id }, e.term, expertWords() && e.expert ? h('span', { class: 'muted small' }, ` (${e.expert})`) : null),
      h('dd', {}, plainReason(e.text, expertWords())),
    ];
    this.list.replaceChildren(
      ...TERMS.flatMap(row),
      h('dt', { class: 'glossary-section' }, 'Placement steps: the words'), h('dd', {}, 'Methods, checks and what happened, as the placement steps show them.'),
      ...TRACE_TERMS.flatMap(row));
  }

  open(id?: string): void {
    this.fill();
    if (!this.el.open) this.el.showModal();
    for (const el of this.list.querySelectorAll('.current')) el.classList.remove('current');
    const target = id ? this.list.querySelector(`[data-term-id="${id}"]`) : null;
    if (target) {
      target.classList.add('current');
      target.scrollIntoView({ block: 'center' });
    }
  }
}
