// Timeline SVG: several iterations overlapped at II, with the prologue, the steady-state kernel
// and the epilogue shaded. One band per iteration; bars coloured by stage.
import type { Block } from '../engine/types';
import { s } from '../app/dom';
import { timelineLayout } from '../model/timeline';
import { opTitle } from './format';

const LANE = 13;
const GAP = 8;
const LEFT = 56;
const TOP = 22;

export function renderTimeline(block: Block, width = 760): SVGSVGElement | null {
  const t = timelineLayout(block);
  if (!t) return null;
  const px = Math.min(40, Math.max(4, (width - LEFT - 8) / t.end));
  const band = t.lanes * LANE + GAP;
  const height = TOP + t.iterations * band + 8;
  const x = (cycle: number) => LEFT + cycle * px;
  const svg = s('svg', {
    class: 'timeline', 'data-testid': 'timeline', role: 'img',
    width: Math.ceil(x(t.end) + 8), height, viewBox: `0 0 ${Math.ceil(x(t.end) + 8)} ${height}`,
    'aria-label': `${t.iterations} iterations overlapped at II ${t.ii}`,
  });
  const phases: Array<[string, number, number]> = [
    ['prologue', 0, t.prologueEnd],
    ['kernel', t.prologueEnd, t.kernelEnd],
    ['epilogue', t.kernelEnd, t.end],
  ];
  for (const [name, from, to] of phases) {
    if (to <= from) continue;
    svg.append(
      s('rect', { class: `phase phase-${name}`, x: x(from), y: TOP - 4, width: (to - from) * px, height: height - TOP }),
      s('text', { class: 'phase-label', x: x(from) + 3, y: 12 }, name),
    );
  }
  for (let c = 0; c <= t.end; c += t.ii) {
    svg.append(s('line', { class: 'ii-tick', x1: x(c), x2: x(c), y1: TOP - 4, y2: height }),
      s('text', { class: 'tick-label', x: x(c) + 2, y: height - 1 }, c));
  }
  for (let it = 0; it < t.iterations; it++) {
    svg.append(s('text', { class: 'iter-label', x: 4, y: TOP + it * band + LANE - 2 }, `iter ${it}`));
  }
  for (const b of t.bars) {
    svg.append(s('rect', {
      class: `bar stage-${b.op.stage % 6}`, 'data-op': b.op.id,
      x: x(b.start) + 0.5, y: TOP + b.iteration * band + b.lane * LANE, width: Math.max(2, b.length * px - 1), height: LANE - 2, rx: 2,
    }, s('title', {}, `iteration ${b.iteration}, stage ${b.op.stage}, cycle ${b.start}: ${opTitle(b.op)}`)));
  }
  return svg;
}
