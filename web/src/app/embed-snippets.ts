// Share → Embed: the snippets a documentation author pastes, the <tilesched-playground>
// element (its source in a <script type="text/mlir"> child, so nothing needs escaping) with its
// loader line, once per page, apart from it, and an iframe of embed.html, all from one set of
// switches: base URL, title, read-only, panes, theme, and the iframe's height (docs/embedding.md).
import { DEFAULT_OPTIONS } from '../engine/options';
import { encodeState } from '../state/share';
import { PANES, PANE_TITLES, type AppState, type PaneId } from '../state/state';
import { h } from '../ui/dom';
import { copyText } from './share-actions';

export const EMBED_PANE_CHOICES: PaneId[] = PANES.filter((p) => p !== 'json');

export interface EmbedSettings {
  base: string; // the folder holding embed.html and tilesched-playground.js: absolute or relative
  title: string;
  readOnly: boolean;
  panes: PaneId[];
  theme: 'system' | 'light' | 'dark';
  height: number; // px, the iframe's (the element's is its own default)
}

// Tall enough for the editor, the header, a pane and a few diagnostics lines.
export const DEFAULT_EMBED_HEIGHT = 640;

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function folder(base: string): string {
  const b = base.trim() || './';
  return b.endsWith('/') ? b : `${b}/`;
}

// Inside a <script> element `</script` ends the text and `<!--` can make the tokenizer skip the
// next `</script>` (its double-escaped state), so neither may appear. A backslash after `<` in
// front of either (and of any backslashes already there) writes them; the element removes one
// (element/dedent.ts, scriptText), so every source, `<\/script` included, reads back exactly.
export const scriptSafe = (source: string) => source.replace(/<(\\*)(\/script|!--)/gi, '<\\$1$2');

// The script that defines <tilesched-playground>: once per page, for any number of elements (a
// second copy, from the same URL or another, defines nothing more).
export function loaderSnippet(e: Pick<EmbedSettings, 'base'>): string {
  return `<script type="module" src="${attr(folder(e.base))}tilesched-playground.js"></script>`;
}

export function elementSnippet(s: AppState, e: EmbedSettings): string {
  const o = s.options;
  const attrs = [`title="${attr(e.title)}"`];
  if (o.generator !== DEFAULT_OPTIONS.generator) attrs.push(`generator="${o.generator}"`);
  if (o.model !== 'ir' && o.model !== 'custom') attrs.push(`model="${o.model}"`);
  if (o.iiCap) attrs.push(`ii-cap="${o.iiCap}"`);
  if (e.panes.length) attrs.push(`panes="${e.panes.join(',')}"`);
  if (e.readOnly) attrs.push('readonly');
  if (e.theme !== 'system') attrs.push(`theme="${e.theme}"`);
  return [
    `<tilesched-playground ${attrs.join(' ')}>`,
    '<script type="text/mlir">',
    scriptSafe(s.source.replace(/\n$/, '')),
    '</script>',
    '</tilesched-playground>',
  ].join('\n');
}

export function iframeSnippet(s: AppState, e: EmbedSettings): string {
  const query = new URLSearchParams();
  if (e.readOnly) query.set('readonly', '1');
  if (e.panes.length) query.set('panes', e.panes.join(','));
  if (e.theme !== 'system') query.set('theme', e.theme);
  if (e.title) query.set('title', e.title);
  const src = `${folder(e.base)}embed.html?${query.toString()}#${encodeState(s)}`;
  return `<iframe src="${attr(src)}" title="${attr(e.title)}" width="100%" height="${e.height}" style="border:1px solid #ccc;border-radius:6px" loading="lazy"></iframe>`;
}

