// The gate trace as the trace pane reads it: filters, "jump to the step that placed (rejected) an
// op", and each entry's explanation in words. The words and their meanings are the core's own
// vocabulary (generated/vocabulary.ts, exported from C++ at build time).
import type { Block, Op, TraceEntry } from '../engine/types';
import { plainReason, traceWord } from './words';
import { unitName } from './units';
import { TRACE_ARMS, TRACE_GATES, TRACE_OUTCOMES, type TraceGate } from '../generated/vocabulary';

const meanings = new Map<string, string>([
  ...TRACE_ARMS.map((w) => [`arm:${w.name}`, w.meaning] as const),
  ...TRACE_GATES.map((w) => [`gate:${w.name}`, w.meaning] as const),
  ...TRACE_OUTCOMES.map((w) => [`outcome:${w.name}`, w.meaning] as const),
]);

// A trace word's meaning, in plain words unless `expert` (the vocabulary's meanings use the seed's names).
export const meaning = (kind: 'arm' | 'gate' | 'outcome', word: string, expert: boolean): string => plainReason(meanings.get(`${kind}:${word}`) ?? '', expert);

// Every gate a verdict can name, in the vocabulary's order (G1-G4, the probe, the dependences).
export const VERDICT_GATES: readonly TraceGate[] = TRACE_GATES.map((g) => g.name).filter((g) => g !== '-');

export interface TraceFilter {
  op: string; // '' = all, else text the op's label, name or line must contain ("%t0", "wait", "12")
  arm: string;
  gate: string;
  outcome: string;
  trials: boolean; // include the arms' trial seating
}

export const NO_FILTER: TraceFilter = { op: '', arm: '', gate: '', outcome: '', trials: true };

export function filterTrace(trace: TraceEntry[], f: TraceFilter, opById: Map<number, Op>): TraceEntry[] {
  const q = f.op.trim().toLowerCase();
  const opMatches = (id: number) => {
    const op = opById.get(id);
    return op !== undefined && (op.label.toLowerCase() === q || String(op.line) === q || op.name.toLowerCase().includes(q) ||
      (q.startsWith('%') && op.label.toLowerCase().includes(q)));
  };
  return trace.filter((t) =>
    (f.trials || !t.trial) && (q === '' || opMatches(t.op)) && (f.arm === '' || t.arm === f.arm) &&
    (f.gate === '' || t.gate === f.gate) && (f.outcome === '' || t.outcome === f.outcome));
}

// A verdict against the candidate: any gate said no.
export const isRejection = (t: TraceEntry) => t.gate !== '-' && t.outcome !== 'release' && t.op >= 0;

export interface JumpQuery {
  op: number;
  what: 'placed' | 'rejected';
  cycle: number | null; // rejected at this candidate cycle (null: any)
}

// The step a jump goes to, or -1. Placed: the op's last commit that was not a trial, on the table
// of the block's II when there is one (the seat it kept). Rejected: its first rejection (at the
// cycle, when given), one that was not a trial before a trial one.
export function findStep(block: Block, q: JumpQuery): number {
  const trace = block.trace ?? [];
  if (q.what === 'placed') {
    let any = -1, atII = -1;
    for (const t of trace) {
      if (t.op !== q.op || t.outcome !== 'commit' || t.trial) continue;
      any = t.step;
      if (t.ii === block.ii) atII = t.step;
    }
    return atII >= 0 ? atII : any;
  }
  const matches = trace.filter((t) => t.op === q.op && isRejection(t) && (q.cycle === null || t.cycle === q.cycle));
  return (matches.find((t) => !t.trial) ?? matches[0])?.step ?? -1;
}

export interface ExplainLine {
  label: string;
  text: string;
  ops?: number[]; // ops the line names (linked)
}

