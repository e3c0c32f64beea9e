#include <nlohmann/json.hpp>

#include "driver/Emitters.h"

namespace tilesched {

namespace {

using Json = nlohmann::ordered_json;

Json footprintJson(const Footprint &fp, const TargetModel &model) {
  Json rows = Json::array();
  for (const FootprintRow &row : fp) {
    Json names = Json::array();
    for (int r : row) names.push_back(model.resources[r].name);
    rows.push_back(std::move(names));
  }
  return rows;
}

// `file` appears only for diagnostics about another file than the snippet (a --model JSON).
Json diagnosticJson(const Diagnostic &d) {
  Json j{{"severity", severityName(d.severity)}, {"line", d.range.begin.line}, {"col", d.range.begin.col},
         {"end_line", d.range.end.line}, {"end_col", d.range.end.col}, {"message", d.message}};
  if (!d.file.empty()) j["file"] = d.file;
  return j;
}

// Modulo rows x resources: one entry per held unit (SPEC §6 heatmap).
Json rrtJson(const BlockResult &r, const TargetModel &model) {
  const ScheduleAnalysis &a = r.analysis;
  Json resources = Json::array();
  for (const Resource &res : model.resources)
    resources.push_back({{"name", res.name}, {"capacity", res.capacity}, {"kind", res.isSlot ? res.kind : "pool"}});
  Json rows = Json::array();
  std::vector<Json> perRow(a.ii, Json::array());
  for (int v : a.orderedNodes)
    for (size_t k = 0; k < r.resources[v].footprint.size(); ++k)
      for (int res : r.resources[v].footprint[k])
        perRow[(a.ops[v].cycle + k) % a.ii].push_back({{"resource", res}, {"op", v}, {"offset", k}});
  for (Json &row : perRow) rows.push_back(std::move(row));
  return {{"ii", a.ii}, {"resources", std::move(resources)}, {"rows", std::move(rows)}};
}

Json miiJson(const BlockResult &r) {
  const MIIBounds &m = *r.analysis.mii;
  Json cycle = Json::array();
  for (int v : m.criticalCycle) cycle.push_back(v);
  return {{"resource", m.resource}, {"recurrence", m.recurrence}, {"fine_density", m.fineDensity},
          {"dependency", m.dependency}, {"lower_bound", m.lower()}, {"binding", m.resourceBinding},
          {"critical_cycle", std::move(cycle)}};
}

Json failureJson(const PlacementFailure &f, const TargetModel &model) {
  Json rows = Json::array();
  for (const auto &row : f.rows) rows.push_back({{"row", row.row}, {"occupants", row.occupants}});
  return {{"ii", f.ii}, {"op", f.node}, {"duration", f.duration}, {"footprint", footprintJson(f.footprint, model)},
          {"rrt_rows", std::move(rows)}, {"window", {f.windowEarliest, f.windowLatest}},
          {"rejecting_resource", f.rejectingResource}, {"group", f.group}, {"stage", f.stage},
          {"order", f.order}, {"message", f.message}};
}

// Pipe_/Mutex_ values of a materialized block (seed 002; core/materialize/).
Json pipesJson(const BlockResult &r) {
  Json pipes = Json::array();
  for (const PipeValue &p : r.materialized.pipes)
    pipes.push_back({{"name", p.name}, {"raw", p.raw->name}, {"producers", p.producers}, {"consumers", p.consumers},
                     {"owner", p.owner}, {"stage", p.stage}, {"order", p.order}, {"depth", p.depth},
                     {"stages_crossed", p.stagesCrossed}, {"flavour", p.tile ? "tile" : "scalar"},
                     {"payload_type", p.payloadType}, {"trivial_fallback", p.trivialFallback}});
  return pipes;
}

Json mutexesJson(const BlockResult &r) {
  Json mutexes = Json::array();
  for (const MutexValue &m : r.materialized.mutexes)
    mutexes.push_back({{"name", m.name}, {"protects", m.protects}, {"owner", m.owner}, {"stage", m.stage},
                       {"order", m.order}, {"barrier", m.barrier}, {"reasons", m.reasons}});
  return mutexes;
}

Json blockJson(const BlockResult &r, const TargetModel &model, bool trace) {
  const ScheduleAnalysis &a = r.analysis;
  bool placed = r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked ||
                r.status == BlockStatus::Violations;
  Json b;
  b["name"] = r.block.name;
  b["line"] = r.line;
  b["generator"] = generatorName(a.generator);
  b["status"] = blockStatusName(r.status);
  b["ii"] = placed ? a.ii : 0;
  b["stage_count"] = placed ? a.stageCount : 0;
  if (a.mii) b["mii"] = miiJson(r);
  b["summary"] = {{"op_count", r.summary.opCount}, {"has_tma", r.summary.hasTma}, {"has_wgmma", r.summary.hasWgmma},
                  {"has_async_pipeline", r.summary.hasAsyncPipeline}, {"force_serial", r.summary.forceSerial}};
  b["refinement"] = {{"rounds", a.refinementRounds}, {"converged", (a.refinementStatus & 1u) != 0},
                     {"budget_exceeded", (a.refinementStatus & 2u) != 0}, {"budget_truncated", a.budgetTruncated}};

  Json ops = Json::array();
  for (size_t i = 0; i < r.block.ops.size(); ++i) {
    const Operation &op = *r.block.ops[i];
    Json o{{"id", i}, {"name", op.name}, {"label", r.nodeNames[i]}, {"line", op.range.begin.line},
           {"col", op.range.begin.col}};
    if (placed && i < a.ops.size()) {
      o["stage"] = a.ops[i].stage;
      o["order"] = a.ops[i].order;
      o["cycle"] = a.ops[i].cycle;
    }
    if (i < r.resources.size()) {
      o["latency"] = r.resources[i].latency;
      o["footprint"] = footprintJson(r.resources[i].footprint, model);
    }
    if (i < r.constraints.slots.size()) {
      const ConstraintSlot &s = r.constraints.slots[i];
      o["group"] = r.constraints.dsu.findNoCompress(s.gid);
      o["gid"] = s.gid;
      o["leader_gid"] = s.leader_gid;
      o["max_depth"] = s.max_depth;
      o["force_serial"] = (s.flags & FlagForceSerial) != 0;
    }
    ops.push_back(std::move(o));
  }
  b["ops"] = std::move(ops);

  Json edges = Json::array();
  for (const DepEdge &e : r.graph.edges)
    edges.push_back({{"src", e.src}, {"dst", e.dst}, {"latency", e.latency}, {"distance", e.distance},
                     {"kind", edgeKindName(e.kind)}});
  b["edges"] = std::move(edges);

  if (placed && a.ii > 0) b["rrt"] = rrtJson(r, model);
  if (trace) {
    Json t = Json::array();
    for (const TraceEntry &e : a.trace)
      t.push_back({{"step", e.step}, {"ii", e.ii}, {"arm", e.arm}, {"op", e.op}, {"cycle", e.cycle},
                   {"gate", e.gate.empty() ? "-" : e.gate}, {"outcome", e.outcome}, {"reason", e.reason}});
    b["trace"] = std::move(t);
    b["trace_dropped"] = a.traceDropped;
  }
  b["schedule_source"] = r.pinned ? "pinned" : "generated";
  b["pipes"] = pipesJson(r);
  b["mutexes"] = mutexesJson(r);
  b["trivial_fallback"] = r.materialized.trivialFallback;
  Json violations = Json::array();
  for (const Violation &v : r.violations)
    violations.push_back({{"kind", violationKindName(v.kind)}, {"op", v.node}, {"other_op", v.otherNode},
                          {"edge", v.edge}, {"row", v.row}, {"resource", v.resource}, {"message", v.message}});
  b["violations"] = std::move(violations);
  if (a.failure) b["failure"] = failureJson(*a.failure, model);
  return b;
}

}  // namespace

std::string emitJson(const DriverRun &run, const TargetModel *model, const std::vector<Diagnostic> &diags,
                     const DriverOptions &opts, const std::string &ir) {
  Json doc;
  doc["version"] = 1;
  doc["tool"] = versionString();
  Json d = Json::array();
  for (const Diagnostic &diag : diags) d.push_back(diagnosticJson(diag));
  doc["diagnostics"] = std::move(d);
  doc["model"] = model ? model->name : "";
  Json blocks = Json::array();
  if (model)
    for (const BlockResult &r : run.blocks) blocks.push_back(blockJson(r, *model, opts.schedule.trace));
  doc["blocks"] = std::move(blocks);
  doc["ir"] = ir;
  // Invalid UTF-8 in the input must not abort the dump: replace it (U+FFFD).
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace tilesched
