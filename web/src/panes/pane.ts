// A result pane: one view of the selected block (the stage table, the heatmap, the trace…), drawn
// by the results view into a titled section. Each pane is created once per results view, from its
// factory in the registry (./registry.ts), and keeps its own state (a filter, a scroll position)
// across renders. A pane knows nothing of the page around it: what it needs from it is the host.
import type { RawDocument } from '../engine/parse';
import type { Block, ScheduleDocument } from '../engine/types';
import type { LinkBus } from '../ui/linking';

// What the results view offers each pane for the pane's lifetime.
export interface PaneHost {
  bus: LinkBus; // the linked op (hovered or selected anywhere)
  root?: ShadowRoot | Document; // the document the pane lives in (an embed's shadow root)
  hideEmpty: () => boolean; // preference: hide empty reservation-table slots
  setHideEmpty: (v: boolean) => void;
  reveal: (op: number) => void; // show the op in the source
  redraw: () => void; // a control of the pane changed what it draws: draw the open panes again
  labels: (block: Block, other: Block) => [string, string]; // a comparison's headings (this side, the other)
}

// What one render draws: the selected block, and the block it is compared with, if any.
export interface PaneInput {
  block: Block;
  other?: Block;
  doc: ScheduleDocument;
  json: RawDocument; // the document as the core returned it
}

// A render's output: the pane body, the controls for its title bar, and whether the body scrolls
// itself (a windowed pane draws only what it shows, so the section must not scroll it).
export interface PaneContent {
  body: Node;
  controls?: HTMLElement | null;
  windowed?: boolean;
}

export interface Pane {
  render(input: PaneInput): PaneContent;
  // The linked ops changed; panes that draw on a canvas or outside data-op markup redraw the marks.
  linksChanged?(): void;
}

export type PaneFactory = (host: PaneHost) => Pane;
