// Messages between the engine host (main thread) and the scheduler worker. The worker parses
// the core's document itself and sends it in parts: each message is deserialised in a task of
// its own on the main thread, so a document of 20,000 ops never blocks the page in one piece.
import type { Block, ScheduleDocument } from './types';

export interface InitRequest {
  type: 'init';
  module: WebAssembly.Module | null; // compiled by an earlier worker; null = compile here
}

export interface ScheduleRequest {
  type: 'schedule';
  id: number;
  view: string; // the view that asked (the reply goes back to it by id)
  source: string;
  options: string; // optionsJson of the Embind call
}

export type HostMessage = InitRequest | ScheduleRequest;

export interface ReadyReply {
  type: 'ready';
  version: string;
  module: WebAssembly.Module; // for the host to hand to the next worker
}

export interface InitErrorReply {
  type: 'init-error';
  error: string;
}

export interface ScheduleReply {
  type: 'result';
  id: number;
  ok: boolean;
  json?: Uint8Array; // the document as the core returned it, UTF-8 (transferred, not copied)
  doc?: ScheduleDocument; // parsed, its long lists still empty: they follow in `parts` messages
  parts?: number;
  error?: string;
  ms: number;
}

// The long lists of a document, cut into parts.
type ListField = 'ops' | 'edges' | 'trace' | 'rrt';

export interface DocumentPart {
  type: 'part';
  id: number;
  block: number;
  field: ListField;
  items: unknown[];
}

export type WorkerMessage = ReadyReply | InitErrorReply | ScheduleReply | DocumentPart;

const PART_ITEMS = 2000;

function list(b: Block, field: ListField): unknown[] {
  if (field === 'rrt') return b.rrt?.occupied ?? [];
  return field === 'trace' ? b.trace ?? [] : b[field];
}

// Splits `doc` into a shell (every list emptied) and the parts that refill it, in order.
export function splitDocument(doc: ScheduleDocument, id: number): { shell: ScheduleDocument; parts: DocumentPart[] } {
  const parts: DocumentPart[] = [];
  const blocks = doc.blocks.map((b, block) => {
    const empty: Block = { ...b, ops: [], edges: [], trace: b.trace ? [] : null, rrt: b.rrt ? { ...b.rrt, occupied: [] } : null };
    for (const field of ['ops', 'edges', 'trace', 'rrt'] as const) {
      const items = list(b, field);
      for (let i = 0; i < items.length; i += PART_ITEMS) parts.push({ type: 'part', id, block, field, items: items.slice(i, i + PART_ITEMS) });
    }
    return empty;
  });
  return { shell: { ...doc, blocks }, parts };
}

// Puts a part back into the shell it was cut from.
export function mergePart(doc: ScheduleDocument, part: DocumentPart): void {
  const target = list(doc.blocks[part.block], part.field);
  for (const item of part.items) target.push(item);
}
