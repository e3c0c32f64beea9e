// The compact, chromeless view of one snippet, used by embed.html and the
// <tilesched-playground> element: editor (optionally read-only), header, tabbed panes and an
// "Open in playground" link carrying the same state. It never touches the page URL.
import { Engine } from '../engine/engine';
import { createSchedulerWorker } from '../engine/worker-factory';
import { SourceEditor } from '../editor/editor';
import { renderDiagnostics } from '../panes/diagnostics-list';
import { applyTheme, type Theme } from '../state/prefs';
import { encodeState } from '../state/share';
import type { AppState, PaneId } from '../state/state';
import { h } from './dom';
import { LinkBus } from './linking';
import { ResultsView } from './results-view';
import { Session } from './session';

export interface EmbedConfig {
  host: HTMLElement;
  root?: ShadowRoot | Document;
  state: AppState;
  readOnly: boolean;
  panes: PaneId[]; // offered as tabs; the first open one is shown
  siteBase: string; // URL of the folder holding index.html
  theme: Theme;
}

export const EMBED_PANES: PaneId[] = ['table', 'rrt', 'trace', 'timeline', 'ir'];

// One worker serves every embed of a page.
let engine: Engine | null = null;
function sharedEngine(): Engine {
  engine ??= new Engine({ timeLimitMs: 10000, createWorker: createSchedulerWorker });
  return engine;
}

export function mountEmbed(cfg: EmbedConfig): Session {
  const offered = cfg.panes.length ? cfg.panes : EMBED_PANES;
  const initialPane = cfg.state.panes.find((p) => offered.includes(p)) ?? offered[0];
  const session = new Session(sharedEngine(), { ...cfg.state, panes: [initialPane] });
  const { state, results } = session;
  const bus = new LinkBus();

  const container = h('div', { class: 'ts-embed', 'data-testid': 'embed' });
  const setTheme = () => applyTheme(container, cfg.theme);
  setTheme();
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', setTheme);

  const editorHost = h('div', { class: 'embed-editor' });
  const diagnosticsHost = h('div', {});
  const status = h('span', { class: 'muted', role: 'status', 'data-testid': 'run-status' });
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
  const view = new ResultsView({
    bus, mode: 'tabs', panes: offered, root: cfg.root,
    hideEmpty: () => true,
    setHideEmpty: () => {},
    onPanesChange: (panes) => state.update({ panes }),
    onBlockChange: (block) => state.update({ block }),
    onRevealOp: (op) => editor.reveal({ line: op.line, col: 1, end_line: op.line, end_col: 1 }, false),
  });
  bus.subscribe(() => {
    const ids = bus.active();
    editor.highlightLines(opsOf().filter((o) => ids.has(o.id)).map((o) => o.line));
  });

  container.append(editorHost, diagnosticsHost, view.el,
    h('div', { class: 'embed-foot' }, status, h('span', { class: 'spacer' }), open));
  cfg.host.replaceChildren(container);

  const render = () => {
    const r = results.get();
    const s = state.get();
    status.dataset.runs = String(r.runs);
    status.textContent = r.status === 'running' ? 'running…' : r.status === 'done' ? `tilesched · ${r.ms.toFixed(1)} ms` : '';
    if (r.error) status.replaceChildren(h('span', { class: 'engine-error', 'data-testid': r.status === 'timeout' ? 'engine-timeout' : 'engine-error' }, r.error));
    const diags = r.doc?.diagnostics ?? [];
    editor.showDiagnostics(diags);
    diagnosticsHost.replaceChildren(renderDiagnostics(diags, (d) => editor.reveal(d)));
    view.render({ doc: r.doc, json: r.json, compareDoc: r.compareDoc, block: s.block, open: s.panes });
  };
  results.subscribe(render);
  state.subscribe((s, before) => {
    updateLink();
    if (s.panes !== before.panes || s.block !== before.block) render();
  });
  session.watch(() => !cfg.readOnly);
  updateLink();
  void session.run();
  return session;
}
