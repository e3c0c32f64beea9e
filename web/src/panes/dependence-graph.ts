// Dependence graph: the loop body as a layered graph (layout by dagre in a worker, loaded when the
// pane first opens). Edges inside one iteration run down the page, styled by kind; carried edges
// arc back up on the right with their distance; ops are filled by stage; the critical recurrence
// is drawn in red and the ops using the binding resource are dashed. Above 500 ops the ops are
// clustered (model/graph.ts); clicking a cluster opens it. Linked with the other panes through
// data-op; the drawing is one tab stop: arrow keys walk the ops (Left/Right in program order,
// Up/Down to a predecessor or successor), Enter shows the op in the source, +/- zoom, 0 fits.
import { append, h, s } from '../ui/dom';
import type { Block, Op } from '../engine/types';
import { edgeText, graphView, type GraphNode, type GraphView } from '../model/graph';
import type { LayoutRequest, LayoutResult, Point } from '../model/graph-layout';
import layoutWorkerUrl from './graph-layout.worker.ts?worker&url';
import { expertWords } from '../ui/expert-words';
import { unitName } from '../model/units';
import { opShortName, opTitle } from './format';
import type { PaneFactory } from './pane';

const NODE_H = 34;
const CHAR_W = 6.6;
const VIEW_H = 560; // px of the drawing area
const READABLE = 0.8; // the smallest zoom whose labels can be read (op names at about 9 px)

export interface GraphPaneEvents {
  linked: () => ReadonlySet<number>;
  onHover: (op: number | null) => void;
  onPick: (op: number) => void; // select it everywhere and show it in the source
}

// --- the layout worker (one per page, created on first use) ---------------------------------
let worker: Worker | null = null;
let nextRequest = 0;
const pending = new Map<number, (r: LayoutResult | null) => void>();

function layoutInWorker(request: LayoutRequest): Promise<LayoutResult | null> {
  if (!worker) {
    const url = new URL(layoutWorkerUrl, import.meta.url);
    // Same-origin module workers only: a page embedding the element elsewhere gets a blob shim.
    worker = url.origin === globalThis.location?.origin
      ? new Worker(url, { type: 'module' })
      : new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' })), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ id: number; result?: LayoutResult }>) => {
      pending.get(e.data.id)?.(e.data.result ?? null);
      pending.delete(e.data.id);
    };
  }
  const id = ++nextRequest;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker!.postMessage({ id, request });
  });
}

// --- text -------------------------------------------------------------------------------------
function nodeLines(node: GraphNode, ops: Map<number, Op>): [string, string] {
  if (!node.cluster) {
    const op = ops.get(node.ops[0])!;
    return [op.label || `#${op.id}`, opShortName(op) + (node.stage === null ? '' : ` · stage ${node.stage}`)];
  }
  const first = ops.get(node.ops[0])!, last = ops.get(node.ops[node.ops.length - 1])!;
  const where = node.stage === null ? 'not placed' : `stage ${node.stage}`;
  return [`${node.ops.length} ops · ${where}`, `${first.label || '#' + first.id} … ${last.label || '#' + last.id}`];
}

const nodeWidth = (lines: [string, string]) => Math.round(Math.max(lines[0].length, lines[1].length) * CHAR_W + 18);
const kindClass = (kind: string) => `kind-${kind.replace(/[^a-z0-9-]/gi, '')}`;

function smoothPath(points: Point[]): string {
  if (points.length === 0) return '';
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i], q = points[i + 1];
    d += ` Q${p.x},${p.y} ${(p.x + q.x) / 2},${(p.y + q.y) / 2}`;
  }
  const last = points[points.length - 1];
  return `${d} L${last.x},${last.y}`;
}

let panes = 0;

