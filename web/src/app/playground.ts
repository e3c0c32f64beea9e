// The full playground page: toolbar (examples, run, share, preferences), options, the editor
// with its diagnostics, and the linked result panes. State is mirrored into the URL fragment.
// mountPlayground wires the parts; each function below owns one of them.
import { Engine } from '../engine/engine';
import { WORKERS, createSchedulerWorker } from '../engine/worker-factory';
import type { Diagnostic, Op } from '../engine/types';
import { SourceEditor } from '../editor/editor';
import { DEFAULT_EXAMPLE, exampleOptions } from '../panes/examples';
import { renderDiagnostics } from '../panes/diagnostics-list';
import type { ModelDialog } from '../panes/model-dialog';
import { compareLabels, isBuiltinModel } from '../model/compare';
import { DEFAULT_MODEL } from '../engine/options';
import { renderOptionsBar, type OptionsBar } from '../panes/options-bar';
import { EDITOR_SHARE, applyTheme, loadPrefs, savePrefs, type Prefs } from '../state/prefs';
import { decodeState, encodeState, linkable } from '../state/share';
import { PANES, Store, defaultState, editedSource, type AppState } from '../state/state';
import { h } from '../ui/dom';
import { splitter } from '../ui/splitter';
import { LinkBus } from '../ui/linking';
import { ResultsView } from './results-view';
import { bindMenus } from './menus';
import { RunStatus } from './run-status';
import { Session, type Results } from './session';
import { exportMenu } from './exports';
import { SharePanel } from './share-panel';
import { examplesPicker, helpMenu, prefsMenu } from './toolbar-menus';
import { Glossary } from '../panes/glossary';
import { onExpertWords } from '../ui/expert-words';
import { builtinModelJson } from './builtin-models';

function initialState(notices: string[]): AppState {
  const decoded = decodeState(location.hash);
  if (decoded.kind === 'ok') {
    notices.push(...decoded.warnings);
    return decoded.state;
  }
  if (decoded.kind === 'error') notices.push(decoded.message);
  const s = defaultState(DEFAULT_EXAMPLE?.source ?? '');
  if (DEFAULT_EXAMPLE) s.options = exampleOptions(DEFAULT_EXAMPLE.source);
  return s;
}

// The preferences (localStorage only), applied to the page as they change.
function watchPrefs(apply: (p: Prefs) => void): Store<Prefs> {
  const prefs = new Store<Prefs>(loadPrefs());
  prefs.subscribe((p) => {
    savePrefs(p);
    applyTheme(document.documentElement, p.theme);
    apply(p);
  });
  applyTheme(document.documentElement, prefs.get().theme);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(document.documentElement, prefs.get().theme));
  return prefs;
}

// The ops of the selected block of the results shown.
function blockOps(session: Session): Op[] {
  const doc = session.results.get().doc;
  return doc?.blocks[Math.min(session.state.get().block, doc.blocks.length - 1)]?.ops ?? [];
}

// The editor, linked to the result panes by source line; `setText` replaces the text without it
// counting as an edit of the state.
function sourceEditor(parent: HTMLElement, session: Session, bus: LinkBus, onShare: () => void): { editor: SourceEditor; setText: (text: string) => void } {
  const { state } = session;
  let applyingState = false;
  const opsOnLine = (line: number): Op[] => blockOps(session).filter((o) => o.line === line);
  const editor = new SourceEditor({
    parent,
    doc: state.get().source,
    onChange: (text, replacedAll) => {
      if (!applyingState) state.update(editedSource(state.get(), text, replacedAll));
    },
    onRun: () => void session.run(),
    onShare,
    onHoverLine: (line) => bus.hover(line === null ? null : opsOnLine(line)[0]?.id ?? null),
    onCursorLine: (line) => {
      const op = opsOnLine(line)[0];
      if (op) bus.select(op.id);
    },
  });
  bus.subscribe(() => {
    const ids = bus.active();
    editor.highlightLines(blockOps(session).filter((o) => ids.has(o.id)).map((o) => o.line));
  });
  const setText = (text: string) => {
    applyingState = true;
    editor.setText(text);
    applyingState = false;
  };
  return { editor, setText };
}

// The other source of a comparison of two sources, in an editor of its own beside the main one:
// the compared text is seen and edited there (an earlier version, or another form of the loop),
// and the results read it → the main editor's text. The editor exists only while the comparison
// is of sources.
function otherSourceEditor(session: Session): HTMLElement {
  const { state } = session;
  const box = h('div', { class: 'other-source', hidden: true });
  let editor: SourceEditor | null = null;
  let applying = false;
  const open = (text: string) => {
    const host = h('div', { class: 'editor-host', 'data-testid': 'other-editor' });
    box.replaceChildren(h('div', { class: 'editor-label' }, 'Compared source (old)'), host);
    editor = new SourceEditor({
      parent: host,
      doc: text,
      label: 'the compared source (old)',
      onChange: (t) => {
        const c = state.get().compare;
        if (!applying && c) state.update({ compare: { ...c, source: t } });
      },
      onRun: () => void session.run(),
    });
  };
  const sync = () => {
    const other = state.get().compare?.source;
    box.hidden = other === undefined;
    box.parentElement?.classList.toggle('two-sources', other !== undefined);
    if (other === undefined) {
      editor?.view.destroy();
      editor = null;
      box.replaceChildren();
    } else if (!editor) {
      open(other);
    } else if (other !== editor.text()) {
      applying = true;
      editor.setText(other);
      applying = false;
    }
  };
  state.subscribe((s, before) => {
    if (s.compare !== before.compare) sync();
  });
  queueMicrotask(sync);
  return box;
}

