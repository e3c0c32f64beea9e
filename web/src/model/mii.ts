// The MII breakdown of the header: which of the four lower bounds (seed 001) binds, and the
// resource or recurrence behind it.
import type { Block } from '../engine/types';
import { tritonStagesApplied } from './stages';
import { unitName } from './units';

export interface BoundLine {
  key: 'resource' | 'recurrence' | 'fine_density' | 'dependency';
  label: string;
  value: number;
  binding: boolean; // equals the MII
  detail: string; // binding resource name or the critical recurrence, when known
}

export interface MIIExplanation {
  mii: number;
  bounds: BoundLine[];
  summary: string; // one sentence naming what binds
}

function opName(block: Block, id: number): string {
  const op = block.ops.find((o) => o.id === id);
  if (!op) return `op#${id}`;
  return op.label || `${op.name}@${op.line}`;
}

// The optimality certificate in plain words: whether a smaller II can exist, then whether fewer
// stages can at this II.
export function explainOptimality(block: Block): string | null {
  const o = block.optimality;
  if (!o || block.status !== 'scheduled') return null;
  const ii =
    o.status === 'proven'
      ? block.mii && block.ii > Math.max(block.mii.resource, block.mii.recurrence, block.mii.fine_density, block.mii.dependency)
        ? `II ${block.ii} is the best possible: an exhaustive search found no schedule with a smaller II`
        : `II ${block.ii} is the best possible: no schedule can have a smaller II`
      : `no schedule exists with an II below ${o.lower_bound}; one between ${o.lower_bound} and ${block.ii - 1} may exist`;
  return o.stage_bound > 0 ? `${ii}. ${explainStages(block)}` : ii;
}

// The length certificate: the fewest stages at the II. It speaks of the schedule the compaction
// left; Triton's load stages, applied after it, may add stages (model/stages says so).
function explainStages(block: Block): string {
  const o = block.optimality!;
  const c = block.compaction;
  const certified = c?.ran && c.stages_to > 0 ? c.stages_to : block.stage_count;
  const after = tritonStagesApplied(block) && certified !== block.stage_count ? `; Triton’s load stages make it ${block.stage_count}` : '';
  return o.stages_proven
    ? `${certified} stage(s), the fewest at this II${after}`
    : `${certified} stage(s); no schedule at this II has fewer than ${o.stage_bound}${after}`;
}

// `expert`: the binding unit by the model's own name (else in plain words).
export function explainMII(block: Block, expert = false): MIIExplanation | null {
  const m = block.mii;
  if (!m) return null;
  const mii = Math.max(m.resource, m.recurrence, m.fine_density, m.dependency);
  const cycle = m.critical_cycle.map((id) => opName(block, id));
  const recurrence = cycle.length ? [...cycle, cycle[0]].join(' → ') : '';
  const bounds: BoundLine[] = [
    { key: 'resource', label: 'resource', value: m.resource, binding: false, detail: m.binding && unitName(m.binding, expert) },
    { key: 'recurrence', label: 'recurrence', value: m.recurrence, binding: false, detail: recurrence },
    { key: 'fine_density', label: 'footprint fit', value: m.fine_density, binding: false, detail: '' },
    { key: 'dependency', label: 'depth', value: m.dependency, binding: false, detail: '' },
  ];
  for (const b of bounds) b.binding = mii > 0 && b.value === mii;
  const binding = bounds.filter((b) => b.binding);
  const reasons = binding.map((b) => (b.detail ? `${b.label} (${b.detail})` : b.label));
  let summary = mii > 0 ? `MII ${mii}, bound by ${reasons.join(' and ')}` : 'MII 0: no bound applies';
  if (block.ii > mii && mii > 0) summary += `; II is ${block.ii - mii} above it`;
  return { mii, bounds, summary };
}
