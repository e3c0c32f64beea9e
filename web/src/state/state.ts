// The playground's shareable state (what a link reproduces) and a small observable store.
import { DEFAULT_OPTIONS, type ScheduleOptions } from '../engine/options';
import type { CompareSpec } from '../model/compare';

export const PANES = ['why', 'table', 'rrt', 'memory', 'trace', 'timeline', 'graph', 'ir', 'json'] as const;
export type PaneId = (typeof PANES)[number];

export const PANE_TITLES: Record<PaneId, string> = {
  why: 'Why this II',
  table: 'Stage / order',
  rrt: 'Reservation table',
  memory: 'Memory',
  trace: 'Placement steps',
  timeline: 'Timeline',
  graph: 'Dependence graph',
  ir: 'Materialized IR',
  json: 'JSON',
};

// An embedder's `panes=` list ("rrt, table"): known panes, in the given order, once each.
export function paneList(text: string | null): PaneId[] {
  const ids = (text ?? '').split(',').map((p) => p.trim()).filter((p): p is PaneId => (PANES as readonly string[]).includes(p));
  return [...new Set(ids)];
}

export interface AppState {
  source: string;
  options: ScheduleOptions;
  compare: CompareSpec | null; // the other side of a comparison: what it changes
  panes: PaneId[]; // open result panes, in PANES order
  block: number; // selected scheduled block
  split: number; // the source column's share of the width side by side, in percent
}

// The source column's share that the splitter allows (the results keep room for a stage table),
// and the share a link without one opens with.
export const EDITOR_SHARE = { min: 20, max: 70, default: 42 };

export function defaultState(source = ''): AppState {
  return {
    source,
    options: { ...DEFAULT_OPTIONS },
    compare: null,
    panes: ['table', 'rrt', 'trace', 'timeline'],
    block: 0,
    split: EDITOR_SHARE.default,
  };
}

// The state after an edit of the source. A model picked for one input is not carried over to
// another: when the edit replaced the whole text (a paste over everything), the model goes back to
// the one the IR's target picks (docs/decisions.md, "The target from the IR").
export function editedSource(s: AppState, source: string, replacedAll: boolean): Partial<AppState> {
  if (!replacedAll || s.options.model === 'ir') return { source };
  return { source, options: { ...s.options, model: 'ir' } };
}

type Listener<T> = (value: T, previous: T) => void;

export class Store<T extends object> {
  private listeners = new Set<Listener<T>>();

  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  update(patch: Partial<T>): void {
    const previous = this.value;
    this.value = { ...previous, ...patch };
    for (const l of [...this.listeners]) l(this.value, previous);
  }

  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
