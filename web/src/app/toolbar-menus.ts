// The toolbar's simple controls: the examples picker, the Preferences menu and the Help menu.
import { EXAMPLES, type ExampleWithSource } from '../panes/examples';
import type { Prefs } from '../state/prefs';
import type { Store } from '../state/state';
import type { Glossary } from '../panes/glossary';
import { expertWords, setExpertWords } from '../ui/expert-words';
import { h } from '../ui/dom';

// A picker that calls `onPick` with the example chosen. It shows the example whose text the
// editor holds (`showSource`; its prompt once the text is edited), so ↓ on the closed list moves
// to the next example (reset to its prompt after each pick, ↓ always reloaded the first).
export function examplesPicker(onPick: (ex: ExampleWithSource) => void): { el: HTMLSelectElement; showSource: (source: string) => void } {
  const examples = h('select', { 'aria-label': 'examples', 'data-testid': 'examples' },
    h('option', { value: '' }, EXAMPLES.length ? 'Examples…' : 'no examples'),
    ...EXAMPLES.map((e) => h('option', { value: e.id, title: e.description }, e.title)));
  examples.addEventListener('change', () => {
    const ex = EXAMPLES.find((e) => e.id === examples.value);
    if (ex) onPick(ex);
  });
  const showSource = (source: string) => (examples.value = EXAMPLES.find((e) => e.source === source)?.id ?? '');
  return { el: examples, showSource };
}

// Preferences: theme, layout, run on edit, time limit (localStorage only).
export function prefsMenu(prefs: Store<Prefs>): HTMLDetailsElement {
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
  return h('details', { class: 'prefs menu' },
    h('summary', {}, 'Preferences'),
    h('div', { class: 'menu-body' }, h('label', {}, 'Theme', theme), h('label', {}, 'Layout', layout),
      h('label', { class: 'inline' }, runOnEdit, ' run on edit'),
      h('label', { class: 'inline', for: 'pref-time-limit' }, 'time limit (s) ', limit),
      h('p', { class: 'muted small' }, 'Kept in this browser only; never part of a link.')));
}

// `glossary`: opened by the menu's Glossary button; the expert box shows the scheduler's own names.
export function helpMenu(glossary: Glossary): HTMLDetailsElement {
  const open = h('button', { type: 'button', 'data-testid': 'open-glossary' }, 'Glossary');
  const expert = h('input', { type: 'checkbox', 'data-testid': 'expert-words' });
  expert.checked = expertWords();
  expert.addEventListener('change', () => setExpertWords(expert.checked));
  const menu = h('details', { class: 'help menu' },
    h('summary', { 'aria-label': 'help' }, '?'),
    h('div', { class: 'menu-body' },
      h('dl', { class: 'shortcuts' },
        h('dt', {}, 'Ctrl/⌘+Enter'), h('dd', {}, 'run the scheduler'),
        h('dt', {}, 'Ctrl/⌘+S'), h('dd', {}, 'copy a share link'),
        h('dt', {}, 'Ctrl/⌘+F'), h('dd', {}, 'search the snippet'),
        h('dt', {}, 'Tab / Shift+Tab'), h('dd', {}, 'leave the editor, move between controls'),
        h('dt', {}, 'Enter on a table row'), h('dd', {}, 'show the op in the source')),
      h('p', { class: 'small' }, 'Hover or click an op anywhere (source line, table row, heatmap chip, placement step, timeline bar) to highlight it in every pane. The step slider of the placement steps replays the reservation table entry by entry.'),
      open, h('label', { class: 'inline', title: 'show the scheduler’s own names for units, methods, checks and outcomes instead of plain words' }, expert, ' expert words')));
  open.addEventListener('click', () => {
    menu.open = false;
    glossary.open();
  });
  return menu;
}