export class DependenceGraphPane {
  readonly el = h('div', { class: 'dep-graph-pane', 'data-testid': 'graph-pane', 'data-state': 'empty' });
  private toolbar = h('div', { class: 'graph-toolbar' });
  private legend = h('div', { class: 'graph-legend small', 'data-testid': 'graph-legend' });
  private svg = s('svg', {
    class: 'dep-graph', 'data-testid': 'dep-graph', tabindex: 0, role: 'application', 'aria-roledescription': 'dependence graph',
    width: '100%', height: VIEW_H,
  });
  private zoomLayer = s('g', { class: 'zoom' });
  private detail = h('p', { class: 'focus-detail small', 'aria-live': 'polite', 'data-testid': 'graph-detail' },
    'Hover an op or an edge to see it; click a cluster to open it.');
  private uid = ++panes;
  private block: Block | null = null;
  private view: GraphView | null = null;
  private layout: LayoutResult | null = null;
  private expanded = new Set<string>();
  private request = 0;
  private zoom = { k: 1, x: 0, y: 0 };
  private cursor = -1; // index into the op nodes, keyboard cursor
  private opNodes: GraphNode[] = [];
  private ops = new Map<number, Op>();
  private drag: { x: number; y: number; zx: number; zy: number } | null = null;

  constructor(private events: GraphPaneEvents) {
    this.detail.id = `graph-detail-${this.uid}`;
    this.svg.setAttribute('aria-describedby', this.detail.id);
    this.svg.append(this.defs(), this.zoomLayer);
    this.el.append(this.toolbar, this.legend, h('div', { class: 'graph-view' }, this.svg), this.detail);
    this.bindPointer();
    this.svg.addEventListener('keydown', (e) => this.onKey(e));
    this.svg.addEventListener('focus', () => this.moveCursor(Math.max(0, this.cursor)));
    this.svg.addEventListener('blur', () => this.events.onHover(null));
  }

