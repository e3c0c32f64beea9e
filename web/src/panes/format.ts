// Shared text formatting of ops and footprints.
import type { Footprint, Op } from '../engine/types';
import { unitName, unitTitle } from '../model/units';
import { h } from '../ui/dom';

// "tma+tp_smem_wr · tma": one group per cycle after issue, "·" between cycles, "∅" for a free
// cycle; with `expert` off the units are named in plain words ("TMA copy engine + ...").
export function footprintText(f: Footprint, expert = true): string {
  if (f.length === 0) return '—';
  return f.map((row) => (row.length ? row.map((r) => unitName(r, expert)).join(expert ? '+' : ' + ') : '∅')).join(' · ');
}

// A unit named in a sentence: its plain name (the model's own in the expert view), its meaning on hover.
export const unitLabel = (name: string, expert: boolean): HTMLElement =>
  h(expert ? 'code' : 'span', { class: 'unit-name', title: unitTitle(name) }, unitName(name, expert));

// A nested loop's footprint is its inner schedule laid out over its iterations, too long to spell
// out: the cycles it spans and the units of each resource, in first-use order.
export function nestedFootprintText(f: Footprint, expert = true): string {
  const units = new Map<string, number>();
  for (const row of f) for (const r of row) units.set(unitName(r, expert), (units.get(unitName(r, expert)) ?? 0) + 1);
  const list = [...units].map(([r, n]) => `${r} ×${n}`).join(', ');
  return `${f.length} cycles of its schedule${list ? `: ${list}` : ''}`;
}

export function opShortName(op: Op): string {
  const dot = op.name.lastIndexOf('.');
  return dot >= 0 ? op.name.slice(dot + 1) : op.name;
}

export function opTitle(op: Op): string {
  return `${op.label ? op.label + ' = ' : ''}${op.name} (line ${op.line})`;
}