// The entry in words: what was tried, which gate said what, the cells or bounds behind it.
// `expert`: the scheduler's own names for the trace words (else plain words).
export function explainEntry(t: TraceEntry, block: Block, expert = false): ExplainLine[] {
  const ops = new Map(block.ops.map((o) => [o.id, o]));
  const name = (id: number) => {
    const op = ops.get(id);
    return op ? op.label || `#${op.id} ${op.name}` : `#${id}`;
  };
  const resource = (i: number) => unitName(block.rrt?.resources[i]?.name ?? `resource ${i}`, expert);
  const out: ExplainLine[] = [];
  const stage = (cycle: number) => (t.ii > 0 ? `, stage ${Math.floor(cycle / t.ii)}` : '');
  const who = `${traceWord('arm', t.arm, expert)}${meaning('arm', t.arm, expert) ? ` (${meaning('arm', t.arm, expert)})` : ''}${t.trial ? ', trying an alternative it undoes' : ''}`;
  out.push({ label: 'by', text: who });
  if (t.op >= 0) {
    const what = t.partner >= 0 ? `${name(t.op)} with ${name(t.partner)}` : name(t.op);
    out.push({ label: 'op', text: t.cycle >= 0 ? `${what} at cycle ${t.cycle}${stage(t.cycle)}, II ${t.ii}` : `${what}, II ${t.ii}`, ops: [t.op] });
  }
  out.push({ label: 'outcome', text: `${traceWord('outcome', t.outcome, expert)}: ${meaning('outcome', t.outcome, expert)}` });
  if (t.gate !== '-') out.push({ label: expert ? 'gate' : 'check', text: `${traceWord('gate', t.gate, expert)}: ${meaning('gate', t.gate, expert)}` });
  // One line per run of consecutive rows of a resource with the same holders (a long footprint
  // conflicts in every row it spans: "tma in rows 1–8, held by %ta", not eight lines).
  const cells = [...t.conflicts].sort((a, b) => a.resource - b.resource || a.row - b.row);
  for (let i = 0; i < cells.length;) {
    const c = cells[i];
    const holders = c.ops.join();
    let j = i + 1;
    while (j < cells.length) {
      const d = cells[j];
      if (d.resource !== c.resource || d.row !== cells[j - 1].row + 1 || d.ops.join() !== holders) break;
      j++;
    }
    const last = cells[j - 1].row;
    out.push({
      label: 'conflict',
      text: `${resource(c.resource)} in ${last > c.row ? `rows ${c.row}–${last}` : `row ${c.row}`}${c.ops.length ? `, held by ${c.ops.map(name).join(', ')}` : ''}`,
      ops: c.ops,
    });
    i = j;
  }
  for (const b of t.bounds) {
    const edge = b.edge >= 0 ? block.edges[b.edge] : undefined;
    const via = b.op < 0 ? 'its own dependence depth'
      : edge ? `the ${edge.kind} edge ${name(edge.src)} → ${name(edge.dst)} (latency ${edge.latency}${edge.distance ? `, distance ${edge.distance}` : ''}) from ${name(b.op)}'s seat${b.path ? ', through ops not seated yet' : ''}`
        : `a dependence path ${b.side === 'earliest' ? 'from' : 'to'} ${name(b.op)} through ops not seated yet`;
    out.push({ label: b.side, text: `no ${b.side === 'earliest' ? 'earlier' : 'later'} than cycle ${b.cycle}: ${via}`, ops: b.op >= 0 ? [b.op] : [] });
  }
  if (t.gate === 'G1' && t.leader >= 0) out.push({ label: 'waits for', text: name(t.leader), ops: [t.leader] });
  if (t.gate === 'G2' && t.stage >= 0) out.push({ label: 'depth', text: `${t.stage + 1}, above its maximum depth ${t.limit}` });
  if (t.gate === 'G4' && t.stage >= 0) out.push({ label: 'stages', text: `candidate stage ${t.stage}, its group at stage ${t.limit}` });
  if (t.reason) out.push({ label: 'reason', text: plainReason(t.reason, expert) });
  return out;
}
