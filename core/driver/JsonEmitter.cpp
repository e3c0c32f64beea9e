// The SPEC §5.1 document, streamed through JsonWriter (member order is part of the format).
#include <cmath>

#include "buffers/Figures.h"
#include "driver/AgentReport.h"
#include "driver/Emitters.h"
#include "driver/JsonKeys.generated.h"
#include "driver/JsonWriter.h"
#include "support/Limits.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

namespace jk = json_key;  // every key, from the schema (core/contract/json-document.json)

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
  static_assert(jk::diagnostic::id == jk::failure::id && jk::diagnostic::fields == jk::failure::fields,
                "a diagnostic and a failure carry a message's data under the same keys");
  if (data.id == MessageId::None) return;
  w.member(jk::diagnostic::id, messageIdName(data.id)).key(jk::diagnostic::fields).beginObject();
  for (const MessageField &f : data.fields) {
    if (f.isNumber) w.member(f.name, f.number);
    else w.member(f.name, f.text);
  }
  w.endObject();
}

// `file` appears only for diagnostics about another file than the snippet (a --model JSON).
void diagnosticJson(JsonWriter &w, const Diagnostic &d) {
  w.beginObject()
      .member(jk::diagnostic::severity, severityName(d.severity))
      .member(jk::diagnostic::line, d.range.begin.line)
      .member(jk::diagnostic::col, d.range.begin.col)
      .member(jk::diagnostic::end_line, d.range.end.line)
      .member(jk::diagnostic::end_col, d.range.end.col)
      .member(jk::diagnostic::message, d.message);
  messageDataJson(w, d.data);
  if (!d.file.empty()) w.member(jk::diagnostic::file, d.file);
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
  w.beginObject().member(jk::rrt::ii, ii).key(jk::rrt::resources).beginArray();
  for (size_t i = 0; i < model.resources.size(); ++i) {
    if (local[i] < 0) continue;
    const Resource &res = model.resources[i];
    w.beginObject()
        .member(jk::rrt_resource::name, res.name)
        .member(jk::rrt_resource::capacity, res.capacity)
        .member(jk::rrt_resource::kind, res.isSlot ? res.kind : std::string("pool"))
        .endObject();
  }
  w.endArray();
  std::vector<int64_t> cycles;
  if (ii > 0)
    for (const OpSchedule &op : a.ops) cycles.push_back(op.cycle);
  const std::vector<OccupiedUnit> units = moduloOccupancy(cycles, r.resources, ii);
  w.key(jk::rrt::occupied).beginArray();
  for (size_t i = 0; i < units.size();) {
    const int64_t row = units[i].row;
    w.beginObject().member(jk::rrt_row::row, row).key(jk::rrt_row::cells).beginArray();
    for (; i < units.size() && units[i].row == row;) {
      const int resource = units[i].resource;
      w.beginObject().member(jk::rrt_cell::resource, local[resource]).key(jk::rrt_cell::ops).beginArray();
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
      .member(jk::trace_entry::step, e.step)
      .member(jk::trace_entry::ii, e.ii)
      .member(jk::trace_entry::arm, traceName(e.arm))
      .member(jk::trace_entry::op, e.op)
      .member(jk::trace_entry::cycle, e.cycle)
      .member(jk::trace_entry::gate, traceName(e.gate))
      .member(jk::trace_entry::outcome, traceName(e.outcome))
      .member(jk::trace_entry::reason, e.reason);
  if (e.trial) w.member(jk::trace_entry::trial, true);
  if (e.partner >= 0) w.member(jk::trace_entry::partner, e.partner);
  const TraceEffect effect = traceEffect(e.outcome);
  if (e.freshTable || effect == TraceEffect::Reset) w.member(jk::trace_entry::rrt_reset, true);
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
    const std::string_view key = effect == TraceEffect::Add      ? jk::trace_entry::rrt_add
                                 : effect == TraceEffect::Remove ? jk::trace_entry::rrt_remove
                                 : !e.conflicts.empty()          ? jk::trace_entry::cells
                                                                 : std::string_view();
    if (!key.empty())
      if (std::vector<OccupiedUnit> held = units(); !held.empty()) {
        // A verdict's cells are capped like its conflicts; commits list every unit (the replay).
        const bool replayed = effect == TraceEffect::Add || effect == TraceEffect::Remove;
        const size_t dropped = !replayed && held.size() > kMaxTraceCells ? held.size() - kMaxTraceCells : 0;
        held.resize(held.size() - dropped);
        unitsJson(w.key(key), held, local);
        if (dropped) w.member(jk::trace_entry::cells_dropped, dropped);
      }
  }
  if (e.leader >= 0) w.member(jk::trace_entry::leader, e.leader);
  if (e.stage >= 0) w.member(jk::trace_entry::stage, e.stage).member(jk::trace_entry::limit, e.limit);
  if (!e.conflicts.empty()) {
    w.key(jk::trace_entry::conflicts).beginArray();
    for (const TraceConflict &c : e.conflicts)
      w.beginObject()
          .member(jk::trace_conflict::row, c.row)
          .member(jk::trace_conflict::resource, local[c.resource])
          .key(jk::trace_conflict::ops)
          .array(c.ops)
          .endObject();
    w.endArray();
    if (e.conflictsDropped) w.member(jk::trace_entry::conflicts_dropped, e.conflictsDropped);
  }
  if (!e.bounds.empty()) {
    // Edge indices past the document's edges are force_serial_execution's serialization edges.
    const int edges = static_cast<int>(r.graph.edges.size());
    w.key(jk::trace_entry::bounds).beginArray();
    for (const TraceBound &b : e.bounds)
      w.beginObject()
          .member(jk::trace_bound::side, b.latest ? "latest" : "earliest")
          .member(jk::trace_bound::cycle, b.cycle)
          .member(jk::trace_bound::op, b.other)
          .member(jk::trace_bound::edge, b.edge < edges ? b.edge : -1)
          .member(jk::trace_bound::path, b.path)
          .endObject();
    w.endArray();
  }
  w.endObject();
}

// `edges`: the document's edge count; an index past it is a force_serial_execution ordering (-1).
void miiJson(JsonWriter &w, const MIIBounds &m, size_t edges) {
  w.beginObject()
      .member(jk::mii::resource, m.resource)
      .member(jk::mii::recurrence, m.recurrence)
      .member(jk::mii::fine_density, m.fineDensity)
      .member(jk::mii::dependency, m.dependency)
      .member(jk::mii::lower_bound, m.lower())
      .member(jk::mii::binding, m.resourceBinding)
      .member(jk::mii::binding_capacity, m.bindingCapacity)
      .key(jk::mii::binding_ops)
      .beginArray();
  for (const MIIBounds::Share &s : m.bindingShares)
    w.beginObject().member(jk::binding_share::op, s.op).member(jk::binding_share::units, s.units).endObject();
  w.endArray().key(jk::mii::critical_cycle).array(m.criticalCycle).key(jk::mii::critical_edges).beginArray();
  for (int e : m.criticalEdges) w.value(e >= 0 && static_cast<size_t>(e) < edges ? e : -1);
  w.endArray().endObject();
}

void belowJson(JsonWriter &w, const std::vector<IIAttempt> &below) {
  w.beginArray();
  for (const IIAttempt &x : below)
    w.beginObject()
        .member(jk::below_ii::ii, x.ii)
        .member(jk::below_ii::result, iiAttemptResultName(x.result))
        .member(jk::below_ii::op, x.op)
        .member(jk::below_ii::resource, x.resource)
        .member(jk::below_ii::reason, x.reason)
        .endObject();
  w.endArray();
}

void failureJson(JsonWriter &w, const PlacementFailure &f, const TargetModel &model) {
  w.beginObject()
      .member(jk::failure::ii, f.ii)
      .member(jk::failure::op, f.node)
      .member(jk::failure::duration, f.duration)
      .key(jk::failure::footprint);
  footprintJson(w, f.footprint, model);
  w.key(jk::failure::rrt_rows).beginArray();
  for (const auto &row : f.rows)
    w.beginObject()
        .member(jk::failure_row::row, row.row)
        .key(jk::failure_row::occupants)
        .array(row.occupants)
        .endObject();
  w.endArray();
  w.key(jk::failure::window).beginArray().value(f.windowEarliest).value(f.windowLatest).endArray();
  w.member(jk::failure::rejecting_resource, f.rejectingResource)
      .member(jk::failure::group, f.group)
      .member(jk::failure::stage, f.stage)
      .member(jk::failure::order, f.order)
      .member(jk::failure::message, f.message);
  messageDataJson(w, f.data);
  w.endObject();
}

// Pipe_/Mutex_ values of a materialized block (seed 002; core/materialize/).
void pipesJson(JsonWriter &w, const BlockResult &r) {
  w.beginArray();
  for (const PipeValue &p : r.materialized.pipes)
    w.beginObject()
        .member(jk::pipe::name, p.name)
        .member(jk::pipe::raw, p.raw->name)
        .key(jk::pipe::producers)
        .array(p.producers)
        .key(jk::pipe::consumers)
        .array(p.consumers)
        .member(jk::pipe::owner, p.owner)
        .member(jk::pipe::stage, p.stage)
        .member(jk::pipe::order, p.order)
        .member(jk::pipe::depth, p.depth)
        .member(jk::pipe::stages_crossed, p.stagesCrossed)
        .member(jk::pipe::flavour, p.tile ? "tile" : "scalar")
        .member(jk::pipe::payload_type, p.payloadType)
        .member(jk::pipe::trivial_fallback, p.trivialFallback)
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
  rangeMember(w, jk::schedule_estimate::cycles_per_iteration, s.cycles);
  rangeMember(w, jk::schedule_estimate::ns_per_iteration, s.ns)
      .member(jk::schedule_estimate::bound, s.bound)
      .member(jk::schedule_estimate::tiles_in_flight, s.tilesInFlight);
  w.member(jk::schedule_estimate::smem_per_cta, s.smemPerCta)
      .member(jk::schedule_estimate::ctas_per_sm, s.ctasPerSm)
      .member(jk::schedule_estimate::cta_limit, s.ctaLimit);
  w.key(jk::schedule_estimate::bounds).beginArray();
  for (const PerfBound &b : s.bounds) {
    w.beginObject().member(jk::perf_bound::what, b.what);
    rangeMember(w, jk::perf_bound::cycles, b.cycles).endObject();
  }
  return w.endArray().endObject();
}

// The II's units, in the block and in its estimate: SM cycles under a model with measured rates.
const char *iiUnitsName(bool smCycles) { return smCycles ? "sm-cycles" : "seed"; }

// The performance model (docs/json-document.md, "estimate").
void estimateJson(JsonWriter &w, const PerfEstimate &e) {
  w.beginObject()
      .member(jk::estimate::gpu, e.gpu)
      .member(jk::estimate::data, e.modelName)
      .member(jk::estimate::ii_units, iiUnitsName(!e.seedUnits));
  w.key(jk::estimate::clock_mhz)
      .beginArray()
      .number(thousandthsText(e.clockMhz.low))
      .number(thousandthsText(e.clockMhz.high))
      .endArray();
  w.member(jk::estimate::warps, e.warps)
      .member(jk::estimate::warps_assumed, e.warpsAssumed)
      .member(jk::estimate::registers_per_thread, e.registersPerThread);
  w.member(jk::estimate::registers_limit, e.registersLimit);
  w.member(jk::estimate::registers_over_limit, e.registersOver)
      .member(jk::estimate::smem_from_ir, e.smemFromIR)
      .key(jk::estimate::flops_per_iteration);
  (e.flopsKnown ? w.value(e.flops) : w.null());
  if (e.tflopsPerGpu) rangeMember(w, jk::estimate::tflops_per_gpu, *e.tflopsPerGpu);
  else w.key(jk::estimate::tflops_per_gpu).null();
  w.key(jk::estimate::schedule);
  scheduleEstimateJson(w, e.ours).key(jk::estimate::triton);
  if (e.triton) scheduleEstimateJson(w, *e.triton);
  else w.null();
  w.key(jk::estimate::assumptions).array(e.assumptions).endObject();
}

// Buffer assignment (docs/json-document.md, "buffers", "memory", "estimate").
void memoryJson(JsonWriter &w, const BlockResult &r) {
  static constexpr const char *kKinds[] = {"allocation", "tma-tile", "value"};
  w.key(jk::block::buffers).beginArray();
  for (const Buffer &b : r.buffers.buffers) {
    w.beginObject().member(jk::buffer::value, b.value).member(jk::buffer::space, bufferSpaceName(b.space));
    optionalMember(w, jk::buffer::bytes_per_slot, b.bytesPerSlot).member(jk::buffer::slots, b.slots);
    optionalMember(w, jk::buffer::bytes, b.bytes)
        .member(jk::buffer::kind, kKinds[static_cast<int>(b.kind)])
        .member(jk::buffer::op, b.node)
        .member(jk::buffer::line, b.range.begin.line)
        .member(jk::buffer::region, b.region)
        .endObject();
  }
  w.endArray();
  const MemoryUse &m = r.buffers.memory;
  w.key(jk::block::memory).beginObject().member(jk::memory::smem_bytes, m.smemBytes);
  optionalMember(w, jk::memory::smem_budget, m.smemBudget).member(jk::memory::tmem_bytes, m.tmemBytes);
  optionalMember(w, jk::memory::tmem_budget, m.tmemBudget)
      .member(jk::memory::register_bytes, m.registerBytes)
      .key(jk::memory::fits);
  (m.checked() ? w.value(m.fits()) : w.null()).member(jk::memory::unknown_buffers, m.unknownBuffers);
  w.key(jk::memory::rounds).array(r.memoryRounds).endObject();
  w.key(jk::block::estimate);
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
        .member(jk::mutex::name, m.name)
        .key(jk::mutex::protects)
        .array(m.protects)
        .member(jk::mutex::owner, m.owner)
        .member(jk::mutex::stage, m.stage)
        .member(jk::mutex::order, m.order)
        .member(jk::mutex::barrier, m.barrier)
        .key(jk::mutex::reasons)
        .array(m.reasons)
        .endObject();
  w.endArray();
}

void opJson(JsonWriter &w, const BlockResult &r, size_t i, bool placed, const TargetModel &model) {
  const ScheduleAnalysis &a = r.analysis;
  const Operation &op = *r.block.ops[i];
  w.beginObject()
      .member(jk::op::id, i)
      .member(jk::op::name, op.name)
      .member(jk::op::label, r.nodeNames[i])
      .member(jk::op::line, op.range.begin.line)
      .member(jk::op::col, op.range.begin.col);
  if (placed && i < a.ops.size())
    w.member(jk::op::stage, a.ops[i].stage).member(jk::op::order, a.ops[i].order).member(jk::op::cycle, a.ops[i].cycle);
  if (i < r.resources.size()) {
    w.member(jk::op::latency, r.resources[i].latency).key(jk::op::footprint);
    footprintJson(w, r.resources[i].footprint, model);
    // false: the op got the unknown-op default (latency 1, no footprint), not a model entry, a
    // nested loop's schedule or a sched.* override.
    w.member(jk::op::modelled, r.resources[i].source != OpResources::Source::Default);
  }
  if (i < r.constraints.slots.size()) {
    const ConstraintSlot &s = r.constraints.slots[i];
    w.member(jk::op::group, r.constraints.dsu.findNoCompress(s.gid))
        .member(jk::op::gid, s.gid)
        .member(jk::op::leader_gid, s.leader_gid)
        .member(jk::op::max_depth, s.max_depth)
        .member(jk::op::force_serial, (s.flags & FlagForceSerial) != 0);
  }
  for (const NestedLoop &n : r.nestedLoops) {  // a loop in the body: its cost, from its own schedule
    if (n.node != static_cast<int>(i)) continue;
    w.key(jk::op::nested_loop)
        .beginObject()
        .member(jk::nested_loop::block, n.block)
        .member(jk::nested_loop::scheduled, n.scheduled)
        .member(jk::nested_loop::ii, n.ii)
        .member(jk::nested_loop::stage_count, n.stageCount)
        .member(jk::nested_loop::length, n.length)
        .member(jk::nested_loop::trip_count, n.tripCount)
        .member(jk::nested_loop::trip_count_known, n.tripCountKnown)
        .member(jk::nested_loop::duration, n.duration)
        .member(jk::nested_loop::reason, nestedLoopWords(n))
        .endObject();
  }
  if (i < r.triton.ops.size()) {  // Triton's schedule, as written on the op
    const TritonOpSchedule &t = r.triton.ops[i];
    if (t.stage) w.member(jk::op::triton_stage, *t.stage);
    if (t.cluster) w.member(jk::op::triton_cluster, *t.cluster);
    if (t.latency) w.member(jk::op::triton_latency, *t.latency);
  }
  w.endObject();
}

void selectionJson(JsonWriter &w, const GeneratorSelection &sel) {
  w.beginObject()
      .member(jk::selection::rule, selectionRuleName(sel.rule))
      .member(jk::selection::serial_threshold, sel.serialThreshold)
      .member(jk::selection::reason, selectionReason(sel))
      .member(jk::selection::remedy, selectionRemedy(sel))
      .key(jk::selection::remedies)
      .beginArray();
  // `remedy` as data, in its order: what to change, for a reader whose controls are not flags.
  if (sel.removeForceSerial)
    w.beginObject()
        .member(jk::remedy::id, "remove_attribute")
        .member(jk::remedy::attribute, "force_serial_execution")
        .endObject();
  if (!sel.removeForceSerial && sel.requestCostBased)
    w.beginObject()
        .member(jk::remedy::id, "set_option")
        .member(jk::remedy::option, "generator")
        .member(jk::remedy::value, generatorName(GeneratorKind::CostBased))
        .endObject();
  if (!sel.removeForceSerial && sel.requestCostBased && sel.thresholdAtMost > 0)
    w.beginObject()
        .member(jk::remedy::id, "lower_option")
        .member(jk::remedy::option, "serial-threshold")
        .member(jk::remedy::value, sel.thresholdAtMost)
        .endObject();
  w.endArray().endObject();
}

// The dependence graph: its edges, then the rings they keep.
void graphJson(JsonWriter &w, const BlockResult &r) {
  w.key(jk::block::edges).beginArray();
  for (const DepEdge &e : r.graph.edges) {
    w.beginObject()
        .member(jk::edge::src, e.src)
        .member(jk::edge::dst, e.dst)
        .member(jk::edge::latency, e.latency)
        .member(jk::edge::distance, e.distance)
        .member(jk::edge::kind, edgeKindName(e.kind));
    if (e.ring >= 0) w.member(jk::edge::ring, r.graph.rings[size_t(e.ring)].value);
    w.endObject();
  }
  w.endArray();
  w.key(jk::block::rings).beginArray();
  for (const Ring &ring : r.graph.rings)
    w.beginObject()
        .member(jk::ring::value, ring.value)
        .member(jk::ring::kind, ring.barrier ? "barrier" : "buffer")
        .member(jk::ring::slots, ring.slots)
        .member(jk::ring::proven, ring.proven)
        .member(jk::ring::reason, ring.reason)
        .member(jk::ring::depth_from, depthSourceName(ring.depthFrom))
        .endObject();
  w.endArray();
}

// The agents side by side (driver/AgentReport), when the block is warp-specialized.
void agentsJson(JsonWriter &w, const BlockResult &r, const TargetModel &model) {
  const std::vector<AgentRow> rows = agentRows(r, model);
  if (rows.empty()) return;
  w.key(jk::block::agents).beginArray();
  for (const AgentRow &a : rows) {
    w.beginObject()
        .member(jk::agent::name, a.name)
        .member(jk::agent::role, a.role)
        .member(jk::agent::partition, a.partition)
        .member(jk::agent::warps, a.warps)
        .member(jk::agent::warps_stated, a.warpsStated)
        .member(jk::agent::max_regs, a.maxRegs)
        .key(jk::agent::ops)
        .array(a.ops)
        .member(jk::agent::first_stage, a.firstStage)
        .member(jk::agent::last_stage, a.lastStage)
        .key(jk::agent::units)
        .array(a.units)
        .endObject();
  }
  w.endArray();
}

void violationsJson(JsonWriter &w, const std::vector<Violation> &violations) {
  w.key(jk::block::violations).beginArray();
  for (const Violation &v : violations)
    w.beginObject()
        .member(jk::violation::kind, violationKindName(v.kind))
        .member(jk::violation::op, v.node)
        .member(jk::violation::other_op, v.otherNode)
        .member(jk::violation::edge, v.edge)
        .member(jk::violation::row, v.row)
        .member(jk::violation::resource, v.resource)
        .member(jk::violation::message, v.message)
        .endObject();
  w.endArray();
}

void blockJson(JsonWriter &w, const BlockResult &r, const TargetModel &model, bool trace) {
  const ScheduleAnalysis &a = r.analysis;
  bool placed =
      r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked || r.status == BlockStatus::Violations;
  w.beginObject()
      .member(jk::block::name, r.block.name)
      .member(jk::block::line, r.line)
      .member(jk::block::chunk, r.chunk)
      .member(jk::block::generator, generatorName(a.generator))
      .member(jk::block::status, blockStatusName(r.status))
      .member(jk::block::ii, placed ? a.ii : 0)
      .member(jk::block::ii_units, iiUnitsName(model.iiInSmCycles()))
      .member(jk::block::stage_count, placed ? a.stageCount : 0);
  if (a.mii) {
    w.key(jk::block::mii);
    miiJson(w, *a.mii, r.graph.edges.size());
  }
  const bool certified = placed && a.optimality.status != Optimality::Unknown;
  w.key(jk::block::optimality)
      .beginObject()
      .member(jk::optimality::status, optimalityName(certified ? a.optimality.status : Optimality::Unknown))
      .member(jk::optimality::lower_bound, certified ? a.optimality.lowerBound : 0)
      .member(jk::optimality::stage_bound, certified ? a.optimality.stageBound : 0)
      .member(jk::optimality::stages_proven, certified && a.optimality.stagesProven)
      .endObject();
  const bool compacted = certified && a.compaction.ran;
  w.key(jk::block::compaction)
      .beginObject()
      .member(jk::compaction::ran, compacted)
      .member(jk::compaction::stages_from, compacted ? a.compaction.stagesFrom : 0)
      .member(jk::compaction::stages_to, compacted ? a.compaction.stagesTo : 0)
      .member(jk::compaction::crossings_from, compacted ? a.compaction.crossingsFrom : 0)
      .member(jk::compaction::crossings_to, compacted ? a.compaction.crossingsTo : 0)
      .endObject();
  if (a.mii) {
    w.key(jk::block::below);
    belowJson(w, placed ? a.below : std::vector<IIAttempt>{});
  }
  w.key(jk::block::summary)
      .beginObject()
      .member(jk::summary::op_count, r.summary.opCount)
      .member(jk::summary::op_count_lowered, r.summary.opCountLowered)
      .member(jk::summary::has_tma, r.summary.hasTma)
      .member(jk::summary::has_wgmma, r.summary.hasWgmma)
      .member(jk::summary::has_async_pipeline, r.summary.hasAsyncPipeline)
      .member(jk::summary::force_serial, r.summary.forceSerial)
      .endObject();
  if (a.selection) {
    w.key(jk::block::selection);
    selectionJson(w, *a.selection);
  }
  if (r.triton.any()) {
    w.key(jk::block::triton).beginObject().member(jk::triton_block::stage_count, r.triton.stageCount());
    if (r.triton.numStages) w.member(jk::triton_block::num_stages, *r.triton.numStages);
    if (r.triton.scheduledMaxStage) w.member(jk::triton_block::scheduled_max_stage, *r.triton.scheduledMaxStage);
    if (r.steeredOps >= 0) w.member(jk::triton_block::steered_ops, r.steeredOps);
    w.endObject();
  }
  w.key(jk::block::refinement)
      .beginObject()
      .member(jk::refinement::rounds, a.refinementRounds)
      .member(jk::refinement::converged, (a.refinementStatus & 1u) != 0)
      .member(jk::refinement::budget_exceeded, (a.refinementStatus & 2u) != 0)
      .member(jk::refinement::budget_truncated, a.budgetTruncated)
      .endObject();

  w.key(jk::block::ops).beginArray();
  for (size_t i = 0; i < r.block.ops.size(); ++i) opJson(w, r, i, placed, model);
  w.endArray();

  graphJson(w, r);
  agentsJson(w, r, model);

  const std::vector<int> local = blockResourceIndex(r, model);
  w.key(jk::block::rrt);
  rrtJson(w, r, model, local, placed && a.ii > 0);
  if (trace) {
    w.key(jk::block::trace).beginArray();
    for (const TraceEntry &e : a.trace) traceEntryJson(w, e, r, local);
    w.endArray().member(jk::block::trace_dropped, a.traceDropped);
  }
  w.member(jk::block::schedule_source, r.pinned ? "pinned" : "generated").key(jk::block::pipes);
  pipesJson(w, r);
  w.key(jk::block::mutexes);
  mutexesJson(w, r);
  w.member(jk::block::trivial_fallback, r.materialized.trivialFallback);
  memoryJson(w, r);
  violationsJson(w, r.violations);
  if (a.failure) {
    w.key(jk::block::failure);
    failureJson(w, *a.failure, model);
  }
  w.endObject();
}

}  // namespace

