// The result side of the playground: block selector, header(s), failure and violations, and
// the result panes (stacked in the playground, tabs in embeds), all linked through a LinkBus.
import { rawText, type RawDocument } from '../engine/parse';
import type { Block, Op, RRT, ScheduleDocument, Unit } from '../engine/types';
import { diffCells, diffOps, diffSummary, matchOps } from '../model/compare';
import { finalRRT } from '../model/rrt';
import { DependenceGraphPane } from '../panes/dependence-graph';
import { GateTracePane } from '../panes/gate-trace';
import { renderFailure } from '../panes/failure';
import { renderHeader } from '../panes/header';
import { renderMemory } from '../panes/memory';
import { renderModelNotice } from '../panes/model-notice';
import { renderWhyII } from '../panes/why-ii';
import { Heatmap } from '../panes/rrt-heatmap';
import { renderStageTable, type TableOrder } from '../panes/stage-table';
import { TextView } from '../panes/text-view';
import { renderTimeline, type Timeline } from '../panes/timeline';
import { PANES, PANE_TITLES, type PaneId } from '../state/state';
import { h, markOps } from './dom';
import { bindOpEvents, type LinkBus } from './linking';

export interface ResultsViewConfig {
  bus: LinkBus;
  mode: 'stack' | 'tabs';
  panes: readonly PaneId[]; // the panes this view offers
  root?: ShadowRoot | Document;
  hideEmpty: () => boolean;
  setHideEmpty: (v: boolean) => void;
  onPanesChange: (open: PaneId[]) => void;
  onBlockChange: (index: number) => void;
  onRevealOp: (op: Op) => void;
  compareLabels?: () => [string, string]; // this side, the other side (a comparison's headings)
  onFollowTarget?: () => void; // schedule on the model the IR's target picks (a mismatch notice's switch)
}

export interface ResultsInput {
  doc: ScheduleDocument | null;
  json: RawDocument;
  compareDoc: ScheduleDocument | null;
  block: number;
  open: PaneId[];
}

// Why the other side of a comparison has no schedule, when its input had errors there (another
// target model may not know a slot the source names): the editor shows this side's only.
function otherErrors(doc: ScheduleDocument, block: Block): HTMLElement[] {
  if (block.status !== 'failed') return [];
  const messages = [...new Set(doc.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message))];
  if (!messages.length) return [];
  const more = messages.length > 2 ? ` (and ${messages.length - 2} more)` : '';
  return [h('p', { class: 'compare-errors', 'data-testid': 'compare-errors' }, `Errors on this side: ${messages.slice(0, 2).join('; ')}${more}`)];
}

export class ResultsView {
  readonly el = h('div', { class: 'results' });
  private top = h('div', { class: 'results-top' });
  private toggles = h('div', { class: 'pane-toggles', role: 'toolbar', 'aria-label': 'result panes' });
  private body = h('div', { class: 'panes' });
  private trace: GateTracePane;
  private graph: DependenceGraphPane | null = null;
  private ir: TextView | null = null;
  private json: TextView | null = null;
  private generation = 0; // panes drawn after the first one belong to the latest render only
  private timeline: Timeline | null = null;
  private otherTimeline: Timeline | null = null; // a comparison's other side
  private order: TableOrder = 'program';
  private input: ResultsInput | null = null;

  constructor(private cfg: ResultsViewConfig) {
    // Tabs (embeds) or toggle buttons (the playground's stacked panes), in ARIA's terms too.
    if (cfg.mode === 'tabs') this.toggles.setAttribute('role', 'tablist');
    this.trace = new GateTracePane(cfg.bus, cfg.hideEmpty);
    this.el.append(this.top, this.toggles, this.body);
    bindOpEvents(this.top, cfg.bus, (id) => this.reveal(id));
    bindOpEvents(this.body, cfg.bus, (id) => this.reveal(id));
    cfg.bus.subscribe(() => {
      markOps(this.el, 'linked', cfg.bus.active());
      if (this.timeline?.el.isConnected) this.timeline.refresh();
      if (this.otherTimeline?.el.isConnected) this.otherTimeline.refresh();
      if (this.graph?.el.isConnected) this.graph.refreshLinks();
    });
    // A windowed pane drew new rows, cells or bars: mark the linked op among them.
    this.el.addEventListener('windowdraw', () => markOps(this.el, 'linked', cfg.bus.active()));
  }

  private currentBlock(): Block | null {
    const doc = this.input?.doc;
    if (!doc || doc.blocks.length === 0) return null;
    return doc.blocks[Math.min(this.input!.block, doc.blocks.length - 1)];
  }

