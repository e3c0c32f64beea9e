// Side-by-side comparison of two schedules: the current source and options against the same with
// one thing changed (a generator, a target model, an II cap, a serial threshold) or against a
// pinned earlier version of the source. Ops are matched by their SSA label (a before/after edit
// renumbers them), tables by resource name and modulo row (two target models name different
// resources).
import { BUILTIN_MODELS, OPTION_SPECS, type BuiltinModel, type GeneratorChoice, type ModelChoice, type OptionSpec, type ScheduleOptions } from '../engine/options';
import type { Block, Op, RRT } from '../engine/types';

// The other side: what differs from the current source and options (one key at a time in the
// page; a link may carry several).
export interface CompareSpec {
  generator?: GeneratorChoice;
  model?: BuiltinModel | 'custom';
  modelJson?: string; // the other side's edited model, when model is 'custom'
  iiCap?: number;
  serialThreshold?: number;
  source?: string; // a pinned earlier version of the source
}

// The options a comparison can change besides the generator and the model, as the option table
// (core/contract/options.json) declares them: their words, range and share-link key come from it.
export type ComparedOption = 'iiCap' | 'serialThreshold';
export const COMPARED_OPTIONS = OPTION_SPECS.filter((spec) => spec.key === 'iiCap' || spec.key === 'serialThreshold') as
  readonly (OptionSpec & { key: ComparedOption })[];

// The source and options the other side runs.
export function compareInputs(spec: CompareSpec, source: string, options: ScheduleOptions): { source: string; options: ScheduleOptions } {
  const o = { ...options };
  if (spec.generator !== undefined) o.generator = spec.generator;
  if (spec.model !== undefined) {
    o.model = spec.model;
    if (spec.model === 'custom') o.modelJson = spec.modelJson ?? '';
  }
  if (spec.iiCap !== undefined) o.iiCap = spec.iiCap;
  if (spec.serialThreshold !== undefined) o.serialThreshold = spec.serialThreshold;
  return { source: spec.source ?? source, options: o };
}

const MODEL_NAMES: Record<ModelChoice, string> = {
  ir: 'the IR’s target',
  blackwell: 'Blackwell',
  hopper: 'Hopper',
  'hopper-measured': 'Hopper (measured on an H100)',
  'blackwell-measured': 'Blackwell (B200 cycles, public figures)',
  custom: 'the edited model',
};
export const isBuiltinModel = (m: unknown): m is BuiltinModel => (BUILTIN_MODELS as readonly unknown[]).includes(m);
// A model choice in words; `used`, the model a run of the choice used, names what the IR picked.
export const modelName = (m: ModelChoice, used?: string): string =>
  m === 'ir' && isBuiltinModel(used) ? `${MODEL_NAMES[used]} (from the IR)` : MODEL_NAMES[m];

// What one side is, in words: "Hopper", "II cap 4", "the pinned source" ("this schedule" for the
// current side when the spec is for the other one). `used`: the model the current side's run used.
export function sideLabel(spec: CompareSpec | null, options: ScheduleOptions, used?: string): string {
  const parts: string[] = [];
  const current = spec === null;
  const s = spec ?? {};
  if (current || s.generator !== undefined) parts.push(`generator ${current ? options.generator : s.generator}`);
  if (s.model !== undefined) parts.push(modelName(s.model));
  else if (current) parts.push(modelName(options.model, used));
  if (s.iiCap !== undefined) parts.push(s.iiCap > 0 ? `II cap ${s.iiCap}` : 'automatic II cap');
  if (s.serialThreshold !== undefined) parts.push(`serial threshold ${s.serialThreshold}`);
  if (s.source !== undefined) parts.push('the pinned source');
  return parts.join(', ');
}

// The current side's words, naming what the other side changes (so both headings say the same kind of thing).
export function currentLabel(spec: CompareSpec, options: ScheduleOptions, used?: string): string {
  const parts: string[] = [];
  if (spec.generator !== undefined) parts.push(`generator ${options.generator}`);
  if (spec.model !== undefined) parts.push(modelName(options.model, used));
  if (spec.iiCap !== undefined) parts.push(options.iiCap > 0 ? `II cap ${options.iiCap}` : 'automatic II cap');
  if (spec.serialThreshold !== undefined) parts.push(`serial threshold ${options.serialThreshold}`);
  if (spec.source !== undefined) parts.push('the source as edited');
  return parts.join(', ') || sideLabel(null, options, used);
}

// Both headings of a comparison: this side, the other side.
export function compareLabels(s: { compare: CompareSpec | null; options: ScheduleOptions }, used?: string): [string, string] {
  return s.compare ? [currentLabel(s.compare, s.options, used), sideLabel(s.compare, s.options)] : ['', ''];
}

