// Timeline: several iterations overlapped at II, with the prologue, the steady-state kernel and
// the epilogue shaded; one band per iteration, bars coloured by stage. It is drawn on a canvas
// the size of the scroller's view, redrawn as it scrolls: a dense schedule puts thousands of
// bars in view at once, which as DOM nodes would cost tens of microseconds each (see
// docs/decisions.md). The canvas is one tab stop: Left/Right move along the iteration, Up/Down
// to the same op in the previous or next iteration, Enter shows the op in the source; the
// focused or hovered bar is described under the drawing (a live region).
import { h } from '../ui/dom';
import { connectedOrLater, onScrollFrame, viewportHeight, viewportWidth } from '../ui/windowing';
import type { Block, Op } from '../engine/types';
import { barsIn, timelineLayout, type Bar, type TimelineLayout } from '../model/timeline';
import { diffOps, matchOps } from '../model/compare';
import { opTitle } from './format';
import type { PaneFactory } from './pane';

const LANE = 13;
const GAP = 8;
const LEFT = 56;
const TOP = 22;
const MIN_PX = 6; // px per cycle at least: a long loop scrolls rather than packing bars a pixel apart

const barText = (b: Bar) => `iteration ${b.iteration}, stage ${b.op.stage}, cycle ${b.start}: ${opTitle(b.op)}`;

export interface TimelineEvents {
  linked: () => ReadonlySet<number>; // ops to outline (hovered or selected anywhere)
  onHover: (op: number | null) => void;
  onPick: (op: number) => void;
  moved?: ReadonlySet<number>; // a comparison: ops starting at another cycle on the other side (outlined, dashed)
}

export function renderTimeline(block: Block, events: TimelineEvents, width = 760): Timeline | null {
  const t = timelineLayout(block);
  return t ? new Timeline(t, events, width) : null;
}

export class Timeline {
  readonly el = h('div', { class: 'timeline-pane' });
  private scroller = h('div', { class: 'window-scroll timeline-scroll' });
  private canvas = h('canvas', {
    class: 'timeline', 'data-testid': 'timeline', tabindex: 0, role: 'application', 'aria-roledescription': 'timeline',
  });
  private detail = h('p', { class: 'focus-detail small', 'aria-live': 'polite', 'data-testid': 'timeline-detail' },
    'Hover a bar, or focus the timeline and use the arrow keys, to see its op.');
  private px: number;
  private band: number;
  private width: number;
  private height: number;
  private active = { index: 0, iteration: 0 }; // op (in cycle order) and iteration of the keyboard cursor
  private focused = false;

  constructor(private t: TimelineLayout, private events: TimelineEvents, width: number) {
    this.px = Math.min(40, Math.max(MIN_PX, (width - LEFT - 8) / t.end));
    this.band = t.lanes * LANE + GAP;
    this.width = Math.ceil(this.x(t.end) + 8);
    this.height = TOP + t.iterations * this.band + 8;
    this.detail.id = `timeline-detail-${++timelines}`;
    this.canvas.setAttribute('aria-describedby', this.detail.id);
    this.canvas.setAttribute('aria-label',
      `timeline: ${t.iterations} iterations of ${t.ops.length} ops overlapped at II ${t.ii}. Arrow keys move between bars, Enter shows the op in the source.`);
    this.scroller.append(h('div', { class: 'timeline-sizer', style: `width:${this.width}px;height:${this.height}px` }, this.canvas));
    this.el.append(timelineLegend(t), this.scroller, this.detail);
    onScrollFrame(this.scroller, () => this.draw());
    this.canvas.addEventListener('mousemove', (e) => {
      const b = this.barAt(e.offsetX, e.offsetY);
      this.events.onHover(b?.op.id ?? null);
      if (b) this.detail.textContent = barText(b);
    });
    this.canvas.addEventListener('mouseleave', () => this.events.onHover(null));
    this.canvas.addEventListener('click', (e) => {
      const b = this.barAt(e.offsetX, e.offsetY);
      if (!b) return;
      this.active = { index: b.index, iteration: b.iteration };
      this.events.onPick(b.op.id);
      this.draw();
    });
    this.canvas.addEventListener('keydown', (e) => this.onKey(e));
    this.canvas.addEventListener('focus', () => {
      this.focused = true;
      this.announce();
    });
    this.canvas.addEventListener('blur', () => {
      this.focused = false;
      this.events.onHover(null);
      this.draw();
    });
    this.draw();
  }

  // Redraws (the linked op changed).
  refresh(): void {
    this.draw();
  }

  private x(cycle: number): number {
    return LEFT + cycle * this.px;
  }

  // The view in content coordinates.
  private view(): { sx: number; sy: number; w: number; ht: number } {
    const sc = this.scroller;
    const w = Math.min(this.width, viewportWidth(sc, 760));
    const ht = Math.min(this.height, viewportHeight(sc, 420));
    return { w, ht, sx: Math.max(0, Math.min(sc.scrollLeft, this.width - w)), sy: Math.max(0, Math.min(sc.scrollTop, this.height - ht)) };
  }

