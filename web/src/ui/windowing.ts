// Windowing: a pane renders only what its scroller shows (plus a margin), so a loop of 20,000
// ops costs as much DOM as one of 20. `WindowedRows` does it for lists of fixed-height rows (the
// stage table, the gate trace) with one tab stop and arrow-key moves (a roving tabindex); the
// heatmap and the timeline window in two dimensions with `visibleRange` and `onScrollFrame`.

// Items [first, last) of size `size` starting at `start` that meet the window [from, from + length).
export function visibleRange(from: number, length: number, start: number, size: number, count: number, margin = 6): { first: number; last: number } {
  const first = Math.max(0, Math.floor((from - start) / size) - margin);
  const last = Math.min(count, Math.ceil((from + length - start) / size) + margin);
  return { first: Math.min(first, last), last };
}

// Calls `draw` once per animation frame while `scroller` scrolls or the window resizes.
export function onScrollFrame(scroller: HTMLElement, draw: () => void): void {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (scroller.isConnected) draw();
    });
  };
  scroller.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
}

// False when `el` is not in the page yet (a pane is built, then inserted): `draw` then runs once
// it is, at the end of the current task (a microtask; a frame later if it is still out), so a
// pane is drawn once, at its real size, before it is first painted.
export function connectedOrLater(el: HTMLElement, draw: () => void): boolean {
  if (el.isConnected) return true;
  queueMicrotask(() => {
    if (el.isConnected) draw();
    else requestAnimationFrame(() => { if (el.isConnected) draw(); });
  });
  return false;
}

// A scroller's visible height, or a guess before it has been laid out.
export const viewportHeight = (scroller: HTMLElement, guess = 600) => scroller.clientHeight || guess;
export const viewportWidth = (scroller: HTMLElement, guess = 800) => scroller.clientWidth || guess;

export interface WindowedRowsConfig {
  scroller: HTMLElement; // scrolls vertically; holds `body`
  body: HTMLElement; // <tbody> or <ol>: receives the rows and two spacers
  rowHeight: number; // px, as the CSS fixes it
  row: (index: number) => HTMLElement; // builds row `index`
  spacer: (height: number) => HTMLElement;
  onActivate?: (index: number) => void; // Enter on a row
  onFocusRow?: (index: number) => void;
}

const PAGE_KEYS: Record<string, (active: number, page: number, count: number) => number> = {
  ArrowDown: (a) => a + 1,
  ArrowUp: (a) => a - 1,
  PageDown: (a, p) => a + p,
  PageUp: (a, p) => a - p,
  Home: () => 0,
  End: (_, __, n) => n - 1,
};

export class WindowedRows {
  private count = 0;
  private active = 0;
  private range = { first: 0, last: 0 };

  constructor(private cfg: WindowedRowsConfig) {
    onScrollFrame(cfg.scroller, () => this.draw(false));
    cfg.body.addEventListener('keydown', (e) => this.onKey(e));
    cfg.body.addEventListener('focusin', (e) => {
      const i = this.indexOf(e.target);
      if (i === null) return;
      this.setActive(i);
      cfg.onFocusRow?.(i);
    });
  }

  // Shows `count` rows (row(i) is asked again for every row that comes into view).
  setCount(count: number, active = Math.min(this.active, Math.max(0, count - 1))): void {
    this.count = count;
    this.active = active;
    this.draw(true);
  }

  // Scrolls row `index` into view (centred when it was out of view), draws it and focuses it.
  focus(index: number, takeFocus = true): void {
    if (this.count === 0) return;
    const i = Math.min(Math.max(0, index), this.count - 1);
    const s = this.cfg.scroller;
    const top = this.bodyTop() + i * this.cfg.rowHeight;
    const h = viewportHeight(s);
    if (top < s.scrollTop || top + this.cfg.rowHeight > s.scrollTop + h) {
      s.scrollTop = top - (takeFocus ? Math.max(0, h / 2 - this.cfg.rowHeight) : 0);
    }
    this.active = i;
    this.draw(true);
    if (takeFocus) this.rowElement(i)?.focus({ preventScroll: true });
  }

  redraw(): void {
    this.draw(true);
  }

  private bodyTop(): number {
    const s = this.cfg.scroller;
    if (!s.isConnected) return 0;
    return this.cfg.body.getBoundingClientRect().top - s.getBoundingClientRect().top + s.scrollTop;
  }

  private draw(force: boolean): void {
    const s = this.cfg.scroller;
    if (!connectedOrLater(s, () => this.draw(true))) return;
    // The scroller's height follows its content: give it the full height before measuring it.
    if (!this.cfg.body.firstChild) this.cfg.body.append(this.cfg.spacer(this.count * this.cfg.rowHeight));
    const range = visibleRange(s.scrollTop, viewportHeight(s), this.bodyTop(), this.cfg.rowHeight, this.count);
    if (!force && range.first === this.range.first && range.last === this.range.last) return;
    this.range = range;
    const focused = this.cfg.body.contains(document.activeElement) ? this.active : null;
    const rows: HTMLElement[] = [];
    for (let i = range.first; i < range.last; i++) {
      const row = this.cfg.row(i);
      row.dataset.index = String(i);
      row.tabIndex = -1;
      rows.push(row);
    }
    // One tab stop: the active row, or the first one drawn when the active one is out of view.
    const stop = rows[this.active - range.first] ?? rows[0];
    if (stop) stop.tabIndex = 0;
    this.cfg.body.replaceChildren(
      this.cfg.spacer(range.first * this.cfg.rowHeight), ...rows,
      this.cfg.spacer((this.count - range.last) * this.cfg.rowHeight));
    if (focused !== null) this.rowElement(focused)?.focus({ preventScroll: true });
  }

  private rowElement(i: number): HTMLElement | null {
    return this.cfg.body.querySelector(`:scope > [data-index="${i}"]`);
  }

  private indexOf(target: EventTarget | null): number | null {
    const el = (target as Element | null)?.closest?.('[data-index]') as HTMLElement | null;
    return el && el.parentElement === this.cfg.body ? Number(el.dataset.index) : null;
  }

  private setActive(i: number): void {
    if (i === this.active) return;
    this.rowElement(this.active)?.setAttribute('tabindex', '-1');
    this.active = i;
    this.rowElement(i)?.setAttribute('tabindex', '0');
  }

  private onKey(e: KeyboardEvent): void {
    const i = this.indexOf(e.target);
    if (i === null) return;
    if (e.key === 'Enter' && this.cfg.onActivate) {
      this.cfg.onActivate(i);
      return;
    }
    const move = PAGE_KEYS[e.key];
    if (!move) return;
    e.preventDefault();
    const page = Math.max(1, Math.floor(viewportHeight(this.cfg.scroller) / this.cfg.rowHeight) - 1);
    this.focus(move(i, page, this.count));
  }
}