  private defs(): SVGDefsElement {
    const marker = (name: string) => s('marker', {
      id: `gm-${name}-${this.uid}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
      class: `gmarker ${name}`,
    }, s('path', { d: 'M0,0 L10,5 L0,10 z' }));
    return s('defs', {}, marker('plain'), marker('carried'), marker('critical'), marker('linked'));
  }

  // `refit`: centre the new drawing (a new block, or a group just opened).
  render(block: Block, refit = false): void {
    const changed = block !== this.block;
    this.block = block;
    if (changed) this.expanded.clear();
    this.ops = new Map(block.ops.map((o) => [o.id, o]));
    this.view = graphView(block, this.expanded);
    this.opNodes = this.view.nodes.filter((n) => !n.cluster);
    this.renderToolbar();
    this.renderLegend();
    if (block.ops.length === 0) {
      this.zoomLayer.replaceChildren();
      this.el.dataset.state = 'empty';
      this.detail.textContent = 'The block has no ops.';
      return;
    }
    void this.lay(changed || refit);
  }

  private async lay(fit: boolean): Promise<void> {
    const view = this.view!;
    const request = ++this.request;
    this.el.dataset.state = 'layout';
    this.detail.textContent = `Laying out ${view.nodes.length} node${view.nodes.length === 1 ? '' : 's'}…`;
    const sizes = new Map(view.nodes.map((n) => [n.id, nodeWidth(nodeLines(n, this.ops))]));
    const result = await layoutInWorker({
      nodes: view.nodes.map((n) => ({ id: n.id, width: sizes.get(n.id)!, height: NODE_H })),
      edges: view.edges.filter((e) => !e.carried).map((e) => ({ id: e.id, src: e.src, dst: e.dst })),
    });
    if (request !== this.request || view !== this.view) return; // a newer render took over
    if (!result) {
      this.el.dataset.state = 'error';
      this.detail.textContent = 'The graph could not be laid out.';
      return;
    }
    this.layout = result;
    this.draw(sizes);
    if (fit) this.fit(this.focusNodes());
    else this.applyZoom();
    this.el.dataset.state = 'ready';
    this.detail.textContent = 'Hover an op or an edge to see it; click a cluster to open it.';
    this.refreshLinks();
  }

  private renderToolbar(): void {
    const v = this.view!;
    this.toolbar.replaceChildren();
    const button = (label: string, title: string, act: () => void, testid?: string) =>
      h('button', { type: 'button', title, 'aria-label': title, 'data-testid': testid, onclick: act }, label);
    append(this.toolbar, [
      button('−', 'zoom out', () => this.zoomBy(1 / 1.25)),
      button('+', 'zoom in', () => this.zoomBy(1.25)),
      button('Fit', 'fit the graph in view', () => this.fit(), 'graph-fit'),
      v.clustered
        ? h('span', { class: 'muted small', 'data-testid': 'graph-clustered' },
          `${v.opCount} ops, grouped by stage and program order: click a group to open it.`)
        : h('span', { class: 'muted small' }, `${v.opCount} ops, ${v.edges.length} edges`),
      v.clustered && this.expanded.size
        ? button('Close groups', 'close every opened group', () => {
          this.expanded.clear();
          this.render(this.block!, true);
        })
        : null,
    ]);
  }

  private renderLegend(): void {
    const v = this.view!;
    const block = this.block!;
    const name = (id: number) => {
      const op = this.ops.get(id);
      return op ? op.label || `#${op.id}` : `#${id}`;
    };
    const items: HTMLElement[] = [
      h('span', { class: 'lg lg-data' }, 'data'), h('span', { class: 'lg lg-token' }, 'token'),
      h('span', { class: 'lg lg-explicit' }, 'declared'), h('span', { class: 'lg lg-memory' }, 'memory'),
      h('span', { class: 'lg lg-barrier' }, 'barrier'), h('span', { class: 'lg lg-carried' }, 'to a later iteration (distance)'),
    ];
    const notes: HTMLElement[] = [];
    if (v.critical.length && block.mii) {
      notes.push(h('span', { class: 'lg-critical', 'data-testid': 'graph-critical' },
        `Critical recurrence (red): ${[...v.critical, v.critical[0]].map(name).join(' → ')}, recurrence bound ${block.mii.recurrence}.`));
    }
    if (v.binding && block.mii) {
      notes.push(h('span', { class: 'lg-binding', 'data-testid': 'graph-binding' },
        `Dashed: ops using ${unitName(v.binding, expertWords())}, the unit that binds the II (resource bound ${block.mii.resource}).`));
    }
    this.legend.replaceChildren(h('span', { class: 'muted' }, 'Edges: '), ...items, ...notes.map((n) => h('div', {}, n)));
  }

  private draw(widths: Map<string, number>): void {
    const v = this.view!, L = this.layout!;
    const edges = s('g', { class: 'edges' });
    const labels = s('g', { class: 'edge-labels' });
    const nodes = s('g', { class: 'nodes' });
    const at = (id: string) => L.nodes[id];
    for (const e of v.edges) {
      const cls = ['gedge', ...e.kinds.map(kindClass), e.carried ? 'carried' : '', e.critical ? 'critical' : ''].filter(Boolean).join(' ');
      const marker = `url(#gm-${e.critical ? 'critical' : e.carried ? 'carried' : 'plain'}-${this.uid})`;
      let d: string;
      let label: Point | null = null;
      if (!e.carried) {
        d = smoothPath(L.edges[e.id] ?? [at(e.src), at(e.dst)]);
      } else {
        // Back up the page (or a loop onto itself), on the right of both ends.
        const a = at(e.src), b = at(e.dst);
        const wa = widths.get(e.src)! / 2, wb = widths.get(e.dst)! / 2;
        const sx = a.x + wa, sy = a.y, tx = b.x + wb, ty = b.y;
        const bulge = 24 + Math.min(160, Math.abs(sy - ty) * 0.25);
        const cx = Math.max(sx, tx) + bulge;
        d = e.src === e.dst
          ? `M${sx},${sy - 6} C${sx + 34},${sy - 26} ${sx + 34},${sy + 26} ${sx},${sy + 6}`
          : `M${sx},${sy} C${cx},${sy} ${cx},${ty} ${tx},${ty}`;
        label = e.src === e.dst ? { x: sx + 30, y: sy } : { x: cx - bulge * 0.25, y: (sy + ty) / 2 };
      }
      const g = s('g', { class: cls, 'data-src': e.ends?.[0], 'data-dst': e.ends?.[1], 'data-edge': e.id },
        s('path', { class: 'hit', d }),
        s('path', { class: 'line', d, 'marker-end': marker }),
        s('title', {}, edgeText(e)));
      edges.append(g);
      if (label) {
        labels.append(s('text', { class: `dist${e.critical ? ' critical' : ''}`, x: label.x, y: label.y + 4 }, `↺${e.distance}`));
      }
    }
    for (const n of v.nodes) {
      const p = at(n.id);
      const w = widths.get(n.id)!;
      const [top, bottom] = nodeLines(n, this.ops);
      const cls = ['gnode', n.stage === null ? 'unplaced' : `stage-${n.stage % 6}`, n.cluster ? 'cluster' : '',
        n.critical ? 'critical' : '', n.binding ? 'binding' : ''].filter(Boolean).join(' ');
      const title = n.cluster ? `${top}: click to open` : opTitle(this.ops.get(n.ops[0])!);
      nodes.append(s('g', {
        class: cls, transform: `translate(${p.x - w / 2},${p.y - NODE_H / 2})`,
        'data-op': n.cluster ? undefined : n.ops[0], 'data-cluster': n.cluster ? n.id : undefined,
        'data-testid': 'graph-node', 'data-critical': n.critical ? 'true' : undefined,
      },
      s('rect', { width: w, height: NODE_H, rx: 6 }),
      s('text', { x: 9, y: 14, class: 'n1' }, top),
      s('text', { x: 9, y: 27, class: 'n2' }, bottom),
      s('title', {}, title)));
    }
    this.zoomLayer.replaceChildren(edges, labels, nodes);
  }

  // Linked ops (hovered or selected in any pane): their edges are drawn linked too.
  refreshLinks(): void {
    const linked = this.events.linked();
    for (const g of this.zoomLayer.querySelectorAll<SVGGElement>('.gedge')) {
      const on = linked.has(Number(g.dataset.src)) || linked.has(Number(g.dataset.dst));
      g.classList.toggle('linked', on && g.dataset.src !== undefined);
    }
  }

  // --- zoom and pan --------------------------------------------------------------------------
  private applyZoom(): void {
    this.zoomLayer.setAttribute('transform', `translate(${this.zoom.x},${this.zoom.y}) scale(${this.zoom.k})`);
  }

  // The whole graph in view; when that makes the text too small to read, `focus` (node ids) at
  // a readable size instead, the rest a pan away.
  private fit(focus: string[] = []): void {
    const L = this.layout;
    if (!L) return;
    const box = this.svg.getBoundingClientRect();
    const w = box.width || 760, hgt = box.height || VIEW_H;
    const all = Math.min(1.4, Math.min(w / (L.width + 40), hgt / (L.height + 40)));
    const points = focus.map((id) => L.nodes[id]).filter(Boolean);
    if (all >= READABLE || points.length === 0) {
      const k = Math.max(0.02, all);
      this.zoom = { k, x: (w - L.width * k) / 2, y: (hgt - L.height * k) / 2 };
    } else {
      const cx = points.reduce((a, p) => a + p.x, 0) / points.length, cy = points.reduce((a, p) => a + p.y, 0) / points.length;
      this.zoom = { k: READABLE, x: w / 2 - cx * READABLE, y: hgt / 2 - cy * READABLE };
    }
    this.applyZoom();
  }

  // What to show first: the critical recurrence, else the ops of an opened group, else the top.
  private focusNodes(): string[] {
    const v = this.view!;
    const critical = v.nodes.filter((n) => n.critical && !n.cluster).map((n) => n.id);
    if (critical.length) return critical;
    const opened = v.clustered ? v.nodes.filter((n) => !n.cluster).map((n) => n.id) : [];
    if (opened.length) return opened;
    const top = Math.min(...Object.values(this.layout!.nodes).map((p) => p.y));
    return v.nodes.filter((n) => this.layout!.nodes[n.id].y === top).slice(0, 3).map((n) => n.id);
  }

  private zoomBy(f: number, cx?: number, cy?: number): void {
    const box = this.svg.getBoundingClientRect();
    const x = cx ?? box.width / 2, y = cy ?? box.height / 2;
    const k = Math.min(4, Math.max(0.03, this.zoom.k * f));
    const r = k / this.zoom.k;
    this.zoom = { k, x: x - (x - this.zoom.x) * r, y: y - (y - this.zoom.y) * r };
    this.applyZoom();
  }

  private bindPointer(): void {
    // Ctrl/Cmd + wheel zooms; a plain wheel pans, so the page still scrolls past the pane's edges.
    this.svg.addEventListener('wheel', (e) => {
      const box = this.svg.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - box.left, e.clientY - box.top);
      }
    }, { passive: false });
    this.svg.addEventListener('pointerdown', (e) => {
      if ((e.target as Element).closest('.gnode')) return;
      this.drag = { x: e.clientX, y: e.clientY, zx: this.zoom.x, zy: this.zoom.y };
      this.svg.setPointerCapture(e.pointerId);
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!this.drag) return;
      this.zoom.x = this.drag.zx + e.clientX - this.drag.x;
      this.zoom.y = this.drag.zy + e.clientY - this.drag.y;
      this.applyZoom();
    });
    this.svg.addEventListener('pointerup', () => (this.drag = null));
    this.svg.addEventListener('mouseover', (e) => {
      const edge = (e.target as Element).closest('.gedge') as SVGGElement | null;
      if (edge) this.detail.textContent = edge.querySelector('title')?.textContent ?? '';
      const node = (e.target as Element).closest('.gnode') as SVGGElement | null;
      if (node) this.detail.textContent = node.querySelector('title')?.textContent ?? '';
    });
    this.svg.addEventListener('click', (e) => {
      const node = (e.target as Element).closest('.gnode') as SVGGElement | null;
      if (!node?.dataset.cluster) return;
      this.expanded.add(node.dataset.cluster);
      this.render(this.block!, true);
    });
  }

  // --- keyboard ------------------------------------------------------------------------------
  private moveCursor(index: number): void {
    if (this.opNodes.length === 0) return;
    this.cursor = Math.min(Math.max(0, index), this.opNodes.length - 1);
    const node = this.opNodes[this.cursor];
    for (const el of this.zoomLayer.querySelectorAll('.gnode.cursor')) el.classList.remove('cursor');
    this.zoomLayer.querySelector(`.gnode[data-op="${node.ops[0]}"]`)?.classList.add('cursor');
    const op = this.ops.get(node.ops[0])!;
    this.detail.textContent = `${opTitle(op)}${node.stage === null ? '' : `, stage ${node.stage}`}`;
    this.events.onHover(op.id);
  }

  private neighbour(down: boolean): number {
    const here = this.opNodes[this.cursor]?.id;
    const e = this.view?.edges.find((x) => !x.carried && (down ? x.src === here : x.dst === here) && x.src !== x.dst);
    const target = e ? (down ? e.dst : e.src) : null;
    const index = this.opNodes.findIndex((n) => n.id === target);
    return index >= 0 ? index : this.cursor;
  }

  private onKey(e: KeyboardEvent): void {
    const keys: Record<string, () => void> = {
      ArrowRight: () => this.moveCursor(this.cursor + 1),
      ArrowLeft: () => this.moveCursor(this.cursor - 1),
      ArrowDown: () => this.moveCursor(this.neighbour(true)),
      ArrowUp: () => this.moveCursor(this.neighbour(false)),
      Home: () => this.moveCursor(0),
      End: () => this.moveCursor(this.opNodes.length - 1),
      Enter: () => {
        const node = this.opNodes[this.cursor];
        if (node) this.events.onPick(node.ops[0]);
      },
      '+': () => this.zoomBy(1.25),
      '=': () => this.zoomBy(1.25),
      '-': () => this.zoomBy(1 / 1.25),
      '0': () => this.fit(),
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  }
}

export const dependenceGraphPane: PaneFactory = (host) => {
  const graph = new DependenceGraphPane({
    linked: () => host.bus.active(),
    onHover: (op) => host.bus.hover(op),
    onPick: (op) => {
      host.bus.select(op);
      host.reveal(op);
    },
  });
  return {
    render({ block }) {
      graph.render(block);
      return { body: graph.el };
    },
    linksChanged() {
      if (graph.el.isConnected) graph.refreshLinks();
    },
  };
};
