import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import type { ScheduleEstimate } from '../../src/engine/types';
import { boundText, iiBeyondEstimate, scheduleTime } from '../../src/panes/estimate';
import { fixture } from './helpers';

describe('performance estimate words', () => {
  it('say the time as a range with what limits it, in hardware words', () => {
    const e = parseDocument(fixture('native-hopper-tma-wgmma-gemm.json')).blocks[0].estimate!;
    expect(scheduleTime(e.schedule)).toBe('464.8–591.8 ns per iteration, limited by L2 → SM bandwidth: 32 KiB per iteration');
    expect(e.ii_units).toBe('seed');
    expect(e.tflops_per_gpu).toEqual([524.485, 667.719]);
  });
  it('tell a measured model\'s II apart from the estimate where the II is the longer', () => {
    const block = parseDocument(fixture('native-hopper-tma-wgmma-gemm.json')).blocks[0];
    expect(iiBeyondEstimate(block)).toBeNull();  // the seed model's II is in cost units
    const e = { ...block.estimate!, ii_units: 'sm-cycles' as const };
    expect(iiBeyondEstimate({ ...block, estimate: e, ii: 1747 })).toBeNull();  // 1747 / 4 CTAs is within 864-1100
    const one = { ...e, schedule: { ...e.schedule, ctas_per_sm: 1 } };
    expect(iiBeyondEstimate({ ...block, estimate: one, ii: 1747 })).toBe(
      'The II (1,747 SM cycles, 1 CTA per SM) is longer than this estimate: the estimate comes from the GPU\'s measured rates, the II from the model\'s footprints.');
  });
  it('give no TFLOP/s where the FLOPs per iteration are not known', () => {
    const e = parseDocument(fixture('native-seed-worked-example.json')).blocks[0].estimate!;
    expect(e.flops_per_iteration).toBeNull();
    expect(e.tflops_per_gpu).toBeNull();
  });
  it('write arrows and plural CTAs for people, and say when no CTA fits', () => {
    expect(boundText("one CTA's MMA waits and elementwise work in turn, 2 CTA(s) per SM")).toBe("one CTA's MMA waits and elementwise work in turn, 2 CTAs per SM");
    expect(boundText('latency: 4 tile(s) of a load in flight per SM')).toBe('latency: 4 tiles of a load in flight per SM');
    const none: ScheduleEstimate = { cycles_per_iteration: [0, 0], ns_per_iteration: [0, 0],
      bound: 'no CTA fits on an SM: 256 KiB of SMEM per CTA', tiles_in_flight: 0, smem_per_cta: 262144, ctas_per_sm: 0,
      cta_limit: '', bounds: [] };
    expect(scheduleTime(none)).toBe('does not run: no CTA fits on an SM: 256 KiB of SMEM per CTA');
  });
});