// The Embed section of the Share menu; `refresh` rebuilds both snippets from the current state.
export function embedSection(current: () => AppState, defaultTitle: () => string): { el: HTMLElement; refresh: () => void } {
  const base = h('input', { type: 'text', class: 'share-url', 'data-testid': 'embed-base', value: new URL('./', location.href).href });
  const title = h('input', { type: 'text', 'data-testid': 'embed-title' });
  const readOnly = h('input', { type: 'checkbox', 'data-testid': 'embed-readonly' });
  readOnly.checked = true;
  const paneBoxes = EMBED_PANE_CHOICES.map((p) => {
    const box = h('input', { type: 'checkbox', value: p, 'data-testid': `embed-pane-${p}` });
    box.checked = p === 'table' || p === 'rrt';
    return { p, box, label: h('label', { class: 'inline' }, box, ` ${PANE_TITLES[p]}`) };
  });
  const theme = h('select', { 'data-testid': 'embed-theme' },
    h('option', { value: 'system' }, 'reader’s system theme'), h('option', { value: 'light' }, 'light'), h('option', { value: 'dark' }, 'dark'));
  const height = h('input', { type: 'number', min: 200, step: 20, class: 'num-input', 'data-testid': 'embed-height', value: DEFAULT_EMBED_HEIGHT });
  const loaderOut = h('textarea', { readonly: true, rows: 2, class: 'snippet', 'data-testid': 'embed-loader', 'aria-label': 'loader script' });
  const elementOut = h('textarea', { readonly: true, rows: 6, class: 'snippet', 'data-testid': 'embed-element', 'aria-label': 'custom element snippet' });
  const iframeOut = h('textarea', { readonly: true, rows: 4, class: 'snippet', 'data-testid': 'embed-iframe', 'aria-label': 'iframe snippet' });
  const note = h('p', { class: 'share-note', role: 'status', 'data-testid': 'embed-note' });
  const settings = (): EmbedSettings => ({
    base: base.value,
    title: title.value.trim() || defaultTitle(),
    readOnly: readOnly.checked,
    panes: paneBoxes.filter((b) => b.box.checked).map((b) => b.p),
    theme: theme.value as EmbedSettings['theme'],
    height: Math.max(200, Math.round(Number(height.value)) || DEFAULT_EMBED_HEIGHT),
  });
  const refresh = () => {
    const s = current();
    loaderOut.value = loaderSnippet(settings());
    elementOut.value = elementSnippet(s, settings());
    iframeOut.value = iframeSnippet(s, settings());
  };
  const copyButton = (label: string, testid: string, out: HTMLTextAreaElement) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', async () => {
      refresh();
      const ok = await copyText(out.value);
      if (!ok) out.select();
      note.textContent = ok ? `${label.replace('Copy ', '')} copied.` : 'Copy blocked by the browser: the snippet is selected, press Ctrl+C.';
    });
    return b;
  };
  for (const input of [base, title, readOnly, theme, height, ...paneBoxes.map((b) => b.box)]) input.addEventListener('input', refresh);
  title.placeholder = 'title (for screen readers)';
  const el = h('fieldset', { class: 'embed-builder' },
    h('legend', {}, 'Embed'),
    h('label', {}, 'Base URL (where embed.html is served; may be relative)', base),
    h('label', {}, 'Title', title),
    h('div', { class: 'row wrap' }, h('label', { class: 'inline' }, readOnly, ' read-only'),
      h('label', { class: 'inline' }, 'theme ', theme), h('label', { class: 'inline' }, 'iframe height ', height, ' px')),
    h('div', { class: 'row wrap', role: 'group', 'aria-label': 'panes' }, ...paneBoxes.map((b) => b.label)),
    h('label', {}, 'Loader: once per page, before the first element (in the page template or head)', loaderOut),
    h('div', { class: 'row' }, copyButton('Copy loader', 'copy-embed-loader', loaderOut)),
    h('label', {}, 'Custom element: paste as is where the example goes, as many as the page needs', elementOut),
    h('div', { class: 'row' }, copyButton('Copy element', 'copy-embed-element', elementOut)),
    h('label', {}, 'iframe', iframeOut),
    h('div', { class: 'row' }, copyButton('Copy iframe', 'copy-embed-iframe', iframeOut)),
    note);
  return { el, refresh };
}
