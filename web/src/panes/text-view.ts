// A read-only text pane: the materialized IR (Pipe_/Mutex_ values, per-op nv_tile.aws.stage/order)
// with MLIR highlighting, or the JSON document as the core returned it. CodeMirror draws only
// the lines in view, so a document of several MB opens without freezing the page.
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { editorTheme, mlirViewExtensions } from '../editor/editor';
import { rawText } from '../engine/parse';
import { h } from '../ui/dom';
import { expertWords } from '../ui/expert-words';
import type { PaneFactory } from './pane';

export class TextView {
  readonly el: HTMLElement;
  private view: EditorView;
  private shown = '';

  constructor(root: ShadowRoot | Document | undefined, opts: { mlir: boolean; testid: string; label: string }) {
    this.el = document.createElement('div');
    this.el.className = 'text-view';
    this.el.dataset.testid = opts.testid;
    const language = opts.mlir ? mlirViewExtensions() : [lineNumbers(), editorTheme];
    this.view = new EditorView({
      parent: this.el,
      root,
      state: EditorState.create({
        doc: '',
        extensions: [...language, EditorState.readOnly.of(true), EditorView.editable.of(false),
          // Focusable although read-only, so a keyboard can scroll it and select text.
          EditorView.contentAttributes.of({ 'aria-label': opts.label, tabindex: '0' })],
      }),
    });
  }

  show(text: string): void {
    if (text === this.shown) return;
    this.shown = text;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }
}

// The materialized IR of the block (or of the whole input), with a count of its Pipe_ and Mutex_ values.
export const irPane: PaneFactory = (host) => {
  let view: TextView | null = null;
  return {
    render({ block, doc }) {
      view ??= new TextView(host.root, { mlir: true, testid: 'ir', label: 'materialized IR' });
      const text = block.ir ?? doc.ir;
      view.show(text ?? '');
      const count = (kind: string) => (text?.match(new RegExp(`%${kind}_\\d+ =`, 'g')) ?? []).length;
      const [pipes, mutexes] = [count('Pipe'), count('Mutex')];
      const words = expertWords() ? `${pipes} Pipe_, ${mutexes} Mutex_ values`
        : `${pipes} ${pipes === 1 ? 'value' : 'values'} kept across stages, ${mutexes} shared ${mutexes === 1 ? 'unit' : 'units'} taken in turn`;
      const summary = text ? h('span', { class: 'muted small', 'data-testid': 'ir-summary', title: 'the %Pipe_ and %Mutex_ values of the IR below' }, words) : null;
      return { controls: summary, body: text ? view.el : h('p', { class: 'muted' }, 'The core returned no materialized IR.') };
    },
  };
};

// The document as the core returned it (already indented), in a view that draws only the lines
// in view; the download is the same bytes.
export const jsonPane: PaneFactory = (host) => {
  let view: TextView | null = null;
  return {
    render({ json }) {
      const download = h('button', { type: 'button', 'data-testid': 'download-json' }, 'Download');
      download.addEventListener('click', () => {
        const a = h('a', { href: URL.createObjectURL(new Blob([json as BlobPart], { type: 'application/json' })), download: 'tilesched-schedule.json' });
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      });
      view ??= new TextView(host.root, { mlir: false, testid: 'json', label: 'schedule document (JSON)' });
      view.show(rawText(json));
      return { controls: download, body: view.el };
    },
  };
};
