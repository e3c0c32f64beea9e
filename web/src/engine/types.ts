import type { TraceArm, TraceGate, TraceOutcome } from '../generated/vocabulary';
import type { Remedy } from './wording';
import type {
  JsonAgent, JsonBelowII, JsonBlockGenerator, JsonBlockStatus, JsonBuffer, JsonBufferSpace, JsonChunkModel, JsonCompaction,
  JsonDiagnosticSeverity, JsonEstimate, JsonMemory, JsonNestedLoop, JsonOptimality, JsonPerfBound, JsonRRT,
  JsonRRTCell, JsonRRTResource, JsonRRTRow, JsonRefinement, JsonRing, JsonScheduleEstimate, JsonSummary,
  JsonTraceBound, JsonTraceConflict,
} from './document-schema';

// The page's model of the SPEC §5.1 JSON document (`--emit=json`, and the WebAssembly API's
// return value), as engine/parse.ts builds it. The document itself, every key with its type and
// values, is the schema's (core/contract/json-document.json; its TypeScript: engine/document-schema.ts);
// where the page keeps an object as the document writes it, its type here is the schema's. Keys beyond SPEC §5.1's (mii details,
// rrt, group, pipes, ir, ...) may be absent in documents from older cores.

export type Severity = JsonDiagnosticSeverity;

export interface Diagnostic {
  severity: Severity;
  line: number; // 1-based; 0 when the diagnostic has no location
  col: number; // 1-based
  end_line: number;
  end_col: number;
  message: string; // in the page's words (engine/wording.ts)
  file: string; // "" for the snippet; otherwise another input (a custom target model)
  id?: string; // the message's id when the core gave its fields as data; "" for a plain message
}

export type GeneratorName = JsonBlockGenerator;
export type BlockStatus = JsonBlockStatus;

export interface MII {
  resource: number;
  recurrence: number;
  fine_density: number;
  dependency: number;
  binding: string; // binding slot/pool of the resource bound ("" when none)
  binding_capacity: number; // its units per cycle
  binding_ops: Array<{ op: number; units: number }>; // the ops holding it, with their units per iteration
  critical_cycle: number[]; // op ids of the critical recurrence, in cycle order
  critical_edges: number[]; // the edge from each op of critical_cycle to the next (-1: a force-serial ordering)
}

export type BelowII = JsonBelowII;

export type Optimality = JsonOptimality;

export type Compaction = JsonCompaction;

// Row k lists the slots/pools the op holds in cycle k after issue (a pool once per unit).
export type Footprint = string[][];

export interface Op {
  id: number;
  name: string;
  line: number;
  stage: number;
  order: number;
  cycle: number;
  latency: number;
  footprint: Footprint;
  group: number | null; // constraint group (DSU root of its gid, seed 004)
  label: string; // result names or sched.label, for display ("" when none)
  constraints: OpConstraints | null;
  triton: TritonOp | null; // Triton's own schedule written on the op, when the input carries it
  nested_loop: NestedLoop | null; // the op is a loop whose own schedule gives its cost
}

export type NestedLoop = JsonNestedLoop;

export type ChunkModel = JsonChunkModel;

// loop.stage / loop.cluster / tt.latency as Triton's pipeliner left them on the op.
export interface TritonOp {
  stage: number | null;
  cluster: number | null;
  latency: number | null; // stages the op's users wait for it
}

// Triton's schedule of the loop: highest loop.stage + 1, and the loop's own attributes.
export interface TritonBlock {
  stage_count: number;
  num_stages: number | null;
  scheduled_max_stage: number | null;
  steered_ops: number | null; // ops tt.latency moved to a later stage (the Triton latencies option)
}

// Why the generator was chosen (the selection rule that matched), in the core's plain words.
export interface Selection {
  rule: string; // requested | force_serial | below_threshold | no_async_op | eligible
  serial_threshold: number;
  reason: string;
  remedy: string; // how to get a modulo schedule; "" for the cost-based generator
  remedies: Remedy[]; // the same as data, in order; [] for the cost-based generator
}

