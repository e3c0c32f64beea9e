// The SPEC §5.1 document, streamed through JsonWriter (member order is part of the format).
#include <cmath>

#include "buffers/Figures.h"
#include "driver/Emitters.h"
#include "driver/JsonWriter.h"
#include "support/Limits.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

void footprintJson(JsonWriter &w, const Footprint &fp, const TargetModel &model) {
  w.beginArray();
  for (const FootprintRow &row : fp) {
    w.beginArray();
    for (int r : row) w.value(model.resources[r].name);
    w.endArray();
  }
  w.endArray();
}

// A message's id and fields (support/Diagnostics.h, MessageData), after its text; nothing for a
// plain message.
void messageDataJson(JsonWriter &w, const MessageData &data) {
  if (data.id.empty()) return;
  w.member("id", data.id).key("fields").beginObject();
  for (const MessageField &f : data.fields) {
    if (f.isNumber) w.member(f.name, f.number);
    else w.member(f.name, f.text);
  }
  w.endObject();
}

// `file` appears only for diagnostics about another file than the snippet (a --model JSON).
void diagnosticJson(JsonWriter &w, const Diagnostic &d) {
  w.beginObject()
      .member("severity", severityName(d.severity))
      .member("line", d.range.begin.line)
      .member("col", d.range.begin.col)
      .member("end_line", d.range.end.line)
      .member("end_col", d.range.end.col)
      .member("message", d.message);
  messageDataJson(w, d.data);
  if (!d.file.empty()) w.member("file", d.file);
  w.endObject();
}

// The slots and pools the block's footprints name, in model order: model index -> index in the
// block's `rrt.resources` (-1: not named). Every resource index the block's document writes —
// the table's cells, the trace's table changes and conflict cells — is into that list, so one map
// serves them all. It follows the footprints, not the II, the schedule or the model (a 4 096-pool
// model was once listed again for every block), and is the same whether the block was placed.
std::vector<int> blockResourceIndex(const BlockResult &r, const TargetModel &model) {
  std::vector<int> local(model.resources.size(), -1);
  for (const OpResources &op : r.resources)
    for (const FootprintRow &row : op.footprint)
      for (int res : row)
        if (res >= 0 && res < static_cast<int>(local.size())) local[res] = 0;
  int used = 0;
  for (int &i : local)
    if (i >= 0) i = used++;
  return local;
}

// The reservation table of the schedule (SPEC §6 heatmap), occupied cells only: per occupied
// modulo row, per slot or pool, the ops holding it (one id per unit, so a pool listed twice or a
// footprint wrapping onto its own row repeats the id); cells index `resources`
// (blockResourceIndex). Its size follows the footprints, not the II (a 31-op loop at
// II 31 000 000 once wrote one empty row per cycle: 420 MB). A block not placed has ii 0 and no
// cell; its `resources` still name the trace's resource indices.
void rrtJson(JsonWriter &w, const BlockResult &r, const TargetModel &model, const std::vector<int> &local,
             bool placed) {
  const ScheduleAnalysis &a = r.analysis;
  const int ii = placed ? a.ii : 0;
  w.beginObject().member("ii", ii).key("resources").beginArray();
  for (size_t i = 0; i < model.resources.size(); ++i) {
    if (local[i] < 0) continue;
    const Resource &res = model.resources[i];
    w.beginObject()
        .member("name", res.name)
        .member("capacity", res.capacity)
        .member("kind", res.isSlot ? res.kind : std::string("pool"))
        .endObject();
  }
  w.endArray();
  std::vector<int64_t> cycles;
  if (ii > 0)
    for (const OpSchedule &op : a.ops) cycles.push_back(op.cycle);
  const std::vector<OccupiedUnit> units = moduloOccupancy(cycles, r.resources, ii);
  w.key("occupied").beginArray();
  for (size_t i = 0; i < units.size();) {
    const int64_t row = units[i].row;
    w.beginObject().member("row", row).key("cells").beginArray();
    for (; i < units.size() && units[i].row == row;) {
      const int resource = units[i].resource;
      w.beginObject().member("resource", local[resource]).key("ops").beginArray();
      for (; i < units.size() && units[i].row == row && units[i].resource == resource; ++i) w.value(units[i].node);
      w.endArray().endObject();
    }
    w.endArray().endObject();
  }
  w.endArray().endObject();
}

