// <tilesched-playground>: a live scheduling example inside a documentation page. The snippet
// is the element's text; the view loads only when the element scrolls near the viewport and
// renders in a shadow root, so page CSS cannot break it. This script stays small: everything
// else is a lazily imported chunk.
//
//   <script type="module" src="https://…/tilesched-playground.js"></script>
//   <tilesched-playground title="Hopper GEMM" generator="cost-based" panes="table,rrt" readonly>
//   <script type="text/mlir">
//     scf.for ... { ... tensor<64x!tt.ptr<f16>> ... }
//   </script>
//   </tilesched-playground>
//
// The snippet is best given in a <script type="text/mlir"> child: HTML leaves its text alone, so
// `<f16>` needs no escaping; only `</script` and `<!--` do, written `<\/script` and `<\!--`
// (one backslash after such a `<` is removed; Share → Embed writes them). Written as the element's own text, HTML reads such text as tags and
// drops it; the view then says so above the editor.
// Attributes: title (names the example for screen readers), generator (auto|serial|cost-based),
// model (blackwell|hopper; without it, the IR's ttg.target picks the model), ii-cap,
// panes (comma list of table,rrt,trace,timeline,graph,ir), readonly, theme (light|dark),
// height (px: the view scrolls past it), state (a share-link fragment "v=2&s=…", used instead
// of the text), src (a file of the page's own site holding the snippet, used instead of the
// text), lines ("12-30": the lines the editor shows; default: from the first loop line).

import { snippetOf } from './dedent';

const SITE_BASE = new URL(/* @vite-ignore */ './', import.meta.url).href;

class TileschedPlayground extends HTMLElement {
  private started = false;
  private observer: IntersectionObserver | null = null;

  connectedCallback(): void {
    if (this.started) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<div part="placeholder" style="font:13px system-ui,sans-serif;color:#888;padding:12px;border:1px dashed #bbb;border-radius:8px">tilesched example (loads when visible)</div>';
    if (!('IntersectionObserver' in window)) {
      void this.start();
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void this.start();
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    const { mountElement } = await import('./element-view');
    const src = this.getAttribute('src');
    if (src !== null) {
      const { text, error } = await fetchSource(src);
      mountElement(this, this.shadowRoot!, text, SITE_BASE, [], error);
      return;
    }
    const { text, swallowed } = snippetOf(this);
    mountElement(this, this.shadowRoot!, text, SITE_BASE, swallowed);
  }
}

// The snippet of a `src` attribute: a file of the page's own origin (a docs site serves its
// kernels beside its pages), so a snippet need not carry the source; another origin is refused
// (it would be another site's text run in this page's name).
async function fetchSource(src: string): Promise<{ text: string; error: string }> {
  const url = new URL(src, document.baseURI);
  if (url.origin !== location.origin) return { text: '', error: `The source ${src} is on another site (${url.origin}); src= loads only files of this page's own site.` };
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return { text: '', error: `The source ${src} could not be loaded: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.` };
    return { text: await res.text(), error: '' };
  } catch (e) {
    return { text: '', error: `The source ${src} could not be loaded: ${(e as Error).message}.` };
  }
}

if (!customElements.get('tilesched-playground')) customElements.define('tilesched-playground', TileschedPlayground);
