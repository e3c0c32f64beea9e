// The lazily loaded part of <tilesched-playground>: styles for the shadow root, the element's
// attributes turned into playground state, and the embed view.
import themeCss from '../styles/theme.css?inline';
import panesCss from '../styles/panes.css?inline';
import embedCss from '../styles/embed.css?inline';
import { mountEmbed, parseLines } from '../app/embed-view';
import { BUILTIN_MODELS, GENERATOR_CHOICES, type BuiltinModel, type GeneratorChoice } from '../engine/options';
import { decodeState } from '../state/share';
import { defaultState, paneList, type AppState } from '../state/state';
import type { Theme } from '../state/prefs';

export function stateFromAttributes(el: Element, text: string): AppState {
  const fragment = el.getAttribute('state');
  const decoded = fragment ? decodeState(fragment) : null;
  const s = decoded?.kind === 'ok' ? decoded.state : defaultState(text);
  const gen = el.getAttribute('generator');
  if (GENERATOR_CHOICES.includes(gen as GeneratorChoice)) s.options.generator = gen as GeneratorChoice;
  const model = el.getAttribute('model');
  if ((BUILTIN_MODELS as readonly string[]).includes(model ?? '')) s.options.model = model as BuiltinModel;
  const cap = Number(el.getAttribute('ii-cap'));
  if (Number.isInteger(cap) && cap > 0) s.options.iiCap = cap;
  return s;
}

// `loadError`: why the `src` file could not be read (shown above the editor).
export function mountElement(el: HTMLElement, shadow: ShadowRoot, text: string, siteBase: string, swallowed: string[] = [], loadError = ''): void {
  const style = document.createElement('style');
  const height = Number(el.getAttribute('height'));
  const box = Number.isFinite(height) && height >= 100 ? ` max-height: ${Math.round(height)}px; overflow: auto;` : '';
  style.textContent = `:host { display: block; margin: 1em 0;${box} }\n${themeCss}\n${panesCss}\n${embedCss}`;
  const host = document.createElement('div');
  shadow.replaceChildren(style, host);
  const panes = paneList(el.getAttribute('panes'));
  const theme = el.getAttribute('theme');
  const state = stateFromAttributes(el, text);
  mountEmbed({
    host, root: shadow, state,
    readOnly: el.hasAttribute('readonly'),
    panes,
    siteBase,
    theme: theme === 'light' || theme === 'dark' ? (theme as Theme) : 'system',
    title: el.getAttribute('title') ?? '',
    lines: parseLines(el.getAttribute('lines')),
    warning: loadError || (swallowed.length && !el.hasAttribute('state')
      ? `Part of this snippet was read as HTML and is missing: ${swallowed.join(' ')} (text such as !tt.ptr<f16>). Put the snippet in a <script type="text/mlir"> child of the element, or write < as &lt;.`
      : ''),
  });
}
