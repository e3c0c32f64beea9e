// The toolbar's Share menu: the link (selectable), copy link, copy as Markdown, a note on the
// link's length (or why the snippet has no link), and the embed snippets (./embed-snippets).
import type { ScheduleDocument } from '../engine/types';
import { linkable } from '../state/share';
import type { AppState, Store } from '../state/state';
import { h } from '../ui/dom';
import { EXAMPLES } from '../panes/examples';
import { embedSection } from './embed-snippets';
import { copyText, isLongLink, markdownFor, shareUrl } from './share-actions';

export class SharePanel {
  private input = h('input', { type: 'text', readonly: true, class: 'share-url', 'data-testid': 'share-url', 'aria-label': 'share link' });
  private note = h('p', { class: 'share-note', 'data-testid': 'share-note', role: 'status' });
  private copyLinkButton = h('button', { type: 'button', 'data-testid': 'copy-link' }, 'Copy link');
  private copyMdButton = h('button', { type: 'button', 'data-testid': 'copy-markdown' }, 'Copy as Markdown');
  readonly el = h('details', { class: 'share menu' },
    h('summary', { 'data-testid': 'share' }, 'Share'),
    h('div', { class: 'menu-body' },
      h('label', {}, 'Link', this.input), h('div', { class: 'row' }, this.copyLinkButton, this.copyMdButton), this.note));
  private embed: { el: HTMLElement; refresh: () => void };

  constructor(private state: Store<AppState>, private doc: () => ScheduleDocument | null) {
    this.embed = embedSection(() => this.state.get(), () => {
      const example = EXAMPLES.find((e) => e.source === this.state.get().source);
      const block = this.doc()?.blocks[0];
      return example?.title ?? (block ? `tilesched: ${block.name}` : 'tilesched example');
    });
    this.el.querySelector('.menu-body')!.append(this.embed.el);
    this.el.addEventListener('toggle', () => this.refresh());
    this.copyLinkButton.addEventListener('click', () => void this.copyLink());
    this.copyMdButton.addEventListener('click', async () => {
      const ok = await copyText(markdownFor(this.url(), this.state.get(), this.doc()));
      this.note.textContent = ok ? 'Markdown copied.' : 'Copy blocked by the browser.';
    });
  }

  private url(): string {
    return shareUrl(location.href, this.state.get());
  }

  private refresh(): void {
    if (!linkable(this.state.get())) {
      this.input.value = '';
      this.note.textContent = 'This snippet is too large for a link (over 2 MB once unpacked). Share it as a file instead.';
      this.note.classList.add('warn');
      return;
    }
    const url = this.url();
    this.input.value = url;
    this.embed.refresh();
    this.note.textContent = isLongLink(url)
      ? `This link is ${url.length} characters long; many chat tools cut links above 2000. Share a shorter snippet, or paste the Markdown instead.`
      : `${url.length} characters.`;
    this.note.classList.toggle('warn', isLongLink(url));
  }

  // Opens the menu and copies the link (Ctrl/Cmd+S); where the browser blocks the clipboard the
  // link is left selected.
  async copyLink(): Promise<void> {
    this.refresh();
    this.el.open = true;
    const ok = await copyText(this.input.value);
    if (!ok) this.input.select();
    this.note.textContent = (ok ? 'Link copied. ' : 'Copy blocked by the browser: the link is selected, press Ctrl+C. ') + this.note.textContent;
  }
}