  private reveal(id: number): void {
    const op = this.currentBlock()?.ops.find((o) => o.id === id);
    if (op) this.cfg.onRevealOp(op);
  }

  // Dims the results while they do not match the inputs (edited since, or a run is going).
  setStale(stale: boolean): void {
    this.el.classList.toggle('stale', stale);
    this.el.dataset.stale = String(stale);
  }

  render(input: ResultsInput): void {
    this.input = input;
    this.renderTop();
    this.renderToggles();
    this.renderPanes();
    markOps(this.el, 'linked', this.cfg.bus.active());
  }

  private renderTop(): void {
    const { doc, compareDoc } = this.input!;
    this.top.replaceChildren();
    const block = this.currentBlock();
    if (!doc) return;
    if (!block) {
      const errors = doc.diagnostics.some((d) => d.severity === 'error');
      this.top.append(h('p', { class: 'muted', 'data-testid': 'no-blocks' },
        errors ? 'Nothing was scheduled: the input has errors (see the diagnostics).' : 'The input has no loop or function body to schedule.'));
      return;
    }
    if (doc.blocks.length > 1) {
      const sel = h('select', { 'aria-label': 'scheduled block', 'data-testid': 'block-select' },
        ...doc.blocks.map((b, i) => h('option', { value: i }, `${b.name} (line ${b.line}) · ${b.status}`)));
      sel.value = String(doc.blocks.indexOf(block));
      sel.addEventListener('change', () => this.cfg.onBlockChange(Number(sel.value)));
      this.top.append(h('label', { class: 'block-select' }, `Block ${doc.blocks.length > 1 ? `(${doc.blocks.length})` : ''} `, sel));
    }
    const other = compareDoc?.blocks[doc.blocks.indexOf(block)];
    if (other) {
      const marks = diffSummary(block, other);
      const [mine, theirs] = this.labels(block, other);
      this.top.append(h('div', { class: 'compare-headers', 'data-testid': 'compare' },
        h('div', { 'data-side': 'this' }, h('h3', {}, mine), renderHeader(block, marks)),
        h('div', { 'data-side': 'other' }, h('h3', {}, `compared with: ${theirs}`), renderHeader(other, marks),
          ...otherErrors(compareDoc!, other))));
    } else {
      this.top.append(renderHeader(block));
    }
    const mismatch = renderModelNotice(block, this.cfg.onFollowTarget);
    if (mismatch) this.top.prepend(mismatch);
    if (block.mii && this.cfg.panes.includes('why') && !this.isOpen('why')) {
      const why = h('button', { type: 'button', class: 'why-link', 'data-testid': 'open-why' }, 'Why this II?');
      why.addEventListener('click', () => this.cfg.onPanesChange(PANES.filter((p) => p === 'why' || this.isOpen(p))));
      this.top.append(why);
    }
    const failure = renderFailure(block);
    if (failure) this.top.append(failure);
    if (block.violations.length) {
      this.top.append(h('div', { class: 'violations', 'data-testid': 'violations' },
        h('h3', {}, `${block.violations.length} violation${block.violations.length > 1 ? 's' : ''}`),
        h('ul', {}, ...block.violations.map((v) =>
          h('li', { 'data-op': v.ops[0] ?? undefined }, v.kind ? h('strong', {}, v.kind + ': ') : null, v.message)))));
    }
  }

  private labels(block: Block, other: Block): [string, string] {
    const labels = this.cfg.compareLabels?.();
    return labels?.[0] ? labels : [`generator ${block.generator}`, `generator ${other.generator}`];
  }

  // The compared block beside `block`, if any.
  private otherBlock(block: Block): Block | undefined {
    return this.input!.compareDoc?.blocks[this.input!.doc!.blocks.indexOf(block)];
  }

  private isOpen(id: PaneId): boolean {
    return this.input!.open.includes(id);
  }

  private renderToggles(): void {
    this.toggles.replaceChildren(...this.cfg.panes.map((id) => {
      const b = h('button', {
        type: 'button', class: 'pane-toggle', 'data-pane': id,
        [this.cfg.mode === 'tabs' ? 'aria-selected' : 'aria-pressed']: String(this.isOpen(id)),
        role: this.cfg.mode === 'tabs' ? 'tab' : undefined, 'data-open': String(this.isOpen(id)),
      }, PANE_TITLES[id]);
      b.addEventListener('click', () => {
        const open = this.cfg.mode === 'tabs'
          ? [id]
          : PANES.filter((p) => (p === id ? !this.isOpen(p) : this.isOpen(p)));
        this.cfg.onPanesChange(open);
      });
      return b;
    }));
  }