  private barAt(cx: number, cy: number): Bar | null {
    const { sx, sy } = this.view();
    const x = cx + sx;
    const y = cy + sy;
    const it = Math.floor((y - TOP) / this.band);
    const lane = Math.floor((y - TOP - it * this.band) / LANE);
    if (it < 0 || it >= this.t.iterations || lane >= this.t.lanes) return null;
    const cycle = (x - LEFT) / this.px;
    return barsIn(this.t, it, cycle, cycle + 1e-9).find((b) => b.lane === lane) ?? null;
  }

  private draw(): void {
    const sc = this.scroller;
    if (!connectedOrLater(sc, () => this.draw())) return;
    const t = this.t;
    const { sx, sy, w, ht } = this.view();
    const ratio = globalThis.devicePixelRatio || 1;
    const c = this.canvas;
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(ht * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(ht * ratio);
      c.style.width = `${w}px`;
      c.style.height = `${ht}px`;
    }
    const g = c.getContext('2d');
    if (!g) return;
    const css = getComputedStyle(this.el);
    const color = (name: string) => css.getPropertyValue(name).trim() || '#888';
    g.setTransform(ratio, 0, 0, ratio, -sx * ratio, -sy * ratio);
    g.clearRect(sx, sy, w, ht);
    const from = (sx - LEFT) / this.px - 1;
    const to = (sx + w - LEFT) / this.px + 1;
    g.font = `10px ${color('--font-ui')}`;
    const phases: Array<[string, number, number]> = [
      ['prologue', 0, t.prologueEnd], ['kernel', t.prologueEnd, t.kernelEnd], ['epilogue', t.kernelEnd, t.end],
    ];
    for (const [name, a, b] of phases) {
      if (b <= a || b < from || a > to) continue;
      g.fillStyle = color(`--phase-${name}`);
      g.fillRect(this.x(a), TOP - 4, (b - a) * this.px, this.height - TOP);
      g.fillStyle = color('--fg-muted');
      g.fillText(name, Math.max(this.x(a), sx + LEFT) + 3, Math.max(12, sy + 12));
    }
    g.strokeStyle = color('--border');
    g.setLineDash([2, 2]);
    for (let cyc = Math.max(0, Math.ceil(from / t.ii)) * t.ii; cyc <= Math.min(t.end, to); cyc += t.ii) {
      g.beginPath();
      g.moveTo(this.x(cyc) + 0.5, TOP - 4);
      g.lineTo(this.x(cyc) + 0.5, this.height);
      g.stroke();
      g.fillText(String(cyc), this.x(cyc) + 2, sy + ht - 2);
    }
    g.setLineDash([]);
    const stages = [0, 1, 2, 3, 4, 5].map((k) => color(`--stage-${k}`));
    const linked = this.events.linked();
    const outlined: Array<[Bar, number]> = [];
    let bars = 0;
    for (let it = 0; it < t.iterations; it++) {
      const y0 = TOP + it * this.band;
      if (y0 + this.band < sy || y0 > sy + ht) continue;
      for (const b of barsIn(t, it, from, to)) {
        const y = y0 + b.lane * LANE;
        if (y + LANE < sy || y > sy + ht) continue;
        g.fillStyle = stages[b.op.stage % 6];
        const w = Math.max(2, b.length * this.px - 1);
        g.fillRect(this.x(b.start) + 0.5, y, w, LANE - 2);
        // A bar wide enough for its op's value (or short name) carries it.
        const label = b.op.label ?? b.op.name.replace(/^.*\./, '');
        if (w > 24) {
          g.save();
          g.beginPath();
          g.rect(this.x(b.start) + 0.5, y, w, LANE - 2);
          g.clip();
          g.fillStyle = '#111'; // dark on every stage colour (light and dark themes)
          g.fillText(label, this.x(b.start) + 3, y + LANE - 4);
          g.restore();
        }
        bars++;
        if (linked.has(b.op.id) || (this.focused && b.index === this.active.index && it === this.active.iteration)) outlined.push([b, y]);
      }
      g.fillStyle = color('--fg-muted');
      g.fillText(`iter ${it}`, sx + 4, y0 + LANE - 2);
    }
    const moved = this.events.moved;
    if (moved?.size) {
      g.strokeStyle = color('--diff');
      g.lineWidth = 2;
      g.setLineDash([3, 2]);
      for (let it = 0; it < t.iterations; it++) {
        const y0 = TOP + it * this.band;
        if (y0 + this.band < sy || y0 > sy + ht) continue;
        for (const b of barsIn(t, it, from, to)) {
          if (moved.has(b.op.id)) g.strokeRect(this.x(b.start) + 1, y0 + b.lane * LANE + 1, Math.max(2, b.length * this.px - 2), LANE - 4);
        }
      }
      g.setLineDash([]);
    }
    c.dataset.moved = String(moved?.size ?? 0);
    for (const [b, y] of outlined) {
      const cursor = this.focused && b.index === this.active.index && b.iteration === this.active.iteration;
      g.strokeStyle = cursor ? color('--fg') : color('--linked');
      g.lineWidth = cursor ? 2 : 2.5;
      g.strokeRect(this.x(b.start) + 0.5, y, Math.max(2, b.length * this.px - 1), LANE - 2);
    }
    g.lineWidth = 1;
    c.dataset.bars = String(bars);
  }

