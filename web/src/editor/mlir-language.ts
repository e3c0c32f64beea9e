// MLIR-like highlighting for nv_tileas snippets (SPEC §2): op names, %SSA values, ^blocks,
// @symbols, #attribute aliases, attribute keys, types, strings, numbers, comments.
import { HighlightStyle, StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language';
import { tags } from '@lezer/highlight';

interface MlirState {
  typeDepth: number; // > 0 inside the <...> of a type such as tensor<128x64xf16>
}

const BUILTIN_TYPES = /^(?:index|none|tensor|memref|vector|tuple|complex|bf16|tf32|[fiu]\d+|si\d+|ui\d+)$/;
const KEYWORDS = /^(?:module|func\.func|attributes|iter_args|to|step|loc|array|dense|unit|return|yield)$/;
const ATOMS = /^(?:true|false)$/;

function typeBody(stream: StringStream, state: MlirState): string {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === '<') state.typeDepth++;
    else if (ch === '>' && --state.typeDepth === 0) break;
  }
  return 'typeName';
}

export const mlirStreamParser: StreamParser<MlirState> = {
  name: 'mlir',
  startState: () => ({ typeDepth: 0 }),
  token(stream, state) {
    if (state.typeDepth > 0) return typeBody(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    // Generic op form: "dialect.op"( ... ) — the quoted name is the op.
    if (stream.match(/^"[A-Za-z_][\w$]*(?:\.[\w$]+)+"(?=\s*\()/)) return 'keyword';
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    // Materialized pipeline values (seed 003): %Pipe_<N>, %Mutex_<N>.
    if (stream.match(/^%(?:Pipe|Mutex)_\d+(?![\w$.-])/)) return 'atom';
    if (stream.match(/^%[\w$.-]+(?::\d+|#\d+)?/)) return 'variableName';
    if (stream.match(/^\^[\w$.-]+/)) return 'labelName';
    if (stream.match(/^@[\w$.-]+/) || stream.match(/^@"(?:[^"\\]|\\.)*"/)) return 'variableName.special';
    if (stream.match(/^#[\w$.-]+/)) return 'meta';
    if (stream.match(/^![\w$.-]+/)) {
      if (stream.peek() === '<') return typeBody(stream, state);
      return 'typeName';
    }
    if (stream.match(/^-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/)) return 'number';
    if (stream.match(/^[A-Za-z_][\w$.-]*(?=\s*=(?!=))/)) return 'propertyName';
    const word = stream.match(/^[A-Za-z_][\w$.]*/) as RegExpMatchArray | null;
    if (word) {
      const w = word[0];
      if (ATOMS.test(w)) return 'bool';
      if (KEYWORDS.test(w)) return 'keyword';
      if (BUILTIN_TYPES.test(w)) return stream.peek() === '<' ? typeBody(stream, state) : 'typeName';
      if (w.includes('.')) return 'keyword'; // custom-form op: dialect.op
      return 'name';
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '//' } },
};

export const mlirLanguage = StreamLanguage.define(mlirStreamParser);

// Colours come from CSS variables so one style serves the light and the dark theme.
export const mlirHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--syn-op)', fontWeight: '600' },
  { tag: tags.comment, color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: tags.bool, color: 'var(--syn-number)' },
  { tag: tags.atom, color: 'var(--syn-pipe)', fontWeight: '700' },
  { tag: tags.variableName, color: 'var(--syn-ssa)' },
  { tag: tags.special(tags.variableName), color: 'var(--syn-symbol)' },
  { tag: tags.labelName, color: 'var(--syn-symbol)' },
  { tag: tags.typeName, color: 'var(--syn-type)' },
  { tag: tags.meta, color: 'var(--syn-attr)' },
  { tag: tags.propertyName, color: 'var(--syn-attr)' },
]);
