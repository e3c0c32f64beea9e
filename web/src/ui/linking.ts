// Links every view of one block: hovering or selecting an op anywhere (editor line, table row,
// heatmap cell, trace entry, timeline bar) highlights it everywhere.
import { Store } from '../state/state';

export interface LinkState {
  hover: number | null; // op id under the pointer
  selected: number | null; // op id last clicked
}

export class LinkBus extends Store<LinkState> {
  constructor() {
    super({ hover: null, selected: null });
  }

  hover(op: number | null): void {
    if (this.get().hover !== op) this.update({ hover: op });
  }

  select(op: number | null): void {
    this.update({ selected: op });
  }

  // The ops to draw as linked: the hovered one, else the selected one.
  active(): Set<number> {
    const { hover, selected } = this.get();
    const id = hover ?? selected;
    return new Set(id === null ? [] : [id]);
  }
}

// Wires pointer, focus and keyboard events of elements carrying data-op inside `root` to the bus.
export function bindOpEvents(root: HTMLElement | SVGElement, bus: LinkBus, onActivate?: (op: number) => void): void {
  const opOf = (t: EventTarget | null): number | null => {
    const el = (t as Element | null)?.closest?.('[data-op]') as HTMLElement | null;
    return el && root.contains(el) ? Number(el.dataset.op) : null;
  };
  root.addEventListener('mouseover', (e) => bus.hover(opOf(e.target)));
  root.addEventListener('mouseleave', () => bus.hover(null));
  // Keyboard focus links like the pointer does.
  root.addEventListener('focusin', (e) => bus.hover(opOf(e.target)));
  root.addEventListener('focusout', () => bus.hover(null));
  root.addEventListener('click', (e) => {
    const op = opOf(e.target);
    if (op === null) return;
    bus.select(op);
    onActivate?.(op);
  });
  root.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key !== 'Enter') return;
    const op = opOf(e.target);
    if (op === null) return;
    bus.select(op);
    onActivate?.(op);
  });
}