  private activeBar(): Bar {
    const op: Op = this.t.ops[this.active.index];
    const length = Math.max(1, op.footprint.length);
    return { op, index: this.active.index, iteration: this.active.iteration, start: op.cycle + this.active.iteration * this.t.ii, length, lane: this.t.lane[this.active.index] };
  }

  private announce(): void {
    const b = this.activeBar();
    this.detail.textContent = barText(b);
    this.events.onHover(b.op.id);
    this.draw();
  }

  private onKey(e: KeyboardEvent): void {
    const n = this.t.ops.length;
    const { index, iteration } = this.active;
    if (e.key === 'Enter') {
      this.events.onPick(this.t.ops[index].id);
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowRight: [index + 1, iteration], ArrowLeft: [index - 1, iteration],
      ArrowDown: [index, iteration + 1], ArrowUp: [index, iteration - 1],
      Home: [0, iteration], End: [n - 1, iteration],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    this.active = { index: Math.min(Math.max(0, to[0]), n - 1), iteration: Math.min(Math.max(0, to[1]), this.t.iterations - 1) };
    // Bring the bar into view.
    const b = this.activeBar();
    const sc = this.scroller;
    const x = this.x(b.start);
    const y = TOP + b.iteration * this.band + b.lane * LANE;
    if (x < sc.scrollLeft + LEFT || x > sc.scrollLeft + viewportWidth(sc) - 40) sc.scrollLeft = x - LEFT - 40;
    if (y < sc.scrollTop || y + LANE > sc.scrollTop + viewportHeight(sc)) sc.scrollTop = y - TOP;
    this.announce();
  }
}

let timelines = 0;

// The pane: the block's timeline; in a comparison both schedules, the ops that start at another
// cycle outlined. The other side's ops are linked through their counterparts here.
export const timelinePane: PaneFactory = (host) => {
  let timeline: Timeline | null = null;
  let otherTimeline: Timeline | null = null;
  const events = {
    linked: () => host.bus.active(),
    onHover: (op: number | null) => host.bus.hover(op),
    onPick: (op: number) => {
      host.bus.select(op);
      host.reveal(op);
    },
  };
  const none = () => h('p', { class: 'muted' }, 'No schedule to draw.');
  return {
    render({ block, other }) {
      if (!other) {
        timeline = renderTimeline(block, events);
        return { body: timeline?.el ?? none(), windowed: true };
      }
      const moved = new Set([...diffOps(block, other)].filter(([, f]) => f.has('cycle')).map(([id]) => id));
      const back = matchOps(other, block);
      const forth = matchOps(block, other);
      const otherMoved = new Set([...diffOps(other, block)].filter(([, f]) => f.has('cycle')).map(([id]) => id));
      timeline = renderTimeline(block, { ...events, moved });
      otherTimeline = renderTimeline(other, {
        linked: () => new Set([...host.bus.active()].map((id) => forth.get(id)).filter((id): id is number => id !== undefined)),
        onHover: (op) => host.bus.hover(op === null ? null : back.get(op) ?? null),
        onPick: (op) => {
          const id = back.get(op);
          if (id !== undefined) events.onPick(id);
        },
        moved: otherMoved,
      }, 700);
      const [a, b] = host.labels(block, other);
      return {
        body: h('div', { class: 'compare-timelines' },
          h('p', { class: 'muted small', 'data-testid': 'compare-timeline-summary' },
            moved.size ? `${moved.size} op${moved.size === 1 ? '' : 's'} start${moved.size === 1 ? 's' : ''} at another cycle (outlined)` : 'Every op starts at the same cycle on both sides.'),
          h('h3', { class: 'compare-side' }, a), timeline?.el ?? none(),
          h('h3', { class: 'compare-side' }, `compared with: ${b}`), otherTimeline?.el ?? none()),
        windowed: true,
      };
    },
    linksChanged() {
      if (timeline?.el.isConnected) timeline.refresh();
      if (otherTimeline?.el.isConnected) otherTimeline.refresh();
    },
  };
};

// What the colours and shading mean: bar colour = stage, bands = iterations, shading = the
// prologue (filling), kernel (steady state) and epilogue (draining), x = cycle.
function timelineLegend(t: TimelineLayout): HTMLElement {
  const stages = new Set(t.ops.map((o) => o.stage));
  return h('div', { class: 'timeline-legend small', 'data-testid': 'timeline-legend' },
    h('span', { class: 'muted' }, 'bar colour = stage:'),
    ...[...stages].sort((a, b) => a - b).slice(0, 12).map((k) => h('span', { class: 'lg-item' }, h('span', { class: `lg-swatch stage-bg-${k % 6}`, 'aria-hidden': 'true' }), ` stage ${k}`)),
    h('span', { class: 'muted' }, `· one band per iteration, started every ${t.ii} cycles · shading: prologue, kernel (steady state), epilogue · x: cycle · bar length: latency`));
}
