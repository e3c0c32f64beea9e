import type { TraceArm, TraceGate, TraceOutcome } from '../generated/vocabulary';
import type { Remedy } from './wording';
import type {
  JsonBelowIIResult, JsonBlockGenerator, JsonBlockStatus, JsonBufferKind, JsonBufferSpace, JsonChunkModelSource,
  JsonDiagnosticSeverity, JsonEstimateIiUnits, JsonOptimalityStatus, JsonRingKind, JsonTraceBoundSide,
} from './document-schema';

// The page's model of the SPEC §5.1 JSON document (`--emit=json`, and the WebAssembly API's
// return value), as engine/parse.ts builds it. The document itself, every key with its type and
// values, is the schema's (core/contract/json-document.json; its TypeScript: engine/document-schema.ts);
// the values of enumerated keys here are the schema's. Keys beyond SPEC §5.1's (mii details,
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

// Why an II below the block's has no schedule (docs/json-document.md, "below").
export interface BelowII {
  ii: number;
  result: JsonBelowIIResult;
  op: number; // the op the placement failed on, -1 when none is named
  resource: string; // the slot or pool that vetoed its last seat, "" when none
  reason: string;
}

// How the II compares with the best possible: proven = no schedule exists at a smaller II,
// bound = none exists below lower_bound, unknown = no bound (serial generator, no schedule).
// The same for length at the II: no schedule at it has fewer stages than stage_bound;
// stages_proven when the schedule has that many.
export interface Optimality {
  status: JsonOptimalityStatus;
  lower_bound: number;
  stage_bound: number;
  stages_proven: boolean;
}

// The stage compaction after the II search (ran: false with --compaction-budget=0): the stage
// count and the stage boundaries values cross, before and after.
export interface Compaction {
  ran: boolean;
  stages_from: number;
  stages_to: number;
  crossings_from: number;
  crossings_to: number;
}

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

// A loop in the loop body, costed by its own schedule (docs/decisions.md, "Nested loops").
export interface NestedLoop {
  block: number; // index of the inner loop's block in ScheduleDocument.blocks
  scheduled: boolean; // false: the inner block has no schedule; its ops were costed one after another
  ii: number;
  stage_count: number;
  length: number; // cycles of one iteration
  trip_count: number; // constant, or assumed (the stage count) when trip_count_known is false
  trip_count_known: boolean;
  duration: number; // (trip_count - 1) x ii + length
  reason: string; // all of it in words
}

// Which target model a chunk's blocks were scheduled on, and why (docs/decisions.md, "The target
// from the IR").
export interface ChunkModel {
  name: string;
  source: JsonChunkModelSource;
  target: string; // the IR's target as written ("cuda:90", CUDA Tile's hinted "sm_90"), "" when none
  words: string; // the model in words: "Hopper (sm_90)", "model 'mine'"
  target_model: string; // the built-in model the IR's target names, "" when none does
  mismatch: boolean; // a built-in model picked by hand that does not describe the IR's target
  reason: string; // in words: "Hopper (sm_90), from the IR's target cuda:90"
}

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

// A buffer or mbarrier array the block indexes by slot (docs/decisions.md, "Ring buffers").
export interface Ring {
  value: string; // "%a_ring"
  kind: JsonRingKind;
  slots: number; // proven: the slots its index rotates through; else its leading dimension (0: unknown)
  proven: boolean; // one-slot accesses ordered at the ring's distance, other slots not at all
  reason: string; // not proven: why, in plain words ("" when proven)
}

export interface RRTResource {
  name: string;
  capacity: number;
  kind: string;
}

export interface RRTCell {
  resource: number; // index into RRT.resources
  ops: number[]; // holders, one op id per unit held
}

export interface RRTRow {
  row: number; // modulo row in [0, ii)
  cells: RRTCell[]; // the slots/pools held in this row, ascending resource index
}

export interface RRT {
  ii: number;
  resources: RRTResource[];
  occupied: RRTRow[]; // occupied rows only, ascending: empty rows are absent
}

// [modulo row, resource index into RRT.resources]: one unit of a slot or pool.
export type Unit = [number, number];

// A cell a candidate overfills, and the ops holding it then (one id per unit).
export interface TraceConflict {
  row: number;
  resource: number;
  ops: number[];
}

// One side of a dependence window: the seated `op` (-1: the op's depth) allows the candidate no
// earlier / no later than `cycle`, through document edge `edge` (-1: a path or an ordering).
export interface TraceBound {
  side: JsonTraceBoundSide;
  cycle: number;
  op: number;
  edge: number;
  path: boolean; // through ops not seated yet
}

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

// Region summary behind the generator selection (seed 000 predicate).
export interface RegionSummary {
  op_count: number; // the block's ops as written
  op_count_lowered: number; // as TileAS sees them once tileiras lowered them: what the serial threshold is compared with
  has_tma: boolean;
  has_wgmma: boolean;
  has_async_pipeline: boolean;
  force_serial: boolean;
}

// The constraint refinement loop's 2-bit status and budget flag (seed 003).
export interface Refinement {
  rounds: number;
  converged: boolean;
  budget_exceeded: boolean;
  budget_truncated: boolean;
}

// Buffer assignment and the model's throughput estimate (docs/json-document.md, "buffers",
// "memory", "estimate"). A size is null when the value's type gives none.
export type BufferSpace = JsonBufferSpace;
export interface MemoryBuffer {
  value: string; // the value or allocation, "%a_ring"
  space: BufferSpace;
  bytes_per_slot: number | null;
  slots: number;
  bytes: number | null;
  kind: JsonBufferKind;
  op: number; // the op that defines it, -1 before the loop
  line: number;
  region: number; // buffers of one region share its bytes
}

export interface Memory {
  smem_bytes: number;
  smem_budget: number | null; // 2147483647 when lifted (--unlimited-smem)
  tmem_bytes: number;
  tmem_budget: number | null;
  register_bytes: number;
  fits: boolean | null; // null when the model gives no budget
  unknown_buffers: number;
  rounds: string[]; // rescheduling rounds that fitted a Pipe_'s slots (ring rounds) or the buffers, in words
}

// [low, high]: what the performance model computes from spans of measured rates.
export type Span = [number, number];

export interface PerfBound {
  what: string; // "L2 -> SM bandwidth: 32 KiB per iteration"
  cycles: Span;
}

export interface ScheduleEstimate {
  cycles_per_iteration: Span; // SM cycles
  ns_per_iteration: Span;
  bound: string; // the bound with the largest middle, in words
  tiles_in_flight: number;
  smem_per_cta: number;
  ctas_per_sm: number; // 0: no CTA fits on an SM
  cta_limit: string;
  bounds: PerfBound[];
}

// The performance model's estimate on the GPU the model describes (docs/json-document.md, "estimate").
export interface Estimate {
  gpu: string;
  data: string; // the model whose performance figures are used
  ii_units: JsonEstimateIiUnits;
  clock_mhz: Span;
  warps: number;
  warps_assumed: boolean;
  registers_per_thread: number;
  registers_limit: number;
  registers_over_limit: boolean;
  smem_from_ir: boolean;
  flops_per_iteration: number | null;
  tflops_per_gpu: Span;
  schedule: ScheduleEstimate;
  triton: ScheduleEstimate | null; // Triton's schedule, where the IR states one
  assumptions: string[];
}

export interface Block {
  name: string;
  line: number;
  model: ChunkModel | null; // the model of the block's `// -----` chunk
  generator: GeneratorName;
  status: BlockStatus;
  ii: number;
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
