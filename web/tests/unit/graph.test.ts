import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/engine/parse';
import type { Block, Edge, Op } from '../../src/engine/types';
import { GRAPH_OP_LIMIT, edgeText, graphView } from '../../src/model/graph';
import { layoutGraph } from '../../src/model/graph-layout';
import { fixture } from './helpers';

const hopper = (): Block => parseDocument(fixture('native-hopper-tma-wgmma-gemm.json')).blocks[0];

// A chain of `n` ops, each op i feeding i + 1, stages of 100 ops, the last carried back to the first.
function chain(n: number): Block {
  const base = hopper();
  const ops: Op[] = Array.from({ length: n }, (_, i) => ({
    ...base.ops[0], id: i, label: `%v${i}`, line: i + 1, stage: Math.floor(i / 100), cycle: i, order: i % 100, footprint: [['alu']],
  }));
  const edges: Edge[] = ops.slice(1).map((o) => ({ src: o.id - 1, dst: o.id, latency: 1, distance: 0, kind: 'data' }));
  edges.push({ src: n - 1, dst: 0, latency: 1, distance: 1, kind: 'carried' });
  return { ...base, ops, edges, mii: null };
}

describe('dependence graph model', () => {
  it('draws every op and edge of a small block, carried edges apart', () => {
    const b = hopper();
    const v = graphView(b);
    expect(v.clustered).toBe(false);
    expect(v.nodes.map((n) => n.ops[0])).toEqual(b.ops.map((o) => o.id));
    expect(v.edges).toHaveLength(b.edges.length);
    const carried = v.edges.filter((e) => e.carried);
    expect(carried.map((e) => e.ends)).toEqual([[7, 6], [9, 0], [9, 4], [9, 9]]);
    expect(v.nodes.every((n) => n.stage === b.ops[n.ops[0]].stage)).toBe(true);
  });

  it('marks the critical recurrence: its ops and the edges closing the cycle', () => {
    const v = graphView(hopper()); // critical cycle [6, 7]: 6 -> 7 inside the iteration, 7 -> 6 carried
    expect(v.nodes.filter((n) => n.critical).map((n) => n.ops[0])).toEqual([6, 7]);
    expect(v.edges.filter((e) => e.critical).map((e) => e.ends)).toEqual([[6, 7], [7, 6]]);
  });

  it('marks the ops using the binding resource when the resource bound sets the MII', () => {
    const b = hopper(); // resource bound 16 on 'tma' = MII
    const users = b.ops.filter((o) => o.footprint.some((r) => r.includes('tma'))).map((o) => o.id);
    expect(users.length).toBeGreaterThan(0);
    const v = graphView(b);
    expect(v.binding).toBe('tma');
    expect(v.nodes.filter((n) => n.binding).map((n) => n.ops[0])).toEqual(users);
    // When the recurrence binds instead, no resource is marked.
    const rec = graphView({ ...b, mii: { ...b.mii!, recurrence: 20 } });
    expect(rec.binding).toBe('');
    expect(rec.nodes.some((n) => n.binding)).toBe(false);
  });

  it('describes an edge by kind, latency and the distance of a carried one', () => {
    const v = graphView(hopper());
    expect(edgeText(v.edges.find((e) => e.carried && e.ends?.[0] === 7)!)).toBe('carried, latency ' +
      hopper().edges.find((e) => e.src === 7 && e.dst === 6)!.latency + ', distance 1');
  });

  it('groups a block above the limit by stage and program order, and opens a group', () => {
    const b = chain(2000);
    const v = graphView(b);
    expect(v.clustered).toBe(true);
    expect(v.nodes.length).toBeLessThanOrEqual(60);
    expect(v.nodes.every((n) => n.cluster)).toBe(true);
    // Every op in exactly one group, each group within one stage.
    expect(v.nodes.flatMap((n) => n.ops).sort((x, y) => x - y)).toEqual(b.ops.map((o) => o.id));
    for (const n of v.nodes) expect(new Set(n.ops.map((id) => b.ops[id].stage)).size).toBe(1);
    // Edges between groups are merged; edges inside one are not drawn; the carried edge stays.
    expect(v.edges.filter((e) => e.carried)).toHaveLength(1);
    expect(v.edges.every((e) => e.src !== e.dst)).toBe(true);
    const opened = graphView(b, new Set([v.nodes[3].id]));
    expect(opened.nodes.filter((n) => !n.cluster).map((n) => n.ops[0])).toEqual(v.nodes[3].ops);
    expect(opened.nodes.length).toBe(v.nodes.length - 1 + v.nodes[3].ops.length);
  });

  it('draws a block at the limit op by op', () => {
    const v = graphView(chain(GRAPH_OP_LIMIT));
    expect(v.clustered).toBe(false);
    expect(v.nodes).toHaveLength(GRAPH_OP_LIMIT);
  });
});

describe('graph layout', () => {
  it('lays the edges of one iteration top to bottom, every node placed apart', () => {
    const v = graphView(hopper());
    const r = layoutGraph({
      nodes: v.nodes.map((n) => ({ id: n.id, width: 80, height: 30 })),
      edges: v.edges.filter((e) => !e.carried).map((e) => ({ id: e.id, src: e.src, dst: e.dst })),
    });
    expect(Object.keys(r.nodes).sort()).toEqual(v.nodes.map((n) => n.id).sort());
    for (const e of v.edges.filter((x) => !x.carried)) {
      expect(r.nodes[e.src].y).toBeLessThan(r.nodes[e.dst].y);
      expect(r.edges[e.id].length).toBeGreaterThanOrEqual(2);
    }
    const spots = new Set(Object.values(r.nodes).map((p) => `${p.x},${p.y}`));
    expect(spots.size).toBe(v.nodes.length);
    expect(r.width).toBeGreaterThan(0);
  });
});