// [row, resource] per unit, one entry per unit held; resource as in `rrt.resources`.
void unitsJson(JsonWriter &w, const std::vector<OccupiedUnit> &units, const std::vector<int> &local) {
  w.beginArray();
  for (const OccupiedUnit &u : units) w.beginArray().value(u.row).value(local[u.resource]).endArray();
  w.endArray();
}

// One --trace entry (docs/json-document.md, "trace"): the words, then what the entry does to the
// replayed reservation table, then the details of its gate. Optional keys appear only when set.
void traceEntryJson(JsonWriter &w, const TraceEntry &e, const BlockResult &r, const std::vector<int> &local) {
  w.beginObject()
      .member("step", e.step)
      .member("ii", e.ii)
      .member("arm", traceName(e.arm))
      .member("op", e.op)
      .member("cycle", e.cycle)
      .member("gate", traceName(e.gate))
      .member("outcome", traceName(e.outcome))
      .member("reason", e.reason);
  if (e.trial) w.member("trial", true);
  if (e.partner >= 0) w.member("partner", e.partner);
  const TraceEffect effect = traceEffect(e.outcome);
  if (e.freshTable || effect == TraceEffect::Reset) w.member("rrt_reset", true);
  // The units of `op` (and its fused partner) issued at the entry's cycle on its II's table.
  auto units = [&] {
    std::vector<OccupiedUnit> out;
    for (int v : {e.op, e.partner})
      if (v >= 0 && v < static_cast<int>(r.resources.size())) {
        std::vector<OccupiedUnit> mine = footprintOccupancy(v, e.cycle, r.resources[v].footprint, e.ii);
        out.insert(out.end(), mine.begin(), mine.end());
      }
    return out;
  };
  // A resource verdict also lists the cells the candidate would hold, its conflicts among them.
  if (e.op >= 0 && e.cycle >= 0 && e.ii > 0) {
    const char *key = effect == TraceEffect::Add      ? "rrt_add"
                      : effect == TraceEffect::Remove ? "rrt_remove"
                      : !e.conflicts.empty()          ? "cells"
                                                      : nullptr;
    if (key)
      if (std::vector<OccupiedUnit> held = units(); !held.empty()) {
        // A verdict's cells are capped like its conflicts; commits list every unit (the replay).
        const bool replayed = effect == TraceEffect::Add || effect == TraceEffect::Remove;
        const size_t dropped = !replayed && held.size() > kMaxTraceCells ? held.size() - kMaxTraceCells : 0;
        held.resize(held.size() - dropped);
        unitsJson(w.key(key), held, local);
        if (dropped) w.member("cells_dropped", dropped);
      }
  }
  if (e.leader >= 0) w.member("leader", e.leader);
  if (e.stage >= 0) w.member("stage", e.stage).member("limit", e.limit);
  if (!e.conflicts.empty()) {
    w.key("conflicts").beginArray();
    for (const TraceConflict &c : e.conflicts)
      w.beginObject().member("row", c.row).member("resource", local[c.resource]).key("ops").array(c.ops).endObject();
    w.endArray();
    if (e.conflictsDropped) w.member("conflicts_dropped", e.conflictsDropped);
  }
  if (!e.bounds.empty()) {
    // Edge indices past the document's edges are force_serial_execution's serialization edges.
    const int edges = static_cast<int>(r.graph.edges.size());
    w.key("bounds").beginArray();
    for (const TraceBound &b : e.bounds)
      w.beginObject()
          .member("side", b.latest ? "latest" : "earliest")
          .member("cycle", b.cycle)
          .member("op", b.other)
          .member("edge", b.edge < edges ? b.edge : -1)
          .member("path", b.path)
          .endObject();
    w.endArray();
  }
  w.endObject();
}

// `edges`: the document's edge count; an index past it is a force_serial_execution ordering (-1).
void miiJson(JsonWriter &w, const MIIBounds &m, size_t edges) {
  w.beginObject()
      .member("resource", m.resource)
      .member("recurrence", m.recurrence)
      .member("fine_density", m.fineDensity)
      .member("dependency", m.dependency)
      .member("lower_bound", m.lower())
      .member("binding", m.resourceBinding)
      .member("binding_capacity", m.bindingCapacity)
      .key("binding_ops")
      .beginArray();
  for (const MIIBounds::Share &s : m.bindingShares)
    w.beginObject().member("op", s.op).member("units", s.units).endObject();
  w.endArray().key("critical_cycle").array(m.criticalCycle).key("critical_edges").beginArray();
  for (int e : m.criticalEdges) w.value(e >= 0 && static_cast<size_t>(e) < edges ? e : -1);
  w.endArray().endObject();
}

