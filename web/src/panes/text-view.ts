// A read-only text pane: the materialized IR (Pipe_/Mutex_ values, per-op nv_tile.aws.stage/order)
// with MLIR highlighting, or the JSON document as the core returned it. CodeMirror draws only
// the lines in view, so a document of several MB opens without freezing the page.
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { editorTheme, mlirViewExtensions } from '../editor/editor';

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
