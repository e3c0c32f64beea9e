// Turns the JSON text returned by the core into the typed model of types.ts. The core is the
// authority on content; this only checks the shape, so a document from a newer or older core
// degrades to absent optional panes instead of a crash in a pane.
import { modelReason, wordMessage, type MessageFields, type Remedy } from './wording';
import type {
  Agent, BelowII, Block, ChunkModel, Compaction, Diagnostic, Edge, Estimate, ScheduleEstimate, Span, MII, Memory, MemoryBuffer, NestedLoop, Op,
  OpConstraints, Optimality, RRT, Refinement, RegionSummary, Ring, ScheduleDocument, Selection, Severity, TraceEntry,
  TritonBlock, TritonOp, Unit, Violation,
} from './types';
import type { TraceArm, TraceGate, TraceOutcome } from '../generated/vocabulary';
import { BELOW_II_RESULT, BLOCK_GENERATOR, BLOCK_STATUS, CHUNK_MODEL_SOURCE, isOneOf } from './document-schema';

export class DocumentError extends Error {}

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, dflt = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);
const str = (v: unknown, dflt = ''): string => (typeof v === 'string' ? v : dflt);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function need(obj: Json, key: string, where: string): unknown {
  if (!(key in obj)) throw new DocumentError(`${where}: missing "${key}"`);
  return obj[key];
}

function parseDiagnostic(v: unknown): Diagnostic {
  const d = isObj(v) ? v : {};
  const sev = str(d.severity, 'error');
  const severity: Severity = sev === 'warning' || sev === 'note' ? sev : 'error';
  const line = num(d.line);
  const col = num(d.col);
  return {
    severity, line, col,
    end_line: num(d.end_line, line),
    end_col: num(d.end_col, col),
    message: wordMessage({ message: str(d.message), id: str(d.id), fields: parseFields(d.fields) }),
    file: str(d.file),
    id: str(d.id),
  };
}

