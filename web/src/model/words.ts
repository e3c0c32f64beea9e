// The trace words as the page shows them: plain by default, the scheduler's own names (the
// vocabulary's `name`) in the expert view (ui/expert-words.ts holds the reader's choice).
import { TRACE_ARMS, TRACE_GATES, TRACE_OUTCOMES } from '../generated/vocabulary';
import { plainUnits } from './units';

const byKind = {
  arm: new Map<string, { plain: string; meaning: string }>(TRACE_ARMS.map((w) => [w.name, w])),
  gate: new Map<string, { plain: string; meaning: string }>(TRACE_GATES.map((w) => [w.name, w])),
  outcome: new Map<string, { plain: string; meaning: string }>(TRACE_OUTCOMES.map((w) => [w.name, w])),
};

// A trace word as the page shows it: plain by default, the scheduler's name in the expert view.
export function traceWord(kind: 'arm' | 'gate' | 'outcome', name: string, expert: boolean): string {
  if (expert || name === '-') return name;
  return byKind[kind].get(name)?.plain ?? name;
}

// The admission gates as a sentence names them.
const GATE_NOUNS: Record<string, string> = { G1: 'the leader check', G2: 'the depth check', G3: 'the resource check', G4: 'the group-stage check' };

// The seed's names for the scheduler's parts in the vocabulary's meanings and the core's
// sentences, as the page's plain words call them (the glossary's method, check, given up).
const SEED_TERMS: Array<[RegExp, string]> = [
  [/the strategy ladder/g, 'the methods in turn'], [/\brung\b/g, 'method'], [/ \(pending set\)/g, ''],
  [/reservation-table probe/g, 'reservation-table check'], [/dead marks wiped/g, 'given-up ops cleared'],
  [/\bmarked dead\b/g, 'given up'], [/\bgates\b/g, 'checks'], [/\bgate\b/g, 'check'], [/\barms\b/g, 'methods'], [/\barm(?=\b|')/g, 'method'],
];

// The scheduler's names inside a sentence of the core (a trace reason, a diagnostic), in plain
// words unless the expert view is on: "II 26 by rau-refinement" -> "II 26 by previous order",
// "so G2 treats this op" -> "so the depth check treats this op".
const HYPHENATED = [...TRACE_ARMS].filter((w) => w.name.includes('-')).sort((a, b) => b.name.length - a.name.length);
export function plainReason(text: string, expert: boolean): string {
  if (expert) return text;
  let out = text;
  for (const w of HYPHENATED) out = out.split(w.name).join(w.plain);
  out = out.replace(/\bG([1-4])\b/g, (g) => GATE_NOUNS[g]).replace(/, structural distance \d+ \([^)]*\)/, '');
  for (const [word, plain] of SEED_TERMS) out = out.replace(word, plain);
  return plainUnits(out, false);
}