  // `windowed`: the content scrolls itself (and draws only what it shows), the body does not.
  private section(id: PaneId, controls: HTMLElement | null, content: Node, windowed?: 'windowed'): HTMLElement {
    return h('section', { class: 'pane', 'data-pane': id, 'aria-label': PANE_TITLES[id] },
      h('header', { class: 'pane-head' }, h('h2', {}, PANE_TITLES[id]), controls),
      h('div', { class: `pane-body${windowed ? ' windowed' : ''}` }, content));
  }

  // The first open pane is drawn at once, each other one in a task of its own, so that no
  // main-thread task grows with the number of open panes (the header and the table come first).
  private renderPanes(): void {
    const generation = ++this.generation;
    this.body.replaceChildren();
    const block = this.currentBlock();
    if (!block) return;
    const open = this.cfg.panes.filter((id) => this.isOpen(id));
    open.forEach((id, k) => {
      const slot = h('div', { class: 'pane-slot', 'data-pane': id });
      this.body.append(slot);
      const draw = () => {
        if (generation !== this.generation) return;
        const pane = this.renderPane(id, block);
        slot.replaceWith(pane ?? '');
        markOps(this.el, 'linked', this.cfg.bus.active());
      };
      if (k === 0) draw();
      else setTimeout(draw, 0);
    });
  }

  private renderPane(id: PaneId, block: Block): HTMLElement | null {
    switch (id) {
      case 'why': return this.section('why', null, renderWhyII(block));
      case 'memory': return this.section('memory', null, renderMemory(block));
      case 'table': return this.tablePane(block);
      case 'rrt': return this.rrtPane(block);
      case 'trace':
        this.trace.render(block);
        return this.section('trace', null, this.trace.el, 'windowed');
      case 'timeline': return this.timelinePane(block);
      case 'graph':
        this.graph ??= new DependenceGraphPane({
          linked: () => this.cfg.bus.active(),
          onHover: (op) => this.cfg.bus.hover(op),
          onPick: (op) => {
            this.cfg.bus.select(op);
            this.reveal(op);
          },
        });
        this.graph.render(block);
        return this.section('graph', null, this.graph.el);
      case 'ir': {
        this.ir ??= new TextView(this.cfg.root, { mlir: true, testid: 'ir', label: 'materialized IR' });
        const text = block.ir ?? this.input!.doc?.ir;
        this.ir.show(text ?? '');
        const count = (kind: string) => (text?.match(new RegExp(`%${kind}_\\d+ =`, 'g')) ?? []).length;
        const summary = text ? h('span', { class: 'muted small', 'data-testid': 'ir-summary' }, `${count('Pipe')} Pipe_, ${count('Mutex')} Mutex_ values`) : null;
        return this.section('ir', summary, text ? this.ir.el : h('p', { class: 'muted' }, 'The core returned no materialized IR.'));
      }
      case 'json': return this.jsonPane();
    }
  }

  private tablePane(block: Block): HTMLElement {
    const orderSel = h('select', { 'aria-label': 'row order' },
      h('option', { value: 'program' }, 'program order'), h('option', { value: 'schedule' }, '(stage, order)'));
    orderSel.value = this.order;
    orderSel.addEventListener('change', () => {
      this.order = orderSel.value as TableOrder;
      this.renderPanes();
    });
    const other = this.otherBlock(block);
    if (!other) return this.section('table', orderSel, renderStageTable(block, this.order), 'windowed');
    const diff = diffOps(block, other);
    const moved = h('p', { class: 'muted small', 'data-testid': 'compare-summary' },
      diff.size ? `${diff.size} op${diff.size > 1 ? 's' : ''} placed differently (marked)` : 'Both sides place every op alike.');
    return this.section('table', orderSel, h('div', {},
      moved,
      h('div', { class: 'compare-tables' },
        renderStageTable(block, this.order, diff),
        renderStageTable(other, this.order, diffOps(other, block)))), 'windowed');
  }

