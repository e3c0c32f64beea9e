// Every result pane, by id. A pane id added to PANES (state/state.ts: the ids a link can name)
// must have a factory here, or the playground does not type-check.
import type { PaneId } from '../state/state';
import type { PaneFactory } from './pane';
import { dependenceGraphPane } from './dependence-graph';
import { gateTracePane } from './gate-trace';
import { rrtPane } from './rrt-heatmap';
import { stageTablePane } from './stage-table';
import { irPane, jsonPane } from './text-view';
import { timelinePane } from './timeline';

export const PANE_REGISTRY: Record<PaneId, PaneFactory> = {
  table: stageTablePane,
  rrt: rrtPane,
  trace: gateTracePane,
  timeline: timelinePane,
  graph: dependenceGraphPane,
  ir: irPane,
  json: jsonPane,
};
