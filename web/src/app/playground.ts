// The full playground page: toolbar (examples, run, share, preferences), options, the editor
// with its diagnostics, and the linked result panes. State is mirrored into the URL fragment.
import { Engine } from '../engine/engine';
import { WORKERS, createSchedulerWorker } from '../engine/worker-factory';
import type { Diagnostic, Op } from '../engine/types';
import { SourceEditor } from '../editor/editor';
import { DEFAULT_EXAMPLE, EXAMPLES, exampleOptions } from '../panes/examples';
import { renderDiagnostics } from '../panes/diagnostics-list';
import type { ModelDialog } from '../panes/model-dialog';
import { compareLabels, isBuiltinModel } from '../model/compare';
import { DEFAULT_MODEL } from '../engine/options';
import { renderOptionsBar } from '../panes/options-bar';
import { Glossary, expertWords, onExpertWords, setExpertWords } from '../panes/glossary';
import { applyTheme, loadPrefs, savePrefs, type Prefs } from '../state/prefs';
import { decodeState, encodeState, linkable } from '../state/share';
import { PANES, Store, defaultState, editedSource, type AppState } from '../state/state';
import { h } from './dom';
import { LinkBus } from './linking';
import { ResultsView } from './results-view';
import { bindMenus } from './menus';
import { RunStatus } from './run-status';
import { Session, type Results } from './session';
import { copyText, isLongLink, markdownFor, shareUrl } from './share-actions';
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