void belowJson(JsonWriter &w, const std::vector<IIAttempt> &below) {
  w.beginArray();
  for (const IIAttempt &x : below)
    w.beginObject()
        .member("ii", x.ii)
        .member("result", iiAttemptResultName(x.result))
        .member("op", x.op)
        .member("resource", x.resource)
        .member("reason", x.reason)
        .endObject();
  w.endArray();
}

void failureJson(JsonWriter &w, const PlacementFailure &f, const TargetModel &model) {
  w.beginObject().member("ii", f.ii).member("op", f.node).member("duration", f.duration).key("footprint");
  footprintJson(w, f.footprint, model);
  w.key("rrt_rows").beginArray();
  for (const auto &row : f.rows)
    w.beginObject().member("row", row.row).key("occupants").array(row.occupants).endObject();
  w.endArray();
  w.key("window").beginArray().value(f.windowEarliest).value(f.windowLatest).endArray();
  w.member("rejecting_resource", f.rejectingResource)
      .member("group", f.group)
      .member("stage", f.stage)
      .member("order", f.order)
      .member("message", f.message);
  messageDataJson(w, f.data);
  w.endObject();
}

// Pipe_/Mutex_ values of a materialized block (seed 002; core/materialize/).
void pipesJson(JsonWriter &w, const BlockResult &r) {
  w.beginArray();
  for (const PipeValue &p : r.materialized.pipes)
    w.beginObject()
        .member("name", p.name)
        .member("raw", p.raw->name)
        .key("producers")
        .array(p.producers)
        .key("consumers")
        .array(p.consumers)
        .member("owner", p.owner)
        .member("stage", p.stage)
        .member("order", p.order)
        .member("depth", p.depth)
        .member("stages_crossed", p.stagesCrossed)
        .member("flavour", p.tile ? "tile" : "scalar")
        .member("payload_type", p.payloadType)
        .member("trivial_fallback", p.trivialFallback)
        .endObject();
  w.endArray();
}

// An optional count (null when unknown) and an optional fixed-point thousandths value.
template <class T>
JsonWriter &optionalMember(JsonWriter &w, std::string_view name, const std::optional<T> &v) {
  w.key(name);
  return v ? w.value(*v) : w.null();
}

// [low, high] rounded to thousandths.
JsonWriter &rangeMember(JsonWriter &w, std::string_view name, const Range &r) {
  w.key(name).beginArray();
  w.number(thousandthsText(std::llround(r.lo * 1000))).number(thousandthsText(std::llround(r.hi * 1000)));
  return w.endArray();
}

JsonWriter &scheduleEstimateJson(JsonWriter &w, const ScheduleEstimate &s) {
  w.beginObject();
  rangeMember(w, "cycles_per_iteration", s.cycles);
  rangeMember(w, "ns_per_iteration", s.ns).member("bound", s.bound).member("tiles_in_flight", s.tilesInFlight);
  w.member("smem_per_cta", s.smemPerCta).member("ctas_per_sm", s.ctasPerSm).member("cta_limit", s.ctaLimit);
  w.key("bounds").beginArray();
  for (const PerfBound &b : s.bounds) {
    w.beginObject().member("what", b.what);
    rangeMember(w, "cycles", b.cycles).endObject();
  }
  return w.endArray().endObject();
}

// The performance model (docs/json-document.md, "estimate").
void estimateJson(JsonWriter &w, const PerfEstimate &e) {
  w.beginObject()
      .member("gpu", e.gpu)
      .member("data", e.modelName)
      .member("ii_units", e.seedUnits ? "seed" : "sm-cycles");
  w.key("clock_mhz")
      .beginArray()
      .number(thousandthsText(e.clockMhz.low))
      .number(thousandthsText(e.clockMhz.high))
      .endArray();
  w.member("warps", e.warps)
      .member("warps_assumed", e.warpsAssumed)
      .member("registers_per_thread", e.registersPerThread);
  w.member("registers_limit", e.registersLimit);
  w.member("registers_over_limit", e.registersOver).member("smem_from_ir", e.smemFromIR).key("flops_per_iteration");
  (e.flopsKnown ? w.value(e.flops) : w.null());
  rangeMember(w, "tflops_per_gpu", e.tflopsPerGpu).key("schedule");
  scheduleEstimateJson(w, e.ours).key("triton");
  if (e.triton) scheduleEstimateJson(w, *e.triton);
  else w.null();
  w.key("assumptions").array(e.assumptions).endObject();
}