// The options bar, with the model editor (and its JSON language) loaded on first use.
function optionsBar(root: HTMLElement, session: Session): OptionsBar {
  const { state, results } = session;
  let modelDialog: ModelDialog | null = null;
  const openModelDialog = async () => {
    if (!modelDialog) {
      const { ModelDialog } = await import('../panes/model-dialog');
      modelDialog = new ModelDialog({
        builtinJson: builtinModelJson,
        onApply: (json) => state.update({ options: { ...state.get().options, model: 'custom', modelJson: json } }),
      });
      root.append(modelDialog.el);
    }
    const o = state.get().options;
    // The built-in model to start from: the one picked, else the one the last run used.
    const used = results.get().doc?.model;
    const base = isBuiltinModel(o.model) ? o.model : isBuiltinModel(used) ? used : DEFAULT_MODEL;
    await modelDialog.open(o.model === 'custom' ? o.modelJson : '', base);
  };
  return renderOptionsBar(state, () => void openModelDialog(), () => {
    const doc = results.get().doc;
    return doc?.blocks[Math.min(state.get().block, doc.blocks.length - 1)]?.ii ?? 0;
  });
}

// The run status line's summary of a finished run.
function doneText(engine: Engine, r: Results): string {
  const diags = r.doc?.diagnostics ?? [];
  const count = (sev: string) => diags.filter((d) => d.severity === sev).length;
  const parts = [`core ran in ${r.ms.toFixed(1)} ms`];
  if (count('error')) parts.push(`${count('error')} error${count('error') > 1 ? 's' : ''}`);
  if (count('warning')) parts.push(`${count('warning')} warning${count('warning') > 1 ? 's' : ''}`);
  if (engine.restarts) parts.push(`worker restarted ${engine.restarts}× after the time limit`);
  return parts.join(' · ');
}

// The top bar; on narrow screens the options fold behind a button, so the editor and the II stay in view.
function topBar(parts: { examples: HTMLElement; run: HTMLElement; options: HTMLElement; menus: HTMLDetailsElement[]; version: HTMLElement }): HTMLElement {
  const optionsToggle = h('button', {
    type: 'button', class: 'options-toggle', 'aria-expanded': 'false', 'aria-controls': 'options-bar', 'data-testid': 'options-toggle',
  }, 'Options');
  parts.options.id = 'options-bar';
  const header = h('header', { class: 'topbar' },
    h('div', { class: 'topbar-row' },
      h('h1', {}, 'tilesched', h('span', { class: 'subtitle' }, ' playground')),
      parts.examples, parts.run, h('span', { class: 'kbd-hint muted' }, 'Ctrl/⌘+Enter'), optionsToggle,
      h('span', { class: 'spacer' }), ...parts.menus, parts.version),
    parts.options);
  optionsToggle.addEventListener('click', () => {
    const open = !header.classList.contains('options-open');
    header.classList.toggle('options-open', open);
    optionsToggle.setAttribute('aria-expanded', String(open));
  });
  bindMenus(parts.menus);
  return header;
}

// Redraws the diagnostics and the panes when a run's outcome, the open panes or the block
// change, and mirrors the state into the address bar.
// Returns the redraw, for what changes the words the panes use (the expert view).
function bindReactions(session: Session, editor: SourceEditor, diagnosticsHost: HTMLElement, view: ResultsView, options: OptionsBar): () => void {
  const { state, results } = session;
  let firstResult = true;
  let shown: Results | null = null;
  const render = () => {
    const r = results.get();
    const s = state.get();
    shown = r;
    const diags = r.doc?.diagnostics ?? [];
    editor.showDiagnostics(diags);
    diagnosticsHost.replaceChildren(renderDiagnostics(diags, (d: Diagnostic) => editor.reveal(d)));
    view.render({ doc: r.doc, json: r.json, compareDoc: r.compareDoc, block: s.block, open: s.panes });
    options.showResult(r.doc?.blocks[Math.min(s.block, r.doc.blocks.length - 1)] ?? null);
    if (firstResult && r.status === 'done') {
      firstResult = false;
      performance.mark('tilesched:first-result');
    }
  };
  const markStale = (stale: boolean) => {
    view.setStale(stale);
    diagnosticsHost.classList.toggle('stale', stale);
  };
  results.subscribe((r) => {
    // A run starting, a cancel or an edit only dims what is shown; a new outcome redraws.
    if (!shown || r.doc !== shown.doc || r.compareDoc !== shown.compareDoc || r.error !== shown.error || r.runs !== shown.runs) render();
    markStale(r.stale);
  });

  let hashTimer: ReturnType<typeof setTimeout> | null = null;
  state.subscribe((s, before) => {
    if (s.panes !== before.panes || s.block !== before.block) render();
    if (s.options !== before.options || s.compare !== before.compare) options.sync();
    if (hashTimer) clearTimeout(hashTimer);
    // A state too large for a link is not mirrored into the address bar (it could not be reopened).
    hashTimer = setTimeout(() => history.replaceState(null, '', linkable(state.get()) ? `#${encodeState(state.get())}` : location.pathname), 300);
  });
  return render;
}

