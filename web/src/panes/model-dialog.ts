// Target-model editor: the model JSON (SPEC §3) in a JSON editor, started from a built-in model
// or from the current custom one.
import { json } from '@codemirror/lang-json';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { BUILTIN_MODELS } from '../engine/options';
import { h } from '../ui/dom';
import { editorTheme } from '../editor/editor';

export interface ModelDialogConfig {
  builtinJson: (name: string) => Promise<string>;
  onApply: (json: string) => void;
}

export class ModelDialog {
  readonly el = h('dialog', { class: 'model-dialog', 'data-testid': 'model-dialog', 'aria-label': 'target model' });
  private view: EditorView;
  private error = h('p', { class: 'dialog-error', role: 'alert' });

  constructor(private cfg: ModelDialogConfig) {
    const host = h('div', { class: 'model-editor' });
    this.view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: '',
        extensions: [lineNumbers(), history(), bracketMatching(), json(), syntaxHighlighting(defaultHighlightStyle),
          editorTheme, keymap.of([...defaultKeymap, ...historyKeymap])],
      }),
    });
    const start = h('select', { 'aria-label': 'start from a built-in model' },
      h('option', { value: '' }, 'start from…'), ...BUILTIN_MODELS.map((m) => h('option', { value: m }, m)));
    start.addEventListener('change', async () => {
      if (!start.value) return;
      this.setText(await cfg.builtinJson(start.value));
      start.value = '';
    });
    const apply = h('button', { type: 'button', class: 'primary', 'data-testid': 'apply-model' }, 'Use this model');
    apply.addEventListener('click', () => this.apply());
    const cancel = h('button', { type: 'button' }, 'Cancel');
    cancel.addEventListener('click', () => this.el.close());
    this.el.append(
      h('header', {}, h('h2', {}, 'Target model'), start),
      h('p', { class: 'muted small' }, 'Slots (singleton RRT bits), capacity pools and the op table: latency, footprint rows, pool requests. Errors in the model are reported with their JSON line and column.'),
      host, this.error,
      h('footer', {}, cancel, apply));
  }

  private setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  async open(current: string, fallbackBuiltin: string): Promise<void> {
    this.error.textContent = '';
    this.setText(current || (await this.cfg.builtinJson(fallbackBuiltin)));
    this.el.showModal();
    this.view.focus();
  }

  private apply(): void {
    const text = this.view.state.doc.toString();
    try {
      JSON.parse(text);
    } catch (e) {
      this.error.textContent = `Not valid JSON: ${(e as Error).message}`;
      return;
    }
    this.cfg.onApply(text);
    this.el.close();
  }
}
