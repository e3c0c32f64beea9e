// The source editor: CodeMirror 6 with MLIR-like highlighting, diagnostics as squiggles,
// Ctrl/Cmd+Enter to run, and line highlights for the op that is hovered anywhere else.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorSelection, EditorState, RangeSetBuilder, StateEffect, StateField, type Extension } from '@codemirror/state';
import {
  Decoration, type DecorationSet, EditorView, drawSelection, highlightActiveLine,
  highlightActiveLineGutter, keymap, lineNumbers,
} from '@codemirror/view';
import type { Diagnostic } from '../engine/types';
import { diagnosticRange } from './diagnostics';
import { mlirHighlight, mlirLanguage } from './mlir-language';

export interface SourceEditorConfig {
  parent: HTMLElement;
  root?: ShadowRoot | Document;
  doc: string;
  readOnly?: boolean;
  label?: string; // the text's accessible name
  // `replacedAll`: the edit replaced the whole text (a paste over everything): a new input.
  onChange?: (text: string, replacedAll: boolean) => void;
  onRun?: () => void;
  onShare?: () => void;
  onHoverLine?: (line: number | null) => void; // 1-based line under the pointer
  onCursorLine?: (line: number) => void;
}

const setHighlightedLines = StateEffect.define<number[]>();

const highlightedLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setHighlightedLines)) continue;
      const b = new RangeSetBuilder<Decoration>();
      for (const n of [...new Set(e.value)].sort((a, c) => a - c)) {
        if (n >= 1 && n <= tr.state.doc.lines) {
          b.add(tr.state.doc.line(n).from, tr.state.doc.line(n).from, Decoration.line({ class: 'cm-op-linked' }));
        }
      }
      deco = b.finish();
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'var(--bg-editor)', color: 'var(--fg)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-gutter)', color: 'var(--fg-muted)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--bg-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--bg-active-line)' },
  // CodeMirror's own focus ring (1px dotted) was lost against the page; the page's focus colour.
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-2px' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--bg-selection)' },
  '.cm-op-linked': { backgroundColor: 'var(--bg-linked)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
});

// The common extensions of every MLIR view (source editor and the read-only IR pane).
export function mlirViewExtensions(): Extension[] {
  return [
    lineNumbers(), drawSelection(), bracketMatching(), highlightSelectionMatches(),
    mlirLanguage, syntaxHighlighting(mlirHighlight), editorTheme, highlightedLines,
  ];
}

export class SourceEditor {
  readonly view: EditorView;

  constructor(cfg: SourceEditorConfig) {
    const runKeys = keymap.of([
      { key: 'Mod-Enter', preventDefault: true, run: () => (cfg.onRun?.(), true) },
      { key: 'Mod-s', preventDefault: true, run: () => (cfg.onShare?.(), true) },
    ]);
    const extensions: Extension[] = [
      runKeys,
      ...mlirViewExtensions(),
      highlightActiveLine(), highlightActiveLineGutter(), history(), lintGutter(), EditorView.lineWrapping,
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap]),
      EditorView.contentAttributes.of({ 'aria-label': cfg.label ?? 'nv_tileas snippet', 'data-testid': 'editor-content', tabindex: '0' }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) {
          let replacedAll = false;
          u.changes.iterChangedRanges((fromA, toA) => {
            replacedAll ||= fromA === 0 && toA > 0 && toA === u.startState.doc.length;
          });
          cfg.onChange?.(u.state.doc.toString(), replacedAll);
        }
        if (u.selectionSet && !u.docChanged) cfg.onCursorLine?.(u.state.doc.lineAt(u.state.selection.main.head).number);
      }),
      EditorView.domEventHandlers({
        mousemove: (e, view) => {
          const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
          cfg.onHoverLine?.(pos === null ? null : view.state.doc.lineAt(pos).number);
        },
        mouseleave: () => cfg.onHoverLine?.(null),
      }),
    ];
    if (cfg.readOnly) extensions.push(EditorState.readOnly.of(true), EditorView.editable.of(false));
    this.view = new EditorView({
      parent: cfg.parent,
      root: cfg.root,
      state: EditorState.create({ doc: cfg.doc, extensions }),
    });
  }

  text(): string {
    return this.view.state.doc.toString();
  }

  setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  showDiagnostics(diags: Diagnostic[]): void {
    const doc = this.view.state.doc;
    const cm: CmDiagnostic[] = diags
      .filter((d) => d.file === '')
      .map((d) => ({ ...diagnosticRange(doc, d), severity: d.severity === 'note' ? 'info' : d.severity, message: d.message }));
    this.view.dispatch(setDiagnostics(this.view.state, cm));
  }

  highlightLines(lines: number[]): void {
    this.view.dispatch({ effects: setHighlightedLines.of(lines) });
  }

  // Scrolls so that 1-based `line` is the first line in view (the cursor stays).
  scrollToLine(line: number): void {
    const doc = this.view.state.doc;
    const from = doc.line(Math.max(1, Math.min(line, doc.lines))).from;
    this.view.dispatch({ effects: EditorView.scrollIntoView(from, { y: 'start' }) });
  }

  // Moves the cursor to a diagnostic or an op and shows it.
  reveal(d: Pick<Diagnostic, 'line' | 'col' | 'end_line' | 'end_col'>, focus = true): void {
    const doc = this.view.state.doc;
    const { from } = diagnosticRange(doc, { ...d, severity: 'note', message: '', file: '' });
    this.view.dispatch({ selection: EditorSelection.cursor(from), effects: EditorView.scrollIntoView(from, { y: 'center' }) });
    if (focus) this.view.focus();
  }
}
