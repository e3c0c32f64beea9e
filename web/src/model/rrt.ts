// Resource reservation tables as the heatmap draws them: per occupied modulo row, which ops hold
// which slot/pool. The final table is the document's own (`rrt.occupied`); the replay rebuilds
// the table at any step of the gate trace from the table changes the core wrote into it. The
// page never computes which modulo row a unit occupies: the core owns that rule. Tables are
// sparse: a block at II 31 000 000 has as many entries as its footprints, not one per row.
import type { Block, RRT, RRTResource, RRTRow } from '../engine/types';

// Up to this II the heatmap shows every modulo row; above it, the occupied rows only.
export const ALL_ROWS_UP_TO_II = 256;

// row -> resource -> op ids (one per unit), while a table is being replayed.
type Cells = Map<number, Map<number, number[]>>;

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

// The table of the final schedule, as the core published it (null when the block has no II).
export function finalRRT(block: Block): RRT | null {
  return block.rrt && block.rrt.ii > 0 ? block.rrt : null;
}

// The table after trace entries [0, step]: their table changes applied in order (emptied on
// `rrt_reset`, then the units of `rrt_add` taken and those of `rrt_remove` freed). The core
// computes every unit's modulo row (docs/json-document.md, "Replaying the reservation table");
// null before the first table.
export function replayRRT(block: Block, step: number): RRT | null {
  const trace = block.trace ?? [];
  const resources = block.rrt?.resources ?? [];
  let ii = 0;
  let cells: Cells = new Map();
  for (let i = 0; i <= step && i < trace.length; i++) {
    const t = trace[i];
    if (t.rrt_reset) {
      cells = new Map();
      ii = t.ii;
    }
    for (const [row, resource] of t.rrt_add) hold(cells, row, resource, t.op);
    for (const [row, resource] of t.rrt_remove) release(cells, row, resource, t.op);
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
