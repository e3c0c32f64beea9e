// The materialized IR (Pipe_/Mutex_ values, per-op nv_tile.aws.stage/order) in a read-only
// MLIR view.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { mlirViewExtensions } from '../editor/editor';

export class IRPane {
  readonly el: HTMLElement;
  private view: EditorView;

  constructor(root?: ShadowRoot | Document) {
    this.el = document.createElement('div');
    this.el.className = 'ir-pane';
    this.el.dataset.testid = 'ir';
    this.view = new EditorView({
      parent: this.el,
      root,
      state: EditorState.create({ doc: '', extensions: [...mlirViewExtensions(), EditorState.readOnly.of(true), EditorView.editable.of(false)] }),
    });
  }

  show(text: string): void {
    if (text === this.view.state.doc.toString()) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }
}