std::string emitJson(const DriverRun &run, const std::vector<Diagnostic> &diags, const DriverOptions &opts,
                     const std::string &ir) {
  JsonWriter w;
  w.reserve(ir.size() + (32 << 10));  // the IR is one member; a small loop's rest fits in 32 KB
  w.beginObject()
      .member(jk::document::version, 1)
      .member(jk::document::tool, versionString())
      .key(jk::document::diagnostics)
      .beginArray();
  for (const Diagnostic &diag : diags) diagnosticJson(w, diag);
  // The first chunk's model: for an input of one chunk, the model its loops were scheduled on;
  // the run's when no chunk was read.
  const TargetModel *shown = run.chunks.empty() ? run.model.get() : run.chunks.front().model.get();
  w.endArray().member(jk::document::model, shown ? shown->name : std::string()).key(jk::document::chunks).beginArray();
  for (const ChunkResult &c : run.chunks) {
    const std::optional<IRTarget> &target = c.modelChoice.target;
    w.beginObject()
        .member(jk::chunk::line, c.source.firstLine)
        .member(jk::chunk::end_line, c.source.lastLine)
        .member(jk::chunk::status, chunkStatusName(c.status))
        .key(jk::chunk::unparsed_functions)
        .beginArray();
    for (const Operation *f : c.damaged) w.value(f->symbol);
    w.endArray()
        .key(jk::chunk::model)
        .beginObject()
        .member(jk::chunk_model::name, c.model->name)
        .member(jk::chunk_model::source, modelSourceName(c.modelChoice.source))
        .member(jk::chunk_model::target, target ? target->text : std::string())
        .member(jk::chunk_model::target_model, c.modelChoice.targetModel)
        .member(jk::chunk_model::mismatch, c.modelChoice.mismatch)
        .member(jk::chunk_model::reason, modelChoiceWords(c))
        .member(jk::chunk_model::words, modelWords(*c.model))
        .endObject()
        .endObject();
  }
  w.endArray().key(jk::document::blocks).beginArray();
  for (const BlockResult &r : run.blocks) blockJson(w, r, r.modelOf(*run.chunks[r.chunk].model), opts.schedule.trace);
  w.endArray().member(jk::document::ir, ir).endObject();
  return w.take() + "\n";
}

}  // namespace tilesched
