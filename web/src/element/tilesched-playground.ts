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
// height (px: the view scrolls past it), state (a share-link fragment "v=1&s=…", used instead
// of the text).

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
    const { text, swallowed } = snippetOf(this);
    mountElement(this, this.shadowRoot!, text, SITE_BASE, swallowed);
  }
}

if (!customElements.get('tilesched-playground')) customElements.define('tilesched-playground', TileschedPlayground);