// Ops are matched by label (the nth op labelled %x on each side), else by program position.
function opKeys(ops: Op[]): Map<string, Op> {
  const seen = new Map<string, number>();
  const out = new Map<string, Op>();
  ops.forEach((op, i) => {
    const base = op.label || `#${i}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}/${n}`, op);
  });
  return out;
}

// op id of `a` -> the id of its counterpart in `b`.
export function matchOps(a: Block, b: Block): Map<number, number> {
  const other = opKeys(b.ops);
  const out = new Map<number, number>();
  for (const [key, op] of opKeys(a.ops)) {
    const o = other.get(key);
    if (o) out.set(op.id, o.id);
  }
  return out;
}

export type OpField = 'stage' | 'order' | 'cycle';
export const COMPARED_FIELDS: readonly OpField[] = ['stage', 'order', 'cycle'];

// op id of `a` -> the fields whose values differ from its counterpart in `b`; an op with no
// counterpart (added by an edit) differs in every field.
export function diffOps(a: Block, b: Block): Map<number, Set<OpField>> {
  const match = matchOps(a, b);
  const other = new Map(b.ops.map((o) => [o.id, o]));
  const out = new Map<number, Set<OpField>>();
  for (const op of a.ops) {
    const id = match.get(op.id);
    const o = id === undefined ? undefined : other.get(id);
    const fields = new Set(o ? COMPARED_FIELDS.filter((f) => op[f] !== o[f]) : COMPARED_FIELDS);
    if (fields.size) out.set(op.id, fields);
  }
  return out;
}

// A row of the comparison table, read from the old side to the new: each field is its value on
// both sides ("3 → 5"), one value where they agree, and words, never the unplaced sentinel -1,
// for an op one side did not place. An op only one side has gets a row too.
export interface CompareRow {
  op: Op; // the new side's op, else the old side's
  only: 'old' | 'new' | null;
  cells: Array<{ text: string; differs: boolean }>;
}

const placedText = (v: number) => (v >= 0 ? String(v) : 'not placed');

export function compareRows(oldBlock: Block, newBlock: Block, all: boolean): CompareRow[] {
  const match = matchOps(newBlock, oldBlock);
  const olds = new Map(oldBlock.ops.map((o) => [o.id, o]));
  const rows: CompareRow[] = [];
  for (const op of newBlock.ops) {
    const id = match.get(op.id);
    const old = id === undefined ? undefined : olds.get(id);
    if (!old) {
      rows.push({ op, only: 'new', cells: COMPARED_FIELDS.map((f) => ({ text: placedText(op[f]), differs: true })) });
      continue;
    }
    const cells = COMPARED_FIELDS.map((f) => old[f] === op[f]
      ? { text: placedText(op[f]), differs: false }
      : { text: `${placedText(old[f])} → ${placedText(op[f])}`, differs: true });
    if (all || cells.some((c) => c.differs)) rows.push({ op, only: null, cells });
  }
  const matched = new Set(match.values());
  for (const op of oldBlock.ops) {
    if (!matched.has(op.id)) rows.push({ op, only: 'old', cells: COMPARED_FIELDS.map((f) => ({ text: placedText(op[f]), differs: true })) });
  }
  return rows;
}

export interface BlockSummaryDiff {
  ii: boolean;
  stage_count: boolean;
  status: boolean;
  generator: boolean;
}

export function diffSummary(a: Block, b: Block): BlockSummaryDiff {
  return {
    ii: a.ii !== b.ii,
    stage_count: a.stage_count !== b.stage_count,
    status: a.status !== b.status,
    generator: a.generator !== b.generator,
  };
}

// The cells of `a`'s table ([modulo row, resource index]) whose holders differ from the same
// cell of `b`'s (the same row, a resource of the same name; ops matched as above). A cell `a`
// leaves empty is listed when `b` fills it.
export function diffCells(a: Block, ta: RRT, b: Block, tb: RRT | null): Array<[number, number]> {
  const match = matchOps(a, b);
  const cellsOf = (t: RRT, id: (op: number) => number) => {
    const m = new Map<string, string>();
    for (const r of t.occupied) {
      for (const c of r.cells) m.set(`${r.row}:${t.resources[c.resource]?.name}`, c.ops.map(id).sort((x, y) => x - y).join(','));
    }
    return m;
  };
  const mine = cellsOf(ta, (op) => match.get(op) ?? -1 - op);
  const theirs = tb ? cellsOf(tb, (op) => op) : new Map<string, string>();
  const index = new Map(ta.resources.map((r, i) => [r.name, i]));
  const out: Array<[number, number]> = [];
  for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
    if (mine.get(key) === theirs.get(key)) continue;
    const [row, name] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
    const resource = index.get(name);
    if (resource !== undefined && row < ta.ii) out.push([row, resource]);
  }
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