  private rrtPane(block: Block): HTMLElement {
    const table = finalRRT(block);
    const hide = h('input', { type: 'checkbox', 'data-testid': 'hide-empty' });
    hide.checked = this.cfg.hideEmpty();
    hide.addEventListener('change', () => {
      this.cfg.setHideEmpty(hide.checked);
      this.renderPanes();
    });
    const controls = h('label', { class: 'inline' }, hide, ' hide empty slots');
    const none = (testid: string) => h('p', { class: 'muted', 'data-testid': testid }, 'No reservation table: the block has no II.');
    const other = this.otherBlock(block);
    const otherTable = other ? finalRRT(other) : null;
    const draw = (b: Block, t: RRT | null, testid: string, differs?: Unit[]) => {
      if (!t) return none(testid);
      const heatmap = new Heatmap();
      heatmap.show(t, b, { hideEmpty: hide.checked, testid, differs });
      return heatmap.el;
    };
    if (!other) return this.section('rrt', controls, draw(block, table, 'rrt-heatmap'), 'windowed');
    // Side by side, each marking the cells whose holders differ from the other side's.
    const mine = table ? diffCells(block, table, other, otherTable) : [];
    const theirs = otherTable ? diffCells(other, otherTable, block, table) : [];
    const [a, b] = this.labels(block, other);
    return this.section('rrt', controls, h('div', {},
      h('p', { class: 'muted small', 'data-testid': 'compare-rrt-summary' },
        mine.length || theirs.length ? `${mine.length} cell${mine.length === 1 ? '' : 's'} here and ${theirs.length} there held differently (outlined)` : 'Both tables hold the same ops in the same cells.'),
      h('div', { class: 'compare-tables' },
        h('div', {}, h('h3', { class: 'compare-side' }, a), draw(block, table, 'rrt-heatmap', mine)),
        h('div', {}, h('h3', { class: 'compare-side' }, `compared with: ${b}`), draw(other, otherTable, 'rrt-heatmap-other', theirs)))));
  }

  private timelinePane(block: Block): HTMLElement {
    const events = {
      linked: () => this.cfg.bus.active(),
      onHover: (op: number | null) => this.cfg.bus.hover(op),
      onPick: (op: number) => {
        this.cfg.bus.select(op);
        this.reveal(op);
      },
    };
    const other = this.otherBlock(block);
    const none = () => h('p', { class: 'muted' }, 'No schedule to draw.');
    if (!other) {
      this.timeline = renderTimeline(block, events);
      return this.section('timeline', null, this.timeline?.el ?? none(), 'windowed');
    }
    // Both schedules, the ops that start at another cycle outlined. The other side's ops are
    // linked through their counterparts here.
    const moved = new Set([...diffOps(block, other)].filter(([, f]) => f.has('cycle')).map(([id]) => id));
    const back = matchOps(other, block);
    const forth = matchOps(block, other);
    const otherMoved = new Set([...diffOps(other, block)].filter(([, f]) => f.has('cycle')).map(([id]) => id));
    this.timeline = renderTimeline(block, { ...events, moved });
    const otherTimeline = renderTimeline(other, {
      linked: () => new Set([...this.cfg.bus.active()].map((id) => forth.get(id)).filter((id): id is number => id !== undefined)),
      onHover: (op) => this.cfg.bus.hover(op === null ? null : back.get(op) ?? null),
      onPick: (op) => {
        const id = back.get(op);
        if (id !== undefined) events.onPick(id);
      },
      moved: otherMoved,
    }, 700);
    this.otherTimeline = otherTimeline;
    const [a, b] = this.labels(block, other);
    return this.section('timeline', null, h('div', { class: 'compare-timelines' },
      h('p', { class: 'muted small', 'data-testid': 'compare-timeline-summary' },
        moved.size ? `${moved.size} op${moved.size === 1 ? '' : 's'} start${moved.size === 1 ? 's' : ''} at another cycle (outlined)` : 'Every op starts at the same cycle on both sides.'),
      h('h3', { class: 'compare-side' }, a), this.timeline?.el ?? none(),
      h('h3', { class: 'compare-side' }, `compared with: ${b}`), otherTimeline?.el ?? none()), 'windowed');
  }

  // The document as the core returned it (already indented), in a view that draws only the
  // lines in view; the download is the same bytes.
  private jsonPane(): HTMLElement {
    const json = this.input!.json;
    const download = h('button', { type: 'button', 'data-testid': 'download-json' }, 'Download');
    download.addEventListener('click', () => {
      const a = h('a', { href: URL.createObjectURL(new Blob([json as BlobPart], { type: 'application/json' })), download: 'tilesched-schedule.json' });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
    this.json ??= new TextView(this.cfg.root, { mlir: false, testid: 'json', label: 'schedule document (JSON)' });
    this.json.show(rawText(json));
    return this.section('json', download, this.json.el);
  }
}
