// Layout of the timeline: several iterations of the loop overlapped at II, split into the
// prologue (pipeline filling), the steady-state kernel and the epilogue (draining).
import type { Block, Op } from '../engine/types';

export interface Bar {
  op: Op;
  iteration: number;
  start: number; // absolute cycle
  length: number;
  lane: number; // lane inside the iteration's band
}

export interface TimelineLayout {
  ii: number;
  iterations: number;
  lanes: number; // lanes per iteration
  bars: Bar[];
  end: number; // last cycle drawn
  prologueEnd: number; // kernel window [prologueEnd, kernelEnd)
  kernelEnd: number;
}

// How long an op visibly occupies the timeline: its footprint rows, at least one cycle.
export function barLength(op: Op): number {
  return Math.max(1, op.footprint.length);
}

// Greedy interval packing, shared by every iteration since they all have the same shape.
function assignLanes(ops: Op[]): Map<number, number> {
  const sorted = [...ops].sort((a, b) => a.cycle - b.cycle || a.id - b.id);
  const laneEnds: number[] = [];
  const lanes = new Map<number, number>();
  for (const op of sorted) {
    let lane = laneEnds.findIndex((end) => end <= op.cycle);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = op.cycle + barLength(op);
    lanes.set(op.id, lane);
  }
  return lanes;
}

// With S stages, from cycle (S-1)·II on every stage runs for some iteration (the kernel); once
// the last drawn iteration has left stage 0 (at iterations·II) no new one starts and the
// pipeline drains (the epilogue). S+1 iterations show the prologue, two kernel windows and the
// epilogue.
export function timelineLayout(block: Block, iterations = Math.max(block.stage_count + 1, 3)): TimelineLayout | null {
  const ops = block.ops.filter((o) => o.cycle >= 0);
  if (block.ii <= 0 || ops.length === 0) return null;
  const ii = block.ii;
  const stages = Math.max(1, block.stage_count);
  const lanes = assignLanes(ops);
  const bars: Bar[] = [];
  let end = 0;
  for (let it = 0; it < iterations; it++) {
    for (const op of ops) {
      const start = it * ii + op.cycle;
      const length = barLength(op);
      bars.push({ op, iteration: it, start, length, lane: lanes.get(op.id)! });
      end = Math.max(end, start + length);
    }
  }
  return {
    ii, iterations, bars, end,
    lanes: Math.max(1, ...lanes.values()) + 1,
    prologueEnd: (stages - 1) * ii,
    kernelEnd: iterations * ii,
  };
}
