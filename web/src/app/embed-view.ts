// The compact, chromeless view of one snippet, used by embed.html and the
// <tilesched-playground> element: editor (optionally read-only), header, tabbed panes and an
// "Open in playground" link carrying the same state. It never touches the page URL.
import { Engine } from '../engine/engine';
import { WORKERS, createSchedulerWorker } from '../engine/worker-factory';
import { SourceEditor } from '../editor/editor';
import { compareLabels } from '../model/compare';
import { renderDiagnostics } from '../panes/diagnostics-list';
import { applyTheme, type Theme } from '../state/prefs';
import { encodeState } from '../state/share';
import type { AppState, PaneId } from '../state/state';
import { h } from '../ui/dom';
import { LinkBus } from '../ui/linking';
import { ResultsView } from './results-view';
import { RunStatus } from './run-status';
import { Session, type Results } from './session';

export interface EmbedConfig {
  host: HTMLElement;
  root?: ShadowRoot | Document;
  state: AppState;
  readOnly: boolean;
  panes: PaneId[]; // the embedder's `panes=` list, offered as tabs (empty: EMBED_PANES)
  siteBase: string; // URL of the folder holding index.html
  theme: Theme;
  title?: string; // what the embedder calls the example: the view's accessible name
  warning?: string; // shown above the editor (the element's snippet lost text to HTML)
  lines?: LineRange | null; // the lines the editor shows (default: from the first loop line)
}

// A range of 1-based source lines, `last` inclusive.
export interface LineRange {
  first: number;
  last: number;
}

// "12-30" or "12" (from line 12 on); anything else is no range.
export function parseLines(text: string | null): LineRange | null {
  const m = /^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$/.exec(text ?? '');
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] === undefined ? Infinity : Number(m[2]);
  return first >= 1 && last >= first ? { first, last } : null;
}

// The first line of the first loop, where a reader of an embed wants to start: an example opens
// with comments, type aliases and layouts (a Triton dump's #blocked lines) before it.
export function firstLoopLine(source: string): number {
  // scf.for / "scf.for"( / scf.while, and CUDA Tile's `%acc = for %k in (...)`; never a comment.
  const loop = /(^|[\s"])(scf\.for|scf\.while|cuda_tile\.for|cuda_tile\.loop)\b|(^|=)\s*(for|loop)\s+[%(]/;
  const k = source.split('\n').findIndex((l) => !/^\s*\/\//.test(l) && loop.test(l));
  return k < 0 ? 1 : k + 1;
}

export const EMBED_PANES: PaneId[] = ['table', 'rrt', 'trace', 'timeline', 'ir'];

// The workers are shared by every embed of a page; each embed is its own view (Session id), so
// their requests queue side by side instead of superseding one another.
let engine: Engine | null = null;
function sharedEngine(): Engine {
  engine ??= new Engine({ timeLimitMs: TIME_LIMIT_MS, maxWorkers: WORKERS, createWorker: createSchedulerWorker });
  return engine;
}
const TIME_LIMIT_MS = 10000;

export function mountEmbed(cfg: EmbedConfig): Session {
  // The embedder's pane list wins over the panes saved in a share link: its first pane opens.
  const offered = cfg.panes.length ? cfg.panes : EMBED_PANES;
  const initialPane = cfg.panes.length ? offered[0] : cfg.state.panes.find((p) => offered.includes(p)) ?? offered[0];
  const session = new Session(sharedEngine(), { ...cfg.state, panes: [initialPane] });
  const { state, results } = session;
  const bus = new LinkBus();

  const container = h('div', { class: 'ts-embed', 'data-testid': 'embed', role: cfg.title ? 'region' : null, 'aria-label': cfg.title || null });
  const setTheme = () => applyTheme(container, cfg.theme);
  setTheme();
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', setTheme);

  const editorHost = h('div', { class: 'embed-editor' });
  const diagnosticsHost = h('div', {});
  const open = h('a', { target: '_blank', rel: 'noopener', 'data-testid': 'open-in-playground' }, 'Open in playground ↗');
  const updateLink = () => {
    const url = new URL('index.html', cfg.siteBase);
    url.hash = encodeState({ ...state.get(), panes: cfg.state.panes });
    open.href = url.href;
  };

  const opsOf = () => {
    const doc = results.get().doc;
    return doc?.blocks[Math.min(state.get().block, doc.blocks.length - 1)]?.ops ?? [];
  };
  const editor = new SourceEditor({
    parent: editorHost,
    root: cfg.root,
    doc: cfg.state.source,
    readOnly: cfg.readOnly,
    onChange: (source) => state.update({ source }),
    onRun: () => void session.run(),
    onHoverLine: (line) => bus.hover(opsOf().find((o) => o.line === line)?.id ?? null),
  });
  // The lines shown: a range is the editor's height (about 1.45em a line), else it scrolls to the loop.
  const range = cfg.lines ?? { first: firstLoopLine(cfg.state.source), last: Infinity };
  if (Number.isFinite(range.last)) editorHost.style.setProperty('--embed-editor-height', `calc(${range.last - range.first + 1} * 1.45em + 10px)`);
  requestAnimationFrame(() => editor.scrollToLine(range.first));
  const view = new ResultsView({
    bus, mode: 'tabs', panes: offered, root: cfg.root,
    hideEmpty: () => true,
    setHideEmpty: () => {},
    onPanesChange: (panes) => state.update({ panes }),
    onBlockChange: (block) => state.update({ block }),
    onRevealOp: (op) => editor.reveal({ line: op.line, col: 1, end_line: op.line, end_col: 1 }, false),
    compareLabels: () => compareLabels(state.get(), results.get().doc?.model),
  });
  bus.subscribe(() => {
    const ids = bus.active();
    editor.highlightLines(opsOf().filter((o) => ids.has(o.id)).map((o) => o.line));
  });

  const status = new RunStatus(session, {
    timeLimitMs: () => TIME_LIMIT_MS,
    doneText: (r) => `tilesched · ${r.ms.toFixed(1)} ms`,
    onRun: () => void session.run(),
  });
  if (cfg.warning) container.append(h('p', { class: 'embed-warning', role: 'alert', 'data-testid': 'embed-warning' }, cfg.warning));
  container.append(editorHost, diagnosticsHost, view.el,
    h('div', { class: 'embed-foot' }, status.el, h('span', { class: 'spacer' }), open));
  cfg.host.replaceChildren(container);

  let shown: Results | null = null;
  const render = () => {
    const r = results.get();
    const s = state.get();
    shown = r;
    const diags = r.doc?.diagnostics ?? [];
    editor.showDiagnostics(diags);
    diagnosticsHost.replaceChildren(renderDiagnostics(diags, (d) => editor.reveal(d)));
    view.render({ doc: r.doc, json: r.json, compareDoc: r.compareDoc, block: s.block, open: s.panes });
  };
  results.subscribe((r) => {
    if (!shown || r.doc !== shown.doc || r.error !== shown.error || r.runs !== shown.runs) render();
    view.setStale(r.stale);
    diagnosticsHost.classList.toggle('stale', r.stale);
  });
  state.subscribe((s, before) => {
    updateLink();
    if (s.panes !== before.panes || s.block !== before.block) render();
  });
  session.watch(() => !cfg.readOnly);
  updateLink();
  void session.run();
  return session;
}
