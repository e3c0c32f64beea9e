import { describe, expect, it } from 'vitest';
import { elementSnippet, iframeSnippet, scriptSafe } from '../../src/app/embed-snippets';
import { defaultState } from '../../src/state/state';
import { scriptText, snippetOf } from '../../src/element/dedent';

describe('embed snippets', () => {
  const s = defaultState('%p : tensor<64x!tt.ptr<f16>>\n// </script> in a comment\n');
  const settings = { base: 'https://docs.example.org/ts', title: 'A "GEMM" <loop>', readOnly: true, panes: ['table', 'graph'] as const, theme: 'dark' as const, height: 640 };
  it('the element snippet carries the source unescaped in a script child, its switches as attributes', () => {
    const e = elementSnippet(s, { ...settings, panes: [...settings.panes] });
    expect(e).toContain('<script type="module" src="https://docs.example.org/ts/tilesched-playground.js"></script>');
    expect(e).toContain('<tilesched-playground title="A &quot;GEMM&quot; &lt;loop>" panes="table,graph" readonly theme="dark">');
    expect(e).toContain('%p : tensor<64x!tt.ptr<f16>>\n// <\\/script> in a comment');
  });
  it('the iframe snippet has a title, the flags in its query and the state in its fragment', () => {
    const f = iframeSnippet(s, { ...settings, base: './', panes: [...settings.panes] });
    expect(f).toMatch(/^<iframe src="\.\/embed\.html\?readonly=1&amp;panes=table%2Cgraph&amp;theme=dark&amp;title=A\+%22GEMM%22\+%3Cloop%3E#v=2&amp;s=[\w-]+" title="A &quot;GEMM&quot; &lt;loop>" width="100%" height="640"/);
  });
  it('the element reads its script child back to the source, and names what HTML swallowed', () => {
    // Stand-ins for the element as the HTML parser leaves it (the unit tests have no DOM).
    const withScript = { querySelector: () => ({ textContent: `\n  ${scriptSafe('a<f16> </script>')}\n` }), querySelectorAll: () => [] };
    expect(snippetOf(withScript as unknown as Element)).toEqual({ text: 'a<f16> </script>\n', swallowed: [] });
    const swallowed = { querySelector: () => null, querySelectorAll: () => [{ localName: 'f16' }, { localName: 'f16' }], textContent: '  %p : tensor<64x!tt.ptr>\n' };
    expect(snippetOf(swallowed as unknown as Element)).toEqual({ text: '%p : tensor<64x!tt.ptr>\n', swallowed: ['<f16>'] });
  });
  it('the script child holds neither `</script` nor `<!--`, and reads back every source exactly', () => {
    // An MLIR comment is enough to hold `<!--<script`, which would put the browser's tokenizer in
    // its double-escaped state and skip the snippet's own `</script>`.
    const sources = ['// <!--<script>\n%a = x\n', 'a <\\/script b', '<\\\\!-- <\\!-- <!-- </SCRIPT > </script', '<\\', '<!-', '</scrip', 'x<\\/scriptx<\\!--'];
    for (const source of sources) {
      const written = scriptSafe(source);
      expect(written).not.toMatch(/<\/script|<!--/i);
      expect(scriptText(written)).toBe(source);
      const e = elementSnippet(defaultState(source), { ...settings, panes: [...settings.panes] });
      const inner = e.slice(e.indexOf('<script type="text/mlir">\n') + 26, e.lastIndexOf('\n</script>'));
      expect(inner).not.toMatch(/<\/script|<!--/i);
      expect(scriptText(inner)).toBe(source.replace(/\n$/, ''));
    }
  });
});
