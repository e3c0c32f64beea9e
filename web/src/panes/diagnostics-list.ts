// The clickable list of diagnostics under the editor.
import type { Diagnostic } from '../engine/types';
import { h } from '../ui/dom';
import { locationText } from '../editor/diagnostics';

// The first SHOWN diagnostics are listed (the editor marks every one); a button lists the rest.
const SHOWN = 100;

export function renderDiagnostics(diags: Diagnostic[], onPick: (d: Diagnostic) => void, limit = SHOWN): HTMLElement {
  const list = h('ul', { class: 'diagnostics', 'data-testid': 'diagnostics', 'aria-label': 'diagnostics' });
  for (const d of diags.slice(0, limit)) {
    const where = d.file ? `${d.file}:${locationText(d)}` : locationText(d);
    const item = h('li', { class: `diag diag-${d.severity}`, 'data-testid': 'diagnostic' },
      h('button', { type: 'button', class: 'diag-button', disabled: d.file !== '' || d.line === 0 },
        h('span', { class: 'diag-loc' }, where),
        h('span', { class: `diag-sev sev-${d.severity}` }, d.severity),
        h('span', { class: 'diag-msg' }, d.message)));
    item.querySelector('button')!.addEventListener('click', () => onPick(d));
    list.append(item);
  }
  if (diags.length > limit) {
    const more = h('button', { type: 'button', class: 'link', 'data-testid': 'more-diagnostics' },
      `${diags.length - limit} more (marked in the editor's gutter): list them all`);
    more.addEventListener('click', () => list.replaceWith(renderDiagnostics(diags, onPick, diags.length)));
    list.append(h('li', { class: 'diag more' }, more));
  }
  return list;
}