// Buffer assignment (docs/json-document.md, "buffers", "memory", "estimate").
void memoryJson(JsonWriter &w, const BlockResult &r) {
  static constexpr const char *kKinds[] = {"allocation", "tma-tile", "value"};
  w.key("buffers").beginArray();
  for (const Buffer &b : r.buffers.buffers) {
    w.beginObject().member("value", b.value).member("space", bufferSpaceName(b.space));
    optionalMember(w, "bytes_per_slot", b.bytesPerSlot).member("slots", b.slots);
    optionalMember(w, "bytes", b.bytes)
        .member("kind", kKinds[static_cast<int>(b.kind)])
        .member("op", b.node)
        .member("line", b.range.begin.line)
        .member("region", b.region)
        .endObject();
  }
  w.endArray();
  const MemoryUse &m = r.buffers.memory;
  w.key("memory").beginObject().member("smem_bytes", m.smemBytes);
  optionalMember(w, "smem_budget", m.smemBudget).member("tmem_bytes", m.tmemBytes);
  optionalMember(w, "tmem_budget", m.tmemBudget).member("register_bytes", m.registerBytes).key("fits");
  (m.checked() ? w.value(m.fits()) : w.null()).member("unknown_buffers", m.unknownBuffers);
  w.key("rounds").array(r.memoryRounds).endObject();
  w.key("estimate");
  if (!r.estimate) {
    w.null();
    return;
  }
  estimateJson(w, *r.estimate);
}

void mutexesJson(JsonWriter &w, const BlockResult &r) {
  w.beginArray();
  for (const MutexValue &m : r.materialized.mutexes)
    w.beginObject()
        .member("name", m.name)
        .key("protects")
        .array(m.protects)
        .member("owner", m.owner)
        .member("stage", m.stage)
        .member("order", m.order)
        .member("barrier", m.barrier)
        .key("reasons")
        .array(m.reasons)
        .endObject();
  w.endArray();
}

void opJson(JsonWriter &w, const BlockResult &r, size_t i, bool placed, const TargetModel &model) {
  const ScheduleAnalysis &a = r.analysis;
  const Operation &op = *r.block.ops[i];
  w.beginObject()
      .member("id", i)
      .member("name", op.name)
      .member("label", r.nodeNames[i])
      .member("line", op.range.begin.line)
      .member("col", op.range.begin.col);
  if (placed && i < a.ops.size())
    w.member("stage", a.ops[i].stage).member("order", a.ops[i].order).member("cycle", a.ops[i].cycle);
  if (i < r.resources.size()) {
    w.member("latency", r.resources[i].latency).key("footprint");
    footprintJson(w, r.resources[i].footprint, model);
    // false: the op got the unknown-op default (latency 1, no footprint), not a model entry, a
    // nested loop's schedule or a sched.* override.
    w.member("modelled", r.resources[i].source != OpResources::Source::Default);
  }
  if (i < r.constraints.slots.size()) {
    const ConstraintSlot &s = r.constraints.slots[i];
    w.member("group", r.constraints.dsu.findNoCompress(s.gid))
        .member("gid", s.gid)
        .member("leader_gid", s.leader_gid)
        .member("max_depth", s.max_depth)
        .member("force_serial", (s.flags & FlagForceSerial) != 0);
  }
  for (const NestedLoop &n : r.nestedLoops) {  // a loop in the body: its cost, from its own schedule
    if (n.node != static_cast<int>(i)) continue;
    w.key("nested_loop")
        .beginObject()
        .member("block", n.block)
        .member("scheduled", n.scheduled)
        .member("ii", n.ii)
        .member("stage_count", n.stageCount)
        .member("length", n.length)
        .member("trip_count", n.tripCount)
        .member("trip_count_known", n.tripCountKnown)
        .member("duration", n.duration)
        .member("reason", nestedLoopWords(n))
        .endObject();
  }
  if (i < r.triton.ops.size()) {  // Triton's schedule, as written on the op
    const TritonOpSchedule &t = r.triton.ops[i];
    if (t.stage) w.member("triton_stage", *t.stage);
    if (t.cluster) w.member("triton_cluster", *t.cluster);
    if (t.latency) w.member("triton_latency", *t.latency);
  }
  w.endObject();
}