export function mountPlayground(root: HTMLElement): void {
  const prefs = new Store<Prefs>(loadPrefs());
  prefs.subscribe((p) => {
    savePrefs(p);
    applyTheme(document.documentElement, p.theme);
    main.className = `layout-${p.layout}`;
    engine.setTimeLimit(p.timeLimitMs);
  });
  applyTheme(document.documentElement, prefs.get().theme);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(document.documentElement, prefs.get().theme));

  const notices: string[] = [];
  const engine = new Engine({ timeLimitMs: prefs.get().timeLimitMs, maxWorkers: WORKERS, createWorker: createSchedulerWorker });
  const session = new Session(engine, initialState(notices));
  const bus = new LinkBus();
  const { state, results } = session;

  // --- editor and diagnostics --------------------------------------------------------------
  const editorHost = h('div', { class: 'editor-host' });
  const diagnosticsHost = h('div', { class: 'diagnostics-host' });
  let applyingState = false;
  const opsOnLine = (line: number): Op[] => currentBlockOps().filter((o) => o.line === line);
  const editor = new SourceEditor({
    parent: editorHost,
    doc: state.get().source,
    onChange: (text, replacedAll) => {
      if (!applyingState) state.update(editedSource(state.get(), text, replacedAll));
    },
    onRun: () => void session.run(),
    onShare: () => void copyLink(),
    onHoverLine: (line) => bus.hover(line === null ? null : opsOnLine(line)[0]?.id ?? null),
    onCursorLine: (line) => {
      const op = opsOnLine(line)[0];
      if (op) bus.select(op.id);
    },
  });
  const pickDiagnostic = (d: Diagnostic) => editor.reveal(d);

  // --- results ------------------------------------------------------------------------------
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
  function currentBlockOps(): Op[] {
    const doc = results.get().doc;
    return doc?.blocks[Math.min(state.get().block, doc.blocks.length - 1)]?.ops ?? [];
  }
  bus.subscribe(() => {
    const ids = bus.active();
    editor.highlightLines(currentBlockOps().filter((o) => ids.has(o.id)).map((o) => o.line));
  });

  // --- toolbar ------------------------------------------------------------------------------
  const examples = h('select', { 'aria-label': 'examples', 'data-testid': 'examples' },
    h('option', { value: '' }, EXAMPLES.length ? 'Examples…' : 'no examples'),
    ...EXAMPLES.map((e) => h('option', { value: e.id, title: e.description }, e.title)));
  examples.addEventListener('change', () => {
    const ex = EXAMPLES.find((e) => e.id === examples.value);
    examples.value = '';
    if (ex) {
      applyingState = true;
      editor.setText(ex.source);
      applyingState = false;
      state.update({ source: ex.source, options: exampleOptions(ex.source), compare: null, block: 0 });
      void session.run();
    }
  });
  const runButton = h('button', { type: 'button', class: 'primary', 'data-testid': 'run', title: 'Run (Ctrl/Cmd+Enter)' }, 'Run ▶');
  runButton.addEventListener('click', () => void session.run());

  // The model editor (and its JSON language) loads on first use.
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
  const options = renderOptionsBar(state, () => void openModelDialog(), () => {
    const doc = results.get().doc;
    return doc?.blocks[Math.min(state.get().block, doc.blocks.length - 1)]?.ii ?? 0;
  });

  // Share panel: the link (selectable), copy link, copy as Markdown, an iframe snippet.
  const shareInput = h('input', { type: 'text', readonly: true, class: 'share-url', 'data-testid': 'share-url', 'aria-label': 'share link' });
  const shareNote = h('p', { class: 'share-note', 'data-testid': 'share-note', role: 'status' });
  const embedInput = h('input', { type: 'text', readonly: true, class: 'share-url', 'aria-label': 'embed snippet' });
  const copyLinkButton = h('button', { type: 'button', 'data-testid': 'copy-link' }, 'Copy link');
  const copyMdButton = h('button', { type: 'button', 'data-testid': 'copy-markdown' }, 'Copy as Markdown');
  const share = h('details', { class: 'share menu' },
    h('summary', { 'data-testid': 'share' }, 'Share'),
    h('div', { class: 'menu-body' },
      h('label', {}, 'Link', shareInput), h('div', { class: 'row' }, copyLinkButton, copyMdButton), shareNote,
      h('label', {}, 'Embed (iframe)', embedInput)));
  const currentUrl = () => shareUrl(location.href, state.get());
  function refreshShare(): void {
    if (!linkable(state.get())) {
      shareInput.value = '';
      embedInput.value = '';
      shareNote.textContent = 'This snippet is too large for a link (over 2 MB once unpacked). Share it as a file instead.';
      shareNote.classList.add('warn');
      return;
    }
    const url = currentUrl();
    shareInput.value = url;
    const embed = new URL('embed.html', location.href);
    embed.hash = new URL(url).hash;
    embedInput.value = `<iframe src="${embed.href}" width="100%" height="420" style="border:1px solid #ccc;border-radius:6px" loading="lazy"></iframe>`;
    shareNote.textContent = isLongLink(url)
      ? `This link is ${url.length} characters long; many chat tools cut links above 2000. Share a shorter snippet, or paste the Markdown instead.`
      : `${url.length} characters.`;
    shareNote.classList.toggle('warn', isLongLink(url));
  }
  share.addEventListener('toggle', refreshShare);
  async function copyLink(): Promise<void> {
    refreshShare();
    share.open = true;
    const ok = await copyText(shareInput.value);
    if (!ok) shareInput.select();
    shareNote.textContent = (ok ? 'Link copied. ' : 'Copy blocked by the browser: the link is selected, press Ctrl+C. ') + shareNote.textContent;
  }
  copyLinkButton.addEventListener('click', () => void copyLink());
  copyMdButton.addEventListener('click', async () => {
    const ok = await copyText(markdownFor(currentUrl(), state.get(), results.get().doc));
    shareNote.textContent = ok ? 'Markdown copied.' : 'Copy blocked by the browser.';
  });

  // Preferences: theme, layout, run on edit, time limit (localStorage only).
  const theme = h('select', { 'aria-label': 'theme', 'data-testid': 'pref-theme' },
    h('option', { value: 'system' }, 'system theme'), h('option', { value: 'light' }, 'light'), h('option', { value: 'dark' }, 'dark'));
  theme.value = prefs.get().theme;
  theme.addEventListener('change', () => prefs.update({ theme: theme.value as Prefs['theme'] }));
  const layout = h('select', { 'aria-label': 'layout', 'data-testid': 'pref-layout' },
    h('option', { value: 'columns' }, 'side by side (stacked on narrow screens)'), h('option', { value: 'stacked' }, 'stacked'));
  layout.value = prefs.get().layout;
  layout.addEventListener('change', () => prefs.update({ layout: layout.value as Prefs['layout'] }));
  const runOnEdit = h('input', { type: 'checkbox', id: 'pref-run-on-edit' });
  runOnEdit.checked = prefs.get().runOnEdit;
  runOnEdit.addEventListener('change', () => prefs.update({ runOnEdit: runOnEdit.checked }));
  const limit = h('input', { type: 'number', min: 0.1, step: 0.5, id: 'pref-time-limit', class: 'num-input' });
  limit.value = String(prefs.get().timeLimitMs / 1000);
  limit.addEventListener('change', () => {
    const v = Number(limit.value);
    if (v >= 0.1) prefs.update({ timeLimitMs: Math.round(v * 1000) });
  });
  const prefsMenu = h('details', { class: 'prefs menu' },
    h('summary', {}, 'Preferences'),
    h('div', { class: 'menu-body' }, h('label', {}, 'Theme', theme), h('label', {}, 'Layout', layout),
      h('label', { class: 'inline' }, runOnEdit, ' run on edit'),
      h('label', { class: 'inline', for: 'pref-time-limit' }, 'time limit (s) ', limit),
      h('p', { class: 'muted small' }, 'Kept in this browser only; never part of a link.')));

  // The glossary, and the expert view of the trace words (kept in this browser only).
  const glossary = new Glossary();
  const glossaryButton = h('button', { type: 'button', 'data-testid': 'open-glossary' }, 'Glossary');
  glossaryButton.addEventListener('click', () => {
    help.open = false;
    glossary.open();
  });
  const expertBox = h('input', { type: 'checkbox', 'data-testid': 'expert-words' });
  expertBox.checked = expertWords();
  expertBox.addEventListener('change', () => setExpertWords(expertBox.checked));
  onExpertWords(() => render());
  const help = h('details', { class: 'help menu' },
    h('summary', { 'aria-label': 'help' }, '?'),
    h('div', { class: 'menu-body' },
      h('dl', { class: 'shortcuts' },
        h('dt', {}, 'Ctrl/⌘+Enter'), h('dd', {}, 'run the scheduler'),
        h('dt', {}, 'Ctrl/⌘+S'), h('dd', {}, 'copy a share link'),
        h('dt', {}, 'Ctrl/⌘+F'), h('dd', {}, 'search the snippet'),
        h('dt', {}, 'Tab / Shift+Tab'), h('dd', {}, 'leave the editor, move between controls'),
        h('dt', {}, 'Enter on a table row'), h('dd', {}, 'show the op in the source')),
      h('p', { class: 'small' }, 'Hover or click an op anywhere (source line, table row, heatmap chip, placement step, timeline bar) to highlight it in every pane. The step slider of the placement steps replays the reservation table entry by entry.'),
      glossaryButton, h('label', { class: 'inline', title: 'show the scheduler’s own names (arms, gates G1–G4, outcomes) instead of plain words' }, expertBox, ' expert words')));
  const version = h('span', { class: 'version muted', 'data-testid': 'core-version' });
  void engine.version().then((v) => (version.textContent = `core ${v}`));

  const notice = h('div', { class: 'notice', role: 'alert', 'data-testid': 'notice', hidden: notices.length === 0 }, notices.join(' '));
  const doneText = (r: Results) => {
    const diags = r.doc?.diagnostics ?? [];
    const count = (sev: string) => diags.filter((d) => d.severity === sev).length;
    const parts = [`core ran in ${r.ms.toFixed(1)} ms`];
    if (count('error')) parts.push(`${count('error')} error${count('error') > 1 ? 's' : ''}`);
    if (count('warning')) parts.push(`${count('warning')} warning${count('warning') > 1 ? 's' : ''}`);
    if (engine.restarts) parts.push(`worker restarted ${engine.restarts}×`);
    return parts.join(' · ');
  };
  const status = new RunStatus(session, { timeLimitMs: () => prefs.get().timeLimitMs, doneText, onRun: () => void session.run() });

  // On narrow screens the options fold behind a button, so the editor and the II stay in view.
  const optionsToggle = h('button', {
    type: 'button', class: 'options-toggle', 'aria-expanded': 'false', 'aria-controls': 'options-bar', 'data-testid': 'options-toggle',
  }, 'Options');
  options.el.id = 'options-bar';
  const header = h('header', { class: 'topbar' },
    h('div', { class: 'topbar-row' },
      h('h1', {}, 'tilesched', h('span', { class: 'subtitle' }, ' playground')),
      examples, runButton, h('span', { class: 'kbd-hint muted' }, 'Ctrl/⌘+Enter'), optionsToggle,
      h('span', { class: 'spacer' }), share, prefsMenu, help, version),
    options.el);
  optionsToggle.addEventListener('click', () => {
    const open = !header.classList.contains('options-open');
    header.classList.toggle('options-open', open);
    optionsToggle.setAttribute('aria-expanded', String(open));
  });
  bindMenus([share, prefsMenu, help]);
  const main = h('main', { class: `layout-${prefs.get().layout}` },
    h('section', { class: 'editor-col', 'aria-label': 'source' }, editorHost, diagnosticsHost),
    h('section', { class: 'results-col', 'aria-label': 'results' }, status.el, notice, view.el));
  root.replaceChildren(header, main, glossary.el);

  // --- reactions ----------------------------------------------------------------------------
  let firstResult = true;
  let shown: Results | null = null;
  const render = () => {
    const r = results.get();
    const s = state.get();
    shown = r;
    const diags = r.doc?.diagnostics ?? [];
    editor.showDiagnostics(diags);
    diagnosticsHost.replaceChildren(renderDiagnostics(diags, pickDiagnostic));
    view.render({ doc: r.doc, json: r.json, compareDoc: r.compareDoc, block: s.block, open: s.panes });
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
  session.watch(() => prefs.get().runOnEdit);

  // A link pasted into the address bar of an open playground.
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) === encodeState(state.get())) return;
    const decoded = decodeState(location.hash);
    if (decoded.kind !== 'ok') return;
    applyingState = true;
    editor.setText(decoded.state.source);
    applyingState = false;
    state.update(decoded.state);
    void session.run();
  });

  void session.run();
}
