// The clickable list of diagnostics under the editor.
import type { Diagnostic } from '../engine/types';
import { h } from '../app/dom';
import { locationText } from '../editor/diagnostics';

export function renderDiagnostics(diags: Diagnostic[], onPick: (d: Diagnostic) => void): HTMLElement {
  const list = h('ul', { class: 'diagnostics', 'data-testid': 'diagnostics', 'aria-label': 'diagnostics' });
  for (const d of diags) {
    const where = d.file ? `${d.file}:${locationText(d)}` : locationText(d);
    const item = h('li', { class: `diag diag-${d.severity}`, 'data-testid': 'diagnostic' },
      h('button', { type: 'button', class: 'diag-button', disabled: d.file !== '' || d.line === 0 },
        h('span', { class: 'diag-loc' }, where),
        h('span', { class: `diag-sev sev-${d.severity}` }, d.severity),
        h('span', { class: 'diag-msg' }, d.message)));
    item.querySelector('button')!.addEventListener('click', () => onPick(d));
    list.append(item);
  }
  return list;
}
