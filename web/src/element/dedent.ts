// Snippet text written inline in an HTML page.

// Removes the indentation common to every non-blank line (snippets are indented in HTML).
export function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n') + '\n';
}

// The text of a <script type="text/mlir"> child as the snippet writer escaped it
// (app/embed-snippets.ts, scriptSafe): of the backslashes after a `<` in front of `/script` or
// `!--`, the first is the escape's.
export const scriptText = (text: string) => text.replace(/<\\(\\*)(\/script|!--)/gi, '<$1$2');

// The snippet of a <tilesched-playground>: its <script type="text/mlir"> child, else its own
// text. In the latter case any element inside is text that HTML read as a tag (`!tt.ptr<f16>`
// opens an <f16> element) and dropped: `swallowed` names them, so the view can say what is missing.
export function snippetOf(el: Element): { text: string; swallowed: string[] } {
  const script = el.querySelector(':scope > script[type="text/mlir"]');
  if (script) return { text: dedent(scriptText(script.textContent ?? '')), swallowed: [] };
  const tags = [...el.querySelectorAll('*')].map((e) => `<${e.localName}>`);
  return { text: dedent(el.textContent ?? ''), swallowed: [...new Set(tags)] };
}
