// The dependence graph as the graph pane draws it: one node per op, the edges of the document
// with their kind, latency and distance, the critical recurrence and the ops that use the binding
// resource marked. Above GRAPH_OP_LIMIT ops the ops are clustered by stage and by runs of program
// order, edges between clusters merged; a cluster can be expanded back into its ops.
import type { Block, Edge, Op } from '../engine/types';

export const GRAPH_OP_LIMIT = 500;
// Above the limit: about this many clusters, so the condensed graph lays out at once.
const TARGET_CLUSTERS = 48;

export interface GraphNode {
  id: string; // `op:<id>` or `cluster:<stage>:<chunk>`
  ops: number[]; // the ops it stands for, program order
  stage: number | null; // null: the op was not placed (or the cluster mixes none)
  cluster: boolean;
  critical: boolean; // on the critical recurrence (a cluster: holds one of its ops)
  binding: boolean; // uses the binding resource
}

export interface GraphEdge {
  id: string;
  src: string; // node ids
  dst: string;
  kinds: string[]; // edge kinds, sorted (several for merged edges)
  latency: number; // the largest of the merged edges'
  distance: number; // iterations crossed: 0 inside one iteration (the smallest non-zero when merged)
  count: number; // document edges merged into this one
  carried: boolean; // crosses to a later iteration (distance > 0)
  critical: boolean; // an edge of the critical recurrence
  ends: [number, number] | null; // the ops it links, for a single document edge
}

export interface GraphView {
  nodes: GraphNode[];
  edges: GraphEdge[];
  clustered: boolean; // ops were grouped (the block has more than GRAPH_OP_LIMIT ops)
  opCount: number;
  binding: string; // the binding resource of the resource bound ("" when none binds)
  critical: number[]; // op ids of the critical recurrence, in cycle order
}

const opNodeId = (id: number) => `op:${id}`;

// Whether the resource bound is the one that sets the MII (so its resource is worth marking).
function bindingResource(block: Block): string {
  const m = block.mii;
  if (!m || !m.binding) return '';
  return m.resource === Math.max(m.resource, m.recurrence, m.fine_density, m.dependency) ? m.binding : '';
}

// The edges of the critical recurrence: consecutive ops of the cycle, closing back to its first.
function criticalEdges(block: Block): Set<Edge> {
  const cycle = block.mii?.critical_cycle ?? [];
  const out = new Set<Edge>();
  if (cycle.length === 0) return out;
  const index = new Map<string, Edge>();
  for (const e of block.edges) {
    const key = `${e.src}>${e.dst}`;
    const seen = index.get(key);
    // Of parallel edges, the one that binds hardest: the most latency per iteration crossed.
    if (!seen || e.latency - e.distance * 1000 > seen.latency - seen.distance * 1000) index.set(key, e);
  }
  cycle.forEach((id, k) => {
    const e = index.get(`${id}>${cycle[(k + 1) % cycle.length]}`);
    if (e) out.add(e);
  });
  return out;
}

function usesResource(op: Op, name: string): boolean {
  return name !== '' && op.footprint.some((row) => row.includes(name));
}

function opNode(op: Op, critical: Set<number>, binding: string): GraphNode {
  const placed = op.cycle >= 0 && op.stage >= 0;
  return {
    id: opNodeId(op.id),
    ops: [op.id],
    stage: placed ? op.stage : null,
    cluster: false,
    critical: critical.has(op.id),
    binding: usesResource(op, binding),
  };
}

// Clusters of a large block: per stage (unplaced ops together), split into runs of program order
// so that there are about TARGET_CLUSTERS of them.
function clusters(block: Block): Map<string, Op[]> {
  const size = Math.max(1, Math.ceil(block.ops.length / TARGET_CLUSTERS));
  const byStage = new Map<number, Op[]>();
  for (const op of block.ops) {
    const stage = op.cycle >= 0 ? op.stage : -1;
    const list = byStage.get(stage);
    if (list) list.push(op);
    else byStage.set(stage, [op]);
  }
  const out = new Map<string, Op[]>();
  for (const stage of [...byStage.keys()].sort((a, b) => a - b)) {
    const ops = byStage.get(stage)!;
    for (let k = 0; k * size < ops.length; k++) out.set(`cluster:${stage}:${k}`, ops.slice(k * size, (k + 1) * size));
  }
  return out;
}

function clusterNode(id: string, ops: Op[], critical: Set<number>, binding: string): GraphNode {
  return {
    id,
    ops: ops.map((o) => o.id),
    stage: ops[0].cycle >= 0 ? ops[0].stage : null,
    cluster: true,
    critical: ops.some((o) => critical.has(o.id)),
    binding: ops.some((o) => usesResource(o, binding)),
  };
}

// `expanded`: cluster ids shown as their ops (while the total stays within the limit).
export function graphView(block: Block, expanded: ReadonlySet<string> = new Set(), limit = GRAPH_OP_LIMIT): GraphView {
  const critical = new Set(block.mii?.critical_cycle ?? []);
  const binding = bindingResource(block);
  const nodes: GraphNode[] = [];
  const nodeOf = new Map<number, string>();
  const clustered = block.ops.length > limit;
  if (!clustered) {
    for (const op of block.ops) {
      nodes.push(opNode(op, critical, binding));
      nodeOf.set(op.id, opNodeId(op.id));
    }
  } else {
    let shown = 0;
    for (const [id, ops] of clusters(block)) {
      if (expanded.has(id) && shown + ops.length <= limit) {
        shown += ops.length;
        for (const op of ops) {
          nodes.push(opNode(op, critical, binding));
          nodeOf.set(op.id, opNodeId(op.id));
        }
        continue;
      }
      nodes.push(clusterNode(id, ops, critical, binding));
      for (const op of ops) nodeOf.set(op.id, id);
    }
  }

  const criticalSet = criticalEdges(block);
  const merged = new Map<string, GraphEdge>();
  block.edges.forEach((e, i) => {
    const src = nodeOf.get(e.src), dst = nodeOf.get(e.dst);
    if (src === undefined || dst === undefined) return;
    const carried = e.distance > 0;
    if (src === dst && !carried && clustered && src.startsWith('cluster:')) return; // inside a cluster
    const key = `${src}|${dst}|${carried ? 'c' : 'i'}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, {
        id: `e${i}`, src, dst, kinds: [e.kind], latency: e.latency, distance: e.distance, count: 1, carried,
        critical: criticalSet.has(e), ends: [e.src, e.dst],
      });
      return;
    }
    if (!seen.kinds.includes(e.kind)) seen.kinds = [...seen.kinds, e.kind].sort();
    seen.latency = Math.max(seen.latency, e.latency);
    if (carried) seen.distance = Math.min(seen.distance, e.distance);
    seen.count += 1;
    seen.critical ||= criticalSet.has(e);
    seen.ends = null;
  });
  return {
    nodes, edges: [...merged.values()], clustered, opCount: block.ops.length, binding,
    critical: block.mii?.critical_cycle ?? [],
  };
}

// The edge text: kind, latency, and the distance of a carried edge.
export function edgeText(e: GraphEdge): string {
  const kinds = e.kinds.join('/');
  const parts = [kinds, `latency ${e.latency}`];
  if (e.carried) parts.push(`distance ${e.distance}`);
  if (e.count > 1) parts.push(`${e.count} edges`);
  return parts.join(', ');
}