void selectionJson(JsonWriter &w, const GeneratorSelection &sel) {
  w.beginObject()
      .member("rule", selectionRuleName(sel.rule))
      .member("serial_threshold", sel.serialThreshold)
      .member("reason", selectionReason(sel))
      .member("remedy", selectionRemedy(sel))
      .key("remedies")
      .beginArray();
  // `remedy` as data, in its order: what to change, for a reader whose controls are not flags.
  if (sel.removeForceSerial)
    w.beginObject().member("id", "remove_attribute").member("attribute", "force_serial_execution").endObject();
  if (!sel.removeForceSerial && sel.requestCostBased)
    w.beginObject()
        .member("id", "set_option")
        .member("option", "generator")
        .member("value", generatorName(GeneratorKind::CostBased))
        .endObject();
  if (!sel.removeForceSerial && sel.requestCostBased && sel.thresholdAtMost > 0)
    w.beginObject()
        .member("id", "lower_option")
        .member("option", "serial-threshold")
        .member("value", sel.thresholdAtMost)
        .endObject();
  w.endArray().endObject();
}

// The dependence graph: its edges, then the rings they keep.
void graphJson(JsonWriter &w, const BlockResult &r) {
  w.key("edges").beginArray();
  for (const DepEdge &e : r.graph.edges) {
    w.beginObject()
        .member("src", e.src)
        .member("dst", e.dst)
        .member("latency", e.latency)
        .member("distance", e.distance)
        .member("kind", edgeKindName(e.kind));
    if (e.ring >= 0) w.member("ring", r.graph.rings[size_t(e.ring)].value);
    w.endObject();
  }
  w.endArray();
  w.key("rings").beginArray();
  for (const Ring &ring : r.graph.rings)
    w.beginObject()
        .member("value", ring.value)
        .member("kind", ring.barrier ? "barrier" : "buffer")
        .member("slots", ring.slots)
        .member("proven", ring.proven)
        .member("reason", ring.reason)
        .endObject();
  w.endArray();
}

void violationsJson(JsonWriter &w, const std::vector<Violation> &violations) {
  w.key("violations").beginArray();
  for (const Violation &v : violations)
    w.beginObject()
        .member("kind", violationKindName(v.kind))
        .member("op", v.node)
        .member("other_op", v.otherNode)
        .member("edge", v.edge)
        .member("row", v.row)
        .member("resource", v.resource)
        .member("message", v.message)
        .endObject();
  w.endArray();
}