// The op's scheduling-constraint attributes as the constraint parser read them (seed 004).
export interface OpConstraints {
  gid: number;
  leader_gid: number;
  max_depth: number;
  force_serial: boolean;
}

export interface Edge {
  src: number;
  dst: number;
  latency: number;
  distance: number;
  kind: string;
  ring?: string; // memory / barrier edges whose distance is a ring slot coming round: the ring's value
}

export type Ring = JsonRing;

export type Agent = JsonAgent;

export type RRTResource = JsonRRTResource;

export type RRTCell = JsonRRTCell;

export type RRTRow = JsonRRTRow;

export type RRT = JsonRRT;

// [modulo row, resource index into RRT.resources]: one unit of a slot or pool.
export type Unit = [number, number];

export type TraceConflict = JsonTraceConflict;

export type TraceBound = JsonTraceBound;

// One step of the cost-based generator (docs/json-document.md, "trace"); the words are the
// core's own vocabulary, generated from C++ (generated/vocabulary.ts).
export interface TraceEntry {
  step: number;
  ii: number;
  arm: TraceArm;
  op: number; // -1 when the entry is not about one op
  cycle: number; // candidate start cycle, -1 when none
  gate: TraceGate;
  outcome: TraceOutcome;
  reason: string;
  trial: boolean; // an arm trying an alternative it undoes
  partner: number; // the op issued together with `op` (fuse), -1
  rrt_reset: boolean; // the replayed table is empty before this entry
  rrt_add: Unit[]; // units `op` takes
  rrt_remove: Unit[]; // units `op` frees
  cells: Unit[]; // a resource verdict: the units the candidate would hold at `cycle`, the first 32
  cells_dropped: number; // how many more, 0
  conflicts: TraceConflict[]; // G3 / probe, the first 32
  conflicts_dropped: number; // how many more, 0
  bounds: TraceBound[]; // dependence
  leader: number; // G1: the op it waits for, -1
  stage: number; // G2 / G4: the candidate's stage, -1
  limit: number; // G2: max depth; G4: the group's stage; -1
}

export interface Violation {
  kind: string;
  message: string;
  ops: number[]; // the ops it involves
}

export type RegionSummary = JsonSummary;

export type Refinement = JsonRefinement;

// Buffer assignment and the model's throughput estimate (docs/json-document.md, "buffers",
// "memory", "estimate"). A size is null when the value's type gives none.
export type BufferSpace = JsonBufferSpace;
export type MemoryBuffer = JsonBuffer;

export type Memory = JsonMemory;

// [low, high]: what the performance model computes from spans of measured rates.
export type Span = [number, number];

export type PerfBound = JsonPerfBound;

export type ScheduleEstimate = JsonScheduleEstimate;

export type Estimate = JsonEstimate;

export interface Block {
  name: string;
  line: number;
  model: ChunkModel | null; // the model of the block's `// -----` chunk
  generator: GeneratorName;
  status: BlockStatus;
  ii: number;
  ii_units: 'seed' | 'sm-cycles'; // the seed's cost units, or SM cycles under a model with measured rates
  stage_count: number;
  mii: MII | null;
  optimality: Optimality | null;
  compaction: Compaction | null;
  below: BelowII[]; // the IIs below `ii` that were searched, ascending
  summary: RegionSummary | null;
  selection: Selection | null;
  triton: TritonBlock | null;
  refinement: Refinement | null;
  ops: Op[];
  edges: Edge[];
  rings: Ring[]; // in program order of their first access
  agents: Agent[]; // a warp-specialized block's agents side by side; empty otherwise
  rrt: RRT | null;
  trace: TraceEntry[] | null;
  trace_dropped: number;
  violations: Violation[];
  buffers: MemoryBuffer[];
  memory: Memory | null;
  estimate: Estimate | null;
  failure: Record<string, unknown> | null; // structured placement failure (seed 001 list)
  ir: string | null;
}

export interface ScheduleDocument {
  version: number;
  diagnostics: Diagnostic[];
  blocks: Block[];
  ir: string | null; // materialized IR of the whole input, when the core provides it
  model: string; // target model name (the first chunk's)
  tool: string; // core version
}
