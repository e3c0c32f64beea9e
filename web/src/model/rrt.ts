// Resource reservation tables as the heatmap draws them: per modulo row, which op holds which
// slot/pool unit. The final table comes from the document; the replay rebuilds the table at any
// step of the gate trace from its commit/uncommit entries (probe-before-commit, seed 001).
import type { Block, Op, RRT, RRTCell, RRTResource } from '../engine/types';

// Resources named by the ops' footprints, for documents without an `rrt` key.
function resourcesFromFootprints(ops: Op[]): RRTResource[] {
  const names: string[] = [];
  for (const op of ops) for (const row of op.footprint) for (const r of row) if (!names.includes(r)) names.push(r);
  return names.map((name) => ({ name, capacity: 1, kind: '' }));
}

export function blockResources(block: Block): RRTResource[] {
  return block.rrt?.resources.length ? block.rrt.resources : resourcesFromFootprints(block.ops);
}

// The cells `op` occupies when issued at `cycle` on a table of `ii` rows.
function footprintCells(op: Op, cycle: number, ii: number, index: Map<string, number>): Array<[number, RRTCell]> {
  const cells: Array<[number, RRTCell]> = [];
  op.footprint.forEach((names, k) => {
    const row = (((cycle + k) % ii) + ii) % ii;
    for (const name of names) {
      const resource = index.get(name);
      if (resource !== undefined) cells.push([row, { resource, op: op.id }]);
    }
  });
  return cells;
}

function emptyTable(ii: number, resources: RRTResource[]): RRT {
  return { ii, resources, rows: Array.from({ length: Math.max(ii, 0) }, () => []) };
}

// The table of the final schedule: the document's own when present, else rebuilt from the ops.
export function finalRRT(block: Block): RRT | null {
  if (block.rrt) return block.rrt;
  if (block.ii <= 0) return null;
  const resources = blockResources(block);
  const index = new Map(resources.map((r, i) => [r.name, i]));
  const table = emptyTable(block.ii, resources);
  for (const op of block.ops) {
    if (op.cycle < 0) continue;
    for (const [row, cell] of footprintCells(op, op.cycle, block.ii, index)) table.rows[row].push(cell);
  }
  return table;
}

// Outcomes that change the table. A new candidate II starts from an empty table (seed 001:
// clear_resource_table per II); 'clear' is the strategy ladder's clear-and-retry.
const COMMIT = 'commit';
const UNCOMMIT = 'uncommit';
const CLEAR = 'clear';

// The table after trace entries [0, step] have been applied; null before the first entry with
// an II.
export function replayRRT(block: Block, step: number): RRT | null {
  const trace = block.trace ?? [];
  const resources = blockResources(block);
  const index = new Map(resources.map((r, i) => [r.name, i]));
  const opById = new Map(block.ops.map((o) => [o.id, o]));
  let table: RRT | null = null;
  for (let i = 0; i <= step && i < trace.length; i++) {
    const t = trace[i];
    if (t.ii > 0 && (!table || table.ii !== t.ii)) table = emptyTable(t.ii, resources);
    if (!table) continue;
    if (t.outcome === CLEAR) {
      table = emptyTable(table.ii, resources);
      continue;
    }
    const op = opById.get(t.op);
    if (!op || t.cycle < 0) continue;
    if (t.outcome === COMMIT) {
      for (const [row, cell] of footprintCells(op, t.cycle, table.ii, index)) table.rows[row].push(cell);
    } else if (t.outcome === UNCOMMIT) {
      for (const [row, cell] of footprintCells(op, t.cycle, table.ii, index)) {
        const cells = table.rows[row];
        const at = cells.findIndex((c) => c.resource === cell.resource && c.op === cell.op);
        if (at >= 0) cells.splice(at, 1);
      }
    }
  }
  return table;
}

// usage[resource][row] = units held.
export function usage(table: RRT): number[][] {
  const u = table.resources.map(() => new Array<number>(table.ii).fill(0));
  table.rows.forEach((cells, row) => {
    for (const c of cells) if (c.resource >= 0 && c.resource < u.length) u[c.resource][row]++;
  });
  return u;
}