void blockJson(JsonWriter &w, const BlockResult &r, const TargetModel &model, bool trace) {
  const ScheduleAnalysis &a = r.analysis;
  bool placed =
      r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked || r.status == BlockStatus::Violations;
  w.beginObject()
      .member("name", r.block.name)
      .member("line", r.line)
      .member("chunk", r.chunk)
      .member("generator", generatorName(a.generator))
      .member("status", blockStatusName(r.status))
      .member("ii", placed ? a.ii : 0)
      .member("stage_count", placed ? a.stageCount : 0);
  if (a.mii) {
    w.key("mii");
    miiJson(w, *a.mii, r.graph.edges.size());
  }
  const bool certified = placed && a.optimality.status != Optimality::Unknown;
  w.key("optimality")
      .beginObject()
      .member("status", optimalityName(certified ? a.optimality.status : Optimality::Unknown))
      .member("lower_bound", certified ? a.optimality.lowerBound : 0)
      .member("stage_bound", certified ? a.optimality.stageBound : 0)
      .member("stages_proven", certified && a.optimality.stagesProven)
      .endObject();
  const bool compacted = certified && a.compaction.ran;
  w.key("compaction")
      .beginObject()
      .member("ran", compacted)
      .member("stages_from", compacted ? a.compaction.stagesFrom : 0)
      .member("stages_to", compacted ? a.compaction.stagesTo : 0)
      .member("crossings_from", compacted ? a.compaction.crossingsFrom : 0)
      .member("crossings_to", compacted ? a.compaction.crossingsTo : 0)
      .endObject();
  if (a.mii) {
    w.key("below");
    belowJson(w, placed ? a.below : std::vector<IIAttempt>{});
  }
  w.key("summary")
      .beginObject()
      .member("op_count", r.summary.opCount)
      .member("op_count_lowered", r.summary.opCountLowered)
      .member("has_tma", r.summary.hasTma)
      .member("has_wgmma", r.summary.hasWgmma)
      .member("has_async_pipeline", r.summary.hasAsyncPipeline)
      .member("force_serial", r.summary.forceSerial)
      .endObject();
  if (a.selection) {
    w.key("selection");
    selectionJson(w, *a.selection);
  }
  if (r.triton.any()) {
    w.key("triton").beginObject().member("stage_count", r.triton.stageCount());
    if (r.triton.numStages) w.member("num_stages", *r.triton.numStages);
    if (r.triton.scheduledMaxStage) w.member("scheduled_max_stage", *r.triton.scheduledMaxStage);
    if (r.steeredOps >= 0) w.member("steered_ops", r.steeredOps);
    w.endObject();
  }
  w.key("refinement")
      .beginObject()
      .member("rounds", a.refinementRounds)
      .member("converged", (a.refinementStatus & 1u) != 0)
      .member("budget_exceeded", (a.refinementStatus & 2u) != 0)
      .member("budget_truncated", a.budgetTruncated)
      .endObject();

  w.key("ops").beginArray();
  for (size_t i = 0; i < r.block.ops.size(); ++i) opJson(w, r, i, placed, model);
  w.endArray();

  graphJson(w, r);

  const std::vector<int> local = blockResourceIndex(r, model);
  w.key("rrt");
  rrtJson(w, r, model, local, placed && a.ii > 0);
  if (trace) {
    w.key("trace").beginArray();
    for (const TraceEntry &e : a.trace) traceEntryJson(w, e, r, local);
    w.endArray().member("trace_dropped", a.traceDropped);
  }
  w.member("schedule_source", r.pinned ? "pinned" : "generated").key("pipes");
  pipesJson(w, r);
  w.key("mutexes");
  mutexesJson(w, r);
  w.member("trivial_fallback", r.materialized.trivialFallback);
  memoryJson(w, r);
  violationsJson(w, r.violations);
  if (a.failure) {
    w.key("failure");
    failureJson(w, *a.failure, model);
  }
  w.endObject();
}

}  // namespace

std::string emitJson(const DriverRun &run, const std::vector<Diagnostic> &diags, const DriverOptions &opts,
                     const std::string &ir) {
  JsonWriter w;
  w.reserve(ir.size() + (32 << 10));  // the IR is one member; a small loop's rest fits in 32 KB
  w.beginObject().member("version", 1).member("tool", versionString()).key("diagnostics").beginArray();
  for (const Diagnostic &diag : diags) diagnosticJson(w, diag);
  // The first chunk's model: for an input of one chunk, the model its loops were scheduled on;
  // the run's when no chunk was read.
  const TargetModel *shown = run.chunks.empty() ? run.model.get() : run.chunks.front().model.get();
  w.endArray().member("model", shown ? shown->name : std::string()).key("chunks").beginArray();
  for (const ChunkResult &c : run.chunks) {
    const std::optional<IRTarget> &target = c.modelChoice.target;
    w.beginObject()
        .member("line", c.source.firstLine)
        .member("end_line", c.source.lastLine)
        .member("status", chunkStatusName(c.status))
        .key("unparsed_functions")
        .beginArray();
    for (const Operation *f : c.damaged) w.value(f->symbol);
    w.endArray()
        .key("model")
        .beginObject()
        .member("name", c.model->name)
        .member("source", modelSourceName(c.modelChoice.source))
        .member("target", target ? target->text : std::string())
        .member("target_model", c.modelChoice.targetModel)
        .member("mismatch", c.modelChoice.mismatch)
        .member("reason", modelChoiceWords(c))
        .member("words", modelWords(*c.model))
        .endObject()
        .endObject();
  }
  w.endArray().key("blocks").beginArray();
  for (const BlockResult &r : run.blocks) blockJson(w, r, *run.chunks[r.chunk].model, opts.schedule.trace);
  w.endArray().member("ir", ir).endObject();
  return w.take() + "\n";
}

}  // namespace tilesched
