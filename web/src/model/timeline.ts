// Layout of the timeline: several iterations of the loop overlapped at II, split into the
// prologue (pipeline filling), the steady-state kernel and the epilogue (draining). Every
// iteration has the same shape, so the layout keeps one lane per op and the bars of any
// iteration and cycle window are found by binary search (the pane draws only what is in view).
import type { Block, Op } from '../engine/types';

export interface Bar {
  op: Op;
  index: number; // of op in TimelineLayout.ops
  iteration: number;
  start: number; // absolute cycle
  length: number;
  lane: number; // lane inside the iteration's band
}

export interface TimelineLayout {
  ii: number;
  iterations: number;
  lanes: number; // lanes per iteration
  ops: Op[]; // the scheduled ops by (cycle, id)
  lane: Int32Array; // lane of ops[i]
  longest: number; // longest bar, in cycles
  end: number; // last cycle drawn
  prologueEnd: number; // kernel window [prologueEnd, kernelEnd)
  kernelEnd: number;
}

// How long an op visibly occupies the timeline: its footprint rows, at least one cycle.
export function barLength(op: Op): number {
  return Math.max(1, op.footprint.length);
}

// Greedy interval packing (each op takes the lowest lane free at its cycle), shared by every
// iteration since they all have the same shape. Lanes are freed through a heap of end cycles
// and reused lowest first, so thousands of overlapping ops pack in O(n log n).
function assignLanes(ops: Op[]): { lane: Int32Array; lanes: number } {
  const lane = new Int32Array(ops.length);
  const busy = new MinHeap<[number, number]>((a, b) => a[0] - b[0] || a[1] - b[1]); // [end, lane]
  const free = new MinHeap<number>((a, b) => a - b);
  let lanes = 0;
  ops.forEach((op, i) => {
    while (busy.size && busy.peek()[0] <= op.cycle) free.push(busy.pop()[1]);
    const l = free.size ? free.pop() : lanes++;
    lane[i] = l;
    busy.push([op.cycle + barLength(op), l]);
  });
  return { lane, lanes: Math.max(1, lanes) };
}

// With S stages, from cycle (S-1)·II on every stage runs for some iteration (the kernel); once
// the last drawn iteration has left stage 0 (at iterations·II) no new one starts and the
// pipeline drains (the epilogue). S+1 iterations show the prologue, two kernel windows and the
// epilogue.
export function timelineLayout(block: Block, iterations = Math.max(block.stage_count + 1, 3)): TimelineLayout | null {
  const ops = block.ops.filter((o) => o.cycle >= 0).sort((a, b) => a.cycle - b.cycle || a.id - b.id);
  if (block.ii <= 0 || ops.length === 0) return null;
  const ii = block.ii;
  const stages = Math.max(1, block.stage_count);
  const { lane, lanes } = assignLanes(ops);
  let longest = 1;
  let last = 0;
  for (const op of ops) {
    longest = Math.max(longest, barLength(op));
    last = Math.max(last, op.cycle + barLength(op));
  }
  return {
    ii, iterations, lanes, ops, lane, longest,
    end: (iterations - 1) * ii + last,
    prologueEnd: (stages - 1) * ii,
    kernelEnd: iterations * ii,
  };
}

// The bars of `iteration` that meet cycles [from, to), in cycle order.
export function barsIn(t: TimelineLayout, iteration: number, from: number, to: number): Bar[] {
  const shift = iteration * t.ii;
  // First op whose bar can still reach `from`: cycle + longest > from - shift.
  let lo = 0;
  let hi = t.ops.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.ops[mid].cycle + t.longest <= from - shift) lo = mid + 1;
    else hi = mid;
  }
  const bars: Bar[] = [];
  for (let i = lo; i < t.ops.length && t.ops[i].cycle + shift < to; i++) {
    const op = t.ops[i];
    const start = op.cycle + shift;
    const length = barLength(op);
    if (start + length > from) bars.push({ op, index: i, iteration, start, length, lane: t.lane[i] });
  }
  return bars;
}

class MinHeap<T> {
  private items: T[] = [];
  constructor(private less: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T {
    return this.items[0];
  }

  push(x: T): void {
    const a = this.items;
    a.push(x);
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (this.less(a[i], a[p]) >= 0) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }

  pop(): T {
    const a = this.items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m]) < 0) m = l;
        if (r < a.length && this.less(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
