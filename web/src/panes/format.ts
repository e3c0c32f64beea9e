// Shared text formatting of ops and footprints.
import type { Footprint, Op } from '../engine/types';

// "tma+tp_smem_wr · tma": one group per cycle after issue, "·" between cycles, "∅" for a free cycle.
export function footprintText(f: Footprint): string {
  if (f.length === 0) return '—';
  return f.map((row) => (row.length ? row.join('+') : '∅')).join(' · ');
}

export function opShortName(op: Op): string {
  const dot = op.name.lastIndexOf('.');
  return dot >= 0 ? op.name.slice(dot + 1) : op.name;
}

export function opTitle(op: Op): string {
  return `${op.label ? op.label + ' = ' : ''}${op.name} (line ${op.line})`;
}
