// The result side of the playground: block selector, header(s), failure and violations, and
// the result panes (stacked in the playground, tabs in embeds), all linked through a LinkBus.
import type { RawDocument } from '../engine/parse';
import type { Block, Op, ScheduleDocument } from '../engine/types';
import { diffSummary } from '../model/compare';
import { renderFailure } from '../panes/failure';
import { renderHeader } from '../panes/header';
import type { Pane, PaneHost } from '../panes/pane';
import { PANE_REGISTRY } from '../panes/registry';
import { PANES, PANE_TITLES, type PaneId } from '../state/state';
import { h, markOps } from '../ui/dom';
import { bindOpEvents, type LinkBus } from '../ui/linking';

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
  private panes = new Map<PaneId, Pane>();
  private host: PaneHost;
  private generation = 0; // panes drawn after the first one belong to the latest render only
  private input: ResultsInput | null = null;

  constructor(private cfg: ResultsViewConfig) {
    // Tabs (embeds) or toggle buttons (the playground's stacked panes), in ARIA's terms too.
    if (cfg.mode === 'tabs') this.toggles.setAttribute('role', 'tablist');
    this.host = {
      bus: cfg.bus, root: cfg.root, hideEmpty: cfg.hideEmpty, setHideEmpty: cfg.setHideEmpty,
      reveal: (op) => this.reveal(op),
      redraw: () => this.renderPanes(),
      labels: (block, other) => this.labels(block, other),
    };
    this.el.append(this.top, this.toggles, this.body);
    bindOpEvents(this.top, cfg.bus, (id) => this.reveal(id));
    bindOpEvents(this.body, cfg.bus, (id) => this.reveal(id));
    cfg.bus.subscribe(() => {
      markOps(this.el, 'linked', cfg.bus.active());
      for (const pane of this.panes.values()) pane.linksChanged?.();
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
  private section(id: PaneId, controls: HTMLElement | null, content: Node, windowed = false): HTMLElement {
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
        slot.replaceWith(pane);
        markOps(this.el, 'linked', this.cfg.bus.active());
      };
      if (k === 0) draw();
      else setTimeout(draw, 0);
    });
  }

  // The pane `id`, created on first use (it keeps its state across renders).
  private pane(id: PaneId): Pane {
    let pane = this.panes.get(id);
    if (!pane) {
      pane = PANE_REGISTRY[id](this.host);
      this.panes.set(id, pane);
    }
    return pane;
  }

  private renderPane(id: PaneId, block: Block): HTMLElement {
    const { doc, json } = this.input!;
    const { body, controls, windowed } = this.pane(id).render({ block, other: this.otherBlock(block), doc: doc!, json });
    return this.section(id, controls ?? null, body, windowed);
  }
}
