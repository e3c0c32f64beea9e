// Layered layout of the graph pane's nodes with @dagrejs/dagre (docs/decisions.md, "Graph
// layout"): the edges inside one iteration only, which form a DAG, top to bottom; the carried
// edges are drawn afterwards, back up the page. Runs in the layout worker, off the main thread.
import dagre from '@dagrejs/dagre';

export interface LayoutRequest {
  nodes: Array<{ id: string; width: number; height: number }>;
  edges: Array<{ id: string; src: string; dst: string }>; // within one iteration
}

export interface Point {
  x: number;
  y: number;
}

export interface LayoutResult {
  width: number;
  height: number;
  nodes: Record<string, Point>; // centres
  edges: Record<string, Point[]>; // polyline from the source's border to the target's
}

export function layoutGraph(req: LayoutRequest): LayoutResult {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  // Tight-tree ranking: network simplex took seconds on 500 ops (measured in decisions.md).
  g.setGraph({ rankdir: 'TB', nodesep: 18, ranksep: 34, edgesep: 8, marginx: 12, marginy: 12, ranker: 'tight-tree' });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of req.nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of req.edges) if (e.src !== e.dst) g.setEdge(e.src, e.dst, {}, e.id);
  dagre.layout(g);
  const nodes: Record<string, Point> = {};
  for (const id of g.nodes()) {
    const n = g.node(id);
    nodes[id] = { x: n.x, y: n.y };
  }
  const edges: Record<string, Point[]> = {};
  for (const e of g.edges()) edges[e.name!] = (g.edge(e).points ?? []).map((p: Point) => ({ x: p.x, y: p.y }));
  const graph = g.graph();
  return { width: graph.width ?? 0, height: graph.height ?? 0, nodes, edges };
}