// A message's fields (strings and numbers; absent for a plain message).
function parseFields(v: unknown): MessageFields {
  const out: MessageFields = {};
  if (isObj(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number') out[k] = x;
  return out;
}

function parseFootprint(v: unknown): string[][] {
  return arr(v).map((row) => arr(row).map((r) => String(r)));
}

function parseOp(v: unknown, index: number): Op {
  if (!isObj(v)) throw new DocumentError(`ops[${index}] is not an object`);
  const where = `ops[${index}]`;
  return {
    id: num(need(v, 'id', where)),
    name: str(need(v, 'name', where)),
    line: num(v.line),
    stage: num(v.stage, -1),
    order: num(v.order, -1),
    cycle: num(v.cycle, -1),
    latency: num(v.latency),
    footprint: parseFootprint(v.footprint),
    group: typeof v.group === 'number' ? v.group : null,
    label: str(v.label),
    constraints: parseConstraints(v),
    triton: parseTritonOp(v),
    nested_loop: parseNestedLoop(v.nested_loop),
  };
}

function parseNestedLoop(v: unknown): NestedLoop | null {
  if (!isObj(v)) return null;
  return {
    block: num(v.block, -1), scheduled: v.scheduled === true, ii: num(v.ii), stage_count: num(v.stage_count),
    length: num(v.length), trip_count: num(v.trip_count), trip_count_known: v.trip_count_known === true,
    duration: num(v.duration), reason: str(v.reason),
  };
}

// The model of each `// -----` chunk, by chunk index (absent from documents of older cores).
function parseChunkModels(v: unknown): Array<ChunkModel | null> {
  return arr(v).map((c) => {
    const m = isObj(c) && isObj(c.model) ? c.model : null;
    if (!m || !isOneOf(CHUNK_MODEL_SOURCE, m.source)) return null;
    const model = {
      name: str(m.name), source: m.source, target: str(m.target),
      target_model: str(m.target_model), mismatch: m.mismatch === true, words: str(m.words), reason: str(m.reason),
    };
    return { ...model, reason: modelReason(model) };
  });
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function parseTritonOp(v: Json): TritonOp | null {
  const t = { stage: count(v.triton_stage), cluster: count(v.triton_cluster), latency: count(v.triton_latency) };
  return t.stage === null && t.cluster === null && t.latency === null ? null : t;
}

function parseTritonBlock(v: unknown): TritonBlock | null {
  if (!isObj(v)) return null;
  return {
    stage_count: num(v.stage_count), num_stages: count(v.num_stages),
    scheduled_max_stage: count(v.scheduled_max_stage), steered_ops: count(v.steered_ops),
  };
}

function parseSelection(v: unknown): Selection | null {
  if (!isObj(v)) return null;
  const remedies: Remedy[] = arr(v.remedies).filter(isObj).map((r) => ({
    id: str(r.id), attribute: str(r.attribute),
    option: str(r.option), value: typeof r.value === 'number' ? r.value : str(r.value),
  }));
  return { rule: str(v.rule), serial_threshold: num(v.serial_threshold), reason: str(v.reason), remedy: str(v.remedy), remedies };
}

function parseConstraints(v: Json): OpConstraints | null {
  if (typeof v.gid !== 'number') return null;
  return { gid: num(v.gid), leader_gid: num(v.leader_gid), max_depth: num(v.max_depth), force_serial: v.force_serial === true };
}

function parseSummary(v: unknown): RegionSummary | null {
  if (!isObj(v)) return null;
  return {
    op_count: num(v.op_count),
    // Documents before op_count_lowered counted the ops as written only.
    op_count_lowered: typeof v.op_count_lowered === 'number' ? v.op_count_lowered : num(v.op_count),
    has_tma: v.has_tma === true, has_wgmma: v.has_wgmma === true,
    has_async_pipeline: v.has_async_pipeline === true, force_serial: v.force_serial === true,
  };
}

function parseRefinement(v: unknown): Refinement | null {
  if (!isObj(v)) return null;
  return {
    rounds: num(v.rounds), converged: v.converged === true,
    budget_exceeded: v.budget_exceeded === true, budget_truncated: v.budget_truncated === true,
  };
}

function parseBuffer(v: unknown): MemoryBuffer {
  const b = isObj(v) ? v : {};
  const space = str(b.space);
  const kind = str(b.kind);
  return {
    value: str(b.value),
    space: space === 'tmem' || space === 'registers' ? space : 'smem',
    bytes_per_slot: count(b.bytes_per_slot), slots: num(b.slots, 1), bytes: count(b.bytes),
    kind: kind === 'allocation' || kind === 'tma-tile' ? kind : 'value',
    op: num(b.op, -1), line: num(b.line), region: num(b.region, -1),
  };
}

function parseMemory(v: unknown): Memory | null {
  if (!isObj(v)) return null;
  return {
    smem_bytes: num(v.smem_bytes), smem_budget: count(v.smem_budget),
    tmem_bytes: num(v.tmem_bytes), tmem_budget: count(v.tmem_budget),
    register_bytes: num(v.register_bytes), fits: typeof v.fits === 'boolean' ? v.fits : null,
    unknown_buffers: num(v.unknown_buffers), rounds: arr(v.rounds).map((r) => str(r)),
  };
}

function span(v: unknown): Span {
  const a = arr(v);
  return [num(a[0]), num(a[1])];
}

function parseScheduleEstimate(v: unknown): ScheduleEstimate | null {
  if (!isObj(v)) return null;
  return {
    cycles_per_iteration: span(v.cycles_per_iteration), ns_per_iteration: span(v.ns_per_iteration), bound: str(v.bound),
    tiles_in_flight: num(v.tiles_in_flight), smem_per_cta: num(v.smem_per_cta), ctas_per_sm: num(v.ctas_per_sm),
    cta_limit: str(v.cta_limit),
    bounds: arr(v.bounds).map((b) => (isObj(b) ? { what: str(b.what), cycles: span(b.cycles) } : { what: '', cycles: [0, 0] as Span })),
  };
}

function parseEstimate(v: unknown): Estimate | null {
  if (!isObj(v)) return null;
  const schedule = parseScheduleEstimate(v.schedule);
  if (!schedule) return null;
  return {
    gpu: str(v.gpu), data: str(v.data), ii_units: v.ii_units === 'seed' ? 'seed' : 'sm-cycles', clock_mhz: span(v.clock_mhz),
    warps: num(v.warps), warps_assumed: v.warps_assumed === true, registers_per_thread: num(v.registers_per_thread),
    registers_limit: num(v.registers_limit), registers_over_limit: v.registers_over_limit === true,
    smem_from_ir: v.smem_from_ir === true, flops_per_iteration: count(v.flops_per_iteration),
    tflops_per_gpu: Array.isArray(v.tflops_per_gpu) ? span(v.tflops_per_gpu) : null, schedule, triton: parseScheduleEstimate(v.triton),
    assumptions: arr(v.assumptions).map((a) => str(a)),
  };
}

function parseEdge(v: unknown): Edge {
  const e = isObj(v) ? v : {};
  const edge: Edge = {
    src: num(e.src), dst: num(e.dst), latency: num(e.latency),
    distance: num(e.distance), kind: str(e.kind, 'data'),
  };
  if (typeof e.ring === 'string') edge.ring = e.ring;
  return edge;
}

function parseRing(v: unknown): Ring {
  const r = isObj(v) ? v : {};
  return {
    value: str(r.value), kind: r.kind === 'barrier' ? 'barrier' : 'buffer', slots: num(r.slots),
    proven: r.proven === true, reason: str(r.reason),
    depth_from: r.depth_from === 'aref' || r.depth_from === 'rotation' ? r.depth_from : 'leading_dimension',
  };
}

function parseAgent(v: unknown): Agent {
  const a = isObj(v) ? v : {};
  const role = a.role === 'producer' || a.role === 'compute' ? a.role : 'unassigned';
  const ints = (x: unknown): number[] => arr(x).map((n) => num(n));
  const strs = (x: unknown): string[] => arr(x).map((s) => str(s));
  return {
    name: str(a.name), role, partition: num(a.partition, -1), warps: num(a.warps), warps_stated: a.warps_stated === true,
    max_regs: num(a.max_regs), ops: ints(a.ops), first_stage: num(a.first_stage), last_stage: num(a.last_stage),
    units: strs(a.units),
  };
}

function parseMII(v: unknown): MII | null {
  if (!isObj(v)) return null;
  return {
    resource: num(v.resource), recurrence: num(v.recurrence),
    fine_density: num(v.fine_density), dependency: num(v.dependency),
    binding: str(v.binding),
    binding_capacity: num(v.binding_capacity),
    binding_ops: arr(v.binding_ops).filter(isObj).map((s) => ({ op: num(s.op, -1), units: num(s.units) })),
    critical_cycle: arr(v.critical_cycle).map((x) => num(x)),
    critical_edges: arr(v.critical_edges).map((x) => num(x, -1)),
  };
}

function parseBelow(v: unknown): BelowII[] {
  return arr(v).filter(isObj).filter((b) => isOneOf(BELOW_II_RESULT, b.result)).map((b) => ({
    ii: num(b.ii), result: b.result as BelowII['result'], op: num(b.op, -1), resource: str(b.resource),
    reason: str(b.reason),
  }));
}

function parseOptimality(v: unknown): Optimality | null {
  if (!isObj(v)) return null;
  const status = str(v.status);
  if (status !== 'proven' && status !== 'bound') return null;
  return {
    status,
    lower_bound: num(v.lower_bound),
    stage_bound: num(v.stage_bound),
    stages_proven: v.stages_proven === true,
  };
}

function parseCompaction(v: unknown): Compaction | null {
  if (!isObj(v) || v.ran !== true) return null;
  return {
    ran: true,
    stages_from: num(v.stages_from),
    stages_to: num(v.stages_to),
    crossings_from: num(v.crossings_from),
    crossings_to: num(v.crossings_to),
  };
}

function parseRRT(v: unknown): RRT | null {
  if (!isObj(v)) return null;
  const resources = arr(v.resources).map((r) => {
    const o = isObj(r) ? r : {};
    return { name: str(o.name), capacity: Math.max(1, num(o.capacity, 1)), kind: str(o.kind) };
  });
  const occupied = arr(v.occupied).map((r) => {
    const o = isObj(r) ? r : {};
    return {
      row: num(o.row),
      cells: arr(o.cells).map((c) => {
        const cell = isObj(c) ? c : {};
        return { resource: num(cell.resource, -1), ops: arr(cell.ops).map((x) => num(x, -1)) };
      }),
    };
  });
  return { ii: num(v.ii), resources, occupied };
}

const units = (v: unknown): Unit[] =>
  arr(v).filter((u): u is unknown[] => Array.isArray(u) && u.length === 2).map((u) => [num(u[0]), num(u[1])]);

function parseTrace(v: unknown): TraceEntry[] | null {
  if (!Array.isArray(v)) return null;
  return v.map((t, i) => {
    const o = isObj(t) ? t : {};
    return {
      step: num(o.step, i), ii: num(o.ii), arm: str(o.arm) as TraceArm, op: num(o.op, -1),
      cycle: num(o.cycle, -1), gate: str(o.gate, '-') as TraceGate, outcome: str(o.outcome) as TraceOutcome,
      reason: str(o.reason), trial: o.trial === true, partner: num(o.partner, -1),
      rrt_reset: o.rrt_reset === true, rrt_add: units(o.rrt_add), rrt_remove: units(o.rrt_remove), cells: units(o.cells),
      cells_dropped: num(o.cells_dropped),
      conflicts: arr(o.conflicts).map((c) => {
        const x = isObj(c) ? c : {};
        return { row: num(x.row), resource: num(x.resource), ops: arr(x.ops).map((id) => num(id)) };
      }),
      conflicts_dropped: num(o.conflicts_dropped),
      bounds: arr(o.bounds).map((b) => {
        const x = isObj(b) ? b : {};
        return { side: x.side === 'latest' ? 'latest' : 'earliest', cycle: num(x.cycle), op: num(x.op, -1), edge: num(x.edge, -1), path: x.path === true };
      }),
      leader: num(o.leader, -1), stage: num(o.stage, -1), limit: num(o.limit, -1),
    };
  });
}

function parseViolation(v: unknown): Violation {
  if (typeof v === 'string') return { kind: '', message: v, ops: [] };
  const o = isObj(v) ? v : {};
  const ops = arr(o.ops).map((x) => num(x));
  for (const k of ['op', 'other_op']) if (typeof o[k] === 'number' && (o[k] as number) >= 0) ops.push(o[k] as number);
  return { kind: str(o.kind), message: str(o.message, JSON.stringify(o)), ops };
}

// The structured placement failure, its message in the page's words.
function parseFailure(f: Json): Json {
  if (typeof f.message !== 'string') return { ...f };
  return { ...f, message: wordMessage({ message: f.message, id: str(f.id), fields: parseFields(f.fields) }) };
}

function parseBlock(v: unknown, index: number, models: Array<ChunkModel | null>): Block {
  if (!isObj(v)) throw new DocumentError(`blocks[${index}] is not an object`);
  const where = `blocks[${index}]`;
  const generator = str(need(v, 'generator', where));
  const status = str(need(v, 'status', where));
  if (!isOneOf(BLOCK_GENERATOR, generator)) throw new DocumentError(`${where}: unknown generator "${generator}"`);
  if (!isOneOf(BLOCK_STATUS, status)) throw new DocumentError(`${where}: unknown status "${status}"`);
  const ops = arr(need(v, 'ops', where)).map(parseOp);
  return {
    name: str(v.name, `block ${index}`),
    line: num(v.line),
    model: typeof v.chunk === 'number' ? models[v.chunk] ?? null : null,
    generator,
    status,
    ii: num(v.ii),
    ii_units: v.ii_units === 'sm-cycles' ? 'sm-cycles' : 'seed',
    stage_count: num(v.stage_count),
    mii: parseMII(v.mii),
    optimality: parseOptimality(v.optimality),
    compaction: parseCompaction(v.compaction),
    below: parseBelow(v.below),
    summary: parseSummary(v.summary),
    selection: parseSelection(v.selection),
    triton: parseTritonBlock(v.triton),
    refinement: parseRefinement(v.refinement),
    ops,
    edges: arr(v.edges).map(parseEdge),
    rings: arr(v.rings).map(parseRing),
    agents: arr(v.agents).map(parseAgent),
    rrt: parseRRT(v.rrt),
    trace: parseTrace(v.trace),
    trace_dropped: num(v.trace_dropped),
    violations: arr(v.violations).map(parseViolation),
    buffers: arr(v.buffers).map(parseBuffer),
    memory: parseMemory(v.memory),
    estimate: parseEstimate(v.estimate),
    failure: isObj(v.failure) ? parseFailure(v.failure) : null,
    ir: typeof v.ir === 'string' ? v.ir : null,
  };
}

// The document as the core returned it: its text, or (from the worker) its UTF-8 bytes, which
// are decoded only if someone looks (the JSON pane), not on every run.
export type RawDocument = string | Uint8Array;
const decoded = new WeakMap<Uint8Array, string>();

export function rawText(raw: RawDocument): string {
  if (typeof raw === 'string') return raw;
  let text = decoded.get(raw);
  if (text === undefined) decoded.set(raw, (text = new TextDecoder().decode(raw)));
  return text;
}

export const SUPPORTED_VERSION = 1;

export function parseDocument(text: string): ScheduleDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new DocumentError(`the core returned invalid JSON: ${(e as Error).message}`);
  }
  if (!isObj(raw)) throw new DocumentError('the core returned JSON that is not an object');
  const version = num(raw.version, -1);
  if (version !== SUPPORTED_VERSION) {
    throw new DocumentError(`unsupported document version ${version} (this playground reads ${SUPPORTED_VERSION})`);
  }
  const models = parseChunkModels(raw.chunks);
  return {
    version,
    diagnostics: arr(raw.diagnostics).map(parseDiagnostic),
    blocks: arr(raw.blocks).map((b, i) => parseBlock(b, i, models)),
    ir: typeof raw.ir === 'string' && raw.ir !== '' ? raw.ir : null,
    model: str(raw.model),
    tool: str(raw.tool),
  };
}