export function mountPlayground(root: HTMLElement): void {
  const prefs = watchPrefs((p) => {
    main.className = `layout-${p.layout}`;
    main.style.setProperty('--editor-share', `${p.editorShare}%`);
    engine.setTimeLimit(p.timeLimitMs);
  });
  const notices: string[] = [];
  const engine = new Engine({ timeLimitMs: prefs.get().timeLimitMs, maxWorkers: WORKERS, createWorker: createSchedulerWorker });
  const session = new Session(engine, initialState(notices));
  const bus = new LinkBus();
  const { state, results } = session;

  const share = new SharePanel(state, () => results.get().doc);
  const editorHost = h('div', { class: 'editor-host' });
  const diagnosticsHost = h('div', { class: 'diagnostics-host' });
  const { editor, setText } = sourceEditor(editorHost, session, bus, () => void share.copyLink());
  const view = new ResultsView({
    bus, mode: 'stack', panes: PANES,
    hideEmpty: () => prefs.get().hideEmptySlots,
    setHideEmpty: (v) => prefs.update({ hideEmptySlots: v }),
    onPanesChange: (panes) => state.update({ panes }),
    onBlockChange: (block) => state.update({ block }),
    onRevealOp: (op) => editor.reveal({ line: op.line, col: 1, end_line: op.line, end_col: 1 }, false),
    compareLabels: () => compareLabels(state.get(), results.get().doc?.model),
    onFollowTarget: () => {
      state.update({ options: { ...state.get().options, model: 'ir' } });
      void session.run();
    },
  });

  const examples = examplesPicker((ex) => {
    setText(ex.source);
    state.update({ source: ex.source, options: exampleOptions(ex.source), compare: null, block: 0 });
    void session.run();
  });
  examples.showSource(state.get().source);
  state.subscribe((s, before) => {
    if (s.source !== before.source) examples.showSource(s.source);
  });
  const runButton = h('button', { type: 'button', class: 'primary', 'data-testid': 'run', title: 'Run (Ctrl/Cmd+Enter)' }, 'Run ▶');
  runButton.addEventListener('click', () => void session.run());
  const options = optionsBar(root, session);
  const version = h('span', { class: 'version muted', 'data-testid': 'core-version' });
  void engine.version().then((v) => (version.textContent = `core ${v}`));
  const exports = exportMenu({ engine, view: session.id, current: () => state.get() });
  const glossary = new Glossary();
  const header = topBar({ examples: examples.el, run: runButton, options: options.el, menus: [exports, share.el, prefsMenu(prefs), helpMenu(glossary)], version });

  const notice = h('div', { class: 'notice', role: 'alert', 'data-testid': 'notice', hidden: notices.length === 0 }, notices.join(' '));
  const status = new RunStatus(session, { timeLimitMs: () => prefs.get().timeLimitMs, doneText: (r) => doneText(engine, r), onRun: () => void session.run() });
  // Side by side, the editor and the results share the width as the reader drags or keys the
  // splitter between them (kept with the preferences, in this browser).
  const split = splitter({
    label: 'Resize the source and the results', controls: 'editor-col', value: prefs.get().editorShare, step: 2, ...EDITOR_SHARE,
    onChange: (editorShare) => prefs.update({ editorShare }),
  });
  const main = h('main', { class: `layout-${prefs.get().layout}`, style: `--editor-share: ${prefs.get().editorShare}%` },
    h('section', { class: 'editor-col', id: 'editor-col', 'aria-label': 'source' },
      h('div', { class: 'editors' }, h('div', { class: 'main-source' }, h('div', { class: 'editor-label' }, 'Source (new)'), editorHost), otherSourceEditor(session)),
      diagnosticsHost),
    split,
    h('section', { class: 'results-col', 'aria-label': 'results' }, status.el, notice, view.el));
  root.replaceChildren(header, main, glossary.el);

  const render = bindReactions(session, editor, diagnosticsHost, view, options);
  onExpertWords(render);
  session.watch(() => prefs.get().runOnEdit);

  // A link pasted into the address bar of an open playground.
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) === encodeState(state.get())) return;
    const decoded = decodeState(location.hash);
    if (decoded.kind !== 'ok') return;
    setText(decoded.state.source);
    state.update(decoded.state);
    void session.run();
  });

  void session.run();
}
