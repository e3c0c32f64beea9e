// Resource reservation tables as the heatmap draws them: per occupied modulo row, which ops hold
// which slot/pool. The final table is the document's own (`rrt.occupied`, computed by the core);
// the replay rebuilds the table at any step of the gate trace from its commit/uncommit entries
// (probe-before-commit, seed 001). Tables are sparse: a block at II 31 000 000 has as many
// entries as its footprints, not one per row.
import type { Block, Op, RRT, RRTResource, RRTRow } from '../engine/types';

// Up to this II the heatmap shows every modulo row; above it, the occupied rows only.
export const ALL_ROWS_UP_TO_II = 256;

// Resources named by the ops' footprints, for documents without an `rrt` key.
function resourcesFromFootprints(ops: Op[]): RRTResource[] {
  const names: string[] = [];
  for (const op of ops) for (const row of op.footprint) for (const r of row) if (!names.includes(r)) names.push(r);
  return names.map((name) => ({ name, capacity: 1, kind: '' }));
}

export function blockResources(block: Block): RRTResource[] {
  return block.rrt?.resources.length ? block.rrt.resources : resourcesFromFootprints(block.ops);
}

// row -> resource -> op ids (one per unit), while a table is being built or replayed.
type Cells = Map<number, Map<number, number[]>>;

// Each unit `op` holds when issued at `cycle` on a table of `ii` rows: [row, resource].
function footprintUnits(op: Op, cycle: number, ii: number, index: Map<string, number>): Array<[number, number]> {
  const units: Array<[number, number]> = [];
  op.footprint.forEach((names, k) => {
    const row = (((cycle + k) % ii) + ii) % ii;
    for (const name of names) {
      const resource = index.get(name);
      if (resource !== undefined) units.push([row, resource]);
    }
  });
  return units;
}

function hold(cells: Cells, row: number, resource: number, op: number): void {
  let byResource = cells.get(row);
  if (!byResource) cells.set(row, (byResource = new Map()));
  const ops = byResource.get(resource);
  if (ops) ops.push(op);
  else byResource.set(resource, [op]);
}

function release(cells: Cells, row: number, resource: number, op: number): void {
  const byResource = cells.get(row);
  const ops = byResource?.get(resource);
  const at = ops ? ops.indexOf(op) : -1;
  if (!byResource || !ops || at < 0) return;
  ops.splice(at, 1);
  if (!ops.length) byResource.delete(resource);
  if (!byResource.size) cells.delete(row);
}

// The document's shape: rows ascending, resources ascending, op ids ascending in each cell.
function toTable(ii: number, resources: RRTResource[], cells: Cells): RRT {
  const occupied: RRTRow[] = [...cells.keys()].sort((a, b) => a - b).map((row) => ({
    row,
    cells: [...cells.get(row)!.entries()]
      .sort(([a], [b]) => a - b)
      .map(([resource, ops]) => ({ resource, ops: [...ops].sort((a, b) => a - b) })),
  }));
  return { ii, resources, occupied };
}

// The table of the final schedule: the document's own when present, else rebuilt from the ops
// (documents of older cores).
export function finalRRT(block: Block): RRT | null {
  if (block.rrt) return block.rrt;
  if (block.ii <= 0) return null;
  const resources = blockResources(block);
  const index = new Map(resources.map((r, i) => [r.name, i]));
  const cells: Cells = new Map();
  for (const op of block.ops) {
    if (op.cycle < 0) continue;
    for (const [row, resource] of footprintUnits(op, op.cycle, block.ii, index)) hold(cells, row, resource, op.id);
  }
  return toTable(block.ii, resources, cells);
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
  let ii = 0;
  let cells: Cells = new Map();
  for (let i = 0; i <= step && i < trace.length; i++) {
    const t = trace[i];
    if (t.ii > 0 && t.ii !== ii) {
      ii = t.ii;
      cells = new Map();
    }
    if (ii <= 0) continue;
    if (t.outcome === CLEAR) {
      cells = new Map();
      continue;
    }
    const op = opById.get(t.op);
    if (!op || t.cycle < 0) continue;
    if (t.outcome === COMMIT) {
      for (const [row, resource] of footprintUnits(op, t.cycle, ii, index)) hold(cells, row, resource, op.id);
    } else if (t.outcome === UNCOMMIT) {
      for (const [row, resource] of footprintUnits(op, t.cycle, ii, index)) release(cells, row, resource, op.id);
    }
  }
  return ii > 0 ? toTable(ii, resources, cells) : null;
}

// The ops holding `resource` in modulo row `row`, one id per unit.
export type CellLookup = (row: number, resource: number) => number[];

export function cellLookup(table: RRT): CellLookup {
  const byRow = new Map(table.occupied.map((r) => [r.row, new Map(r.cells.map((c) => [c.resource, c.ops]))]));
  return (row, resource) => byRow.get(row)?.get(resource) ?? [];
}

// The modulo rows a heatmap shows: all of them for a small II, else the occupied ones.
export function shownRows(table: RRT): number[] {
  if (table.ii <= ALL_ROWS_UP_TO_II) return Array.from({ length: Math.max(table.ii, 0) }, (_, row) => row);
  return table.occupied.map((r) => r.row);
}

// Resources holding at least one unit in some row.
export function usedResources(table: RRT): Set<number> {
  const used = new Set<number>();
  for (const r of table.occupied) for (const c of r.cells) if (c.ops.length) used.add(c.resource);
  return used;
}
