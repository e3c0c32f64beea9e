#include "driver/BlockPipeline.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "buffers/OpShape.h"
#include "driver/InputChunks.h"
#include "driver/MaterializeStep.h"
#include "driver/MemoryBudget.h"
#include "graph/TmemAccumulator.h"
#include "support/Limits.h"
#include "target/TileASView.h"

namespace tilesched {

const char *blockStatusName(BlockStatus s) {
  switch (s) {
  case BlockStatus::Scheduled: return "scheduled";
  case BlockStatus::Failed: return "failed";
  case BlockStatus::Checked: return "checked";
  case BlockStatus::Violations: return "violations";
  }
  return "failed";
}

namespace {

std::vector<CheckedOp> toCheckedOps(const ScheduleAnalysis &a) {
  std::vector<CheckedOp> ops;
  for (const OpSchedule &s : a.ops) ops.push_back({s.stage, s.order, s.cycle});
  return ops;
}

SourceRange blockRange(const BlockResult &r) {
  if (r.block.owner) return r.block.owner->nameRange;
  return r.block.ops.empty() ? SourceRange{} : r.block.ops.front()->nameRange;
}

// `sched.ii_cap = N : i32` on an scf.for caps that loop's II like --ii-cap, so a shared snippet
// carries its own cap (the smaller of the two wins).
ScheduleOptions blockOptions(const ScheduledBlock &block, ScheduleOptions opts, DiagnosticEngine &diags) {
  if (!block.owner) return opts;
  const Attribute *cap = block.owner->lookupAttr("sched.ii_cap");
  if (!cap) return opts;
  std::optional<int64_t> v = cap->asInt();
  if (!v || *v < 1 || *v > (1 << 30)) {
    diags.error(cap->range, "'sched.ii_cap' must be a positive integer, e.g. sched.ii_cap = 16 : i32");
    return opts;
  }
  opts.iiCap = opts.iiCap > 0 ? std::min<int>(opts.iiCap, static_cast<int>(*v)) : static_cast<int>(*v);
  return opts;
}

// The constraints a generated schedule must keep: all but those a refinement round lifted (seed 003).
ConstraintState constraintsInForce(const ConstraintState &cs, const std::vector<LiftedConstraint> &lifted) {
  ConstraintState out = cs;
  for (const LiftedConstraint &l : lifted)
    for (int v : l.nodes) {
      ConstraintSlot &slot = out.slots[v];
      if (l.kind == LiftedConstraint::Kind::MaxDepth) slot.max_depth = 0;
      else slot.gid = slot.leader_gid = 0;
    }
  return out;
}

void reportFailure(const BlockResult &r, DiagnosticEngine &diags) {
  const ScheduleAnalysis &a = r.analysis;
  for (const AnalysisNote &note : a.notes) diags.note(blockRange(r), note.text, note.data);
  // A failure whose message names an option is data too: its id as `cause`, then its fields.
  MessageData data;
  if (a.failure && a.failure->data.id != MessageId::None) {
    data = MessageData(MessageId::NoSchedule).with("cause", messageIdName(a.failure->data.id));
    data.fields.insert(data.fields.end(), a.failure->data.fields.begin(), a.failure->data.fields.end());
  }
  if (a.failure && a.failure->node >= 0 && a.failure->node < static_cast<int>(r.block.ops.size())) {
    diags.error(r.block.ops[a.failure->node]->nameRange, "failed to find a schedule: " + a.failure->message,
                std::move(data));
    return;
  }
  // A block-level failure (the II cap below the lower bound, a spent budget) says why.
  if (data.id != MessageId::None) data.with("block", r.block.name);
  diags.error(blockRange(r),
              "failed to find a schedule for block '" + r.block.name + "'" +
                  (a.failure && !a.failure->message.empty() ? ": " + a.failure->message : ""),
              std::move(data));
}

// Stages between an op and its users moved users of a generated schedule to later stages: Triton's
// tt.latency (--triton-latency), or by default on a cost-based schedule the stages Triton's
// AssignLatencies gives the loads its pipeliner turns into async copies (constraints/TritonSchedule).
// When a shift is impossible the schedule stands: a warning for the user's tt.latency, a note for
// the pipelined loads.
void steerByTritonLatency(BlockResult &r, const SchedulingProblem &problem, bool requested, DiagnosticEngine &diags) {
  std::vector<int> latency, limit;
  for (size_t v = 0; v < r.block.ops.size(); ++v) {
    const TritonOpSchedule *t = v < r.triton.ops.size() ? &r.triton.ops[v] : nullptr;
    latency.push_back(t ? t->pipelinedLatency : 0);
    limit.push_back(v < r.constraints.slots.size() ? static_cast<int>(r.constraints.slots[v].max_depth) : 0);
  }
  if (std::none_of(latency.begin(), latency.end(), [](int l) { return l > 0; })) return;
  SteeringResult s = steerStagesByLatency(r.analysis, problem, latency, limit);
  r.steeredOps = s.moved;
  r.fromTtLatency = std::any_of(r.triton.ops.begin(), r.triton.ops.end(),
                                [](const TritonOpSchedule &o) { return o.latency.has_value(); });
  if (s.blockedBy < 0) return;
  const std::string what = r.fromTtLatency ? "tt.latency" : "Triton's pipelining of its loads";
  std::string why;
  switch (s.blockedByWhy) {
  case SteeringResult::Blocked::Recurrence:
    why = what + " cannot be met here: a loop-carried dependence brings the users of " +
          (r.fromTtLatency ? "an op with tt.latency" : "a pipelined load") + " back to it";
    break;
  case SteeringResult::Blocked::MaxDepth: why = what + " would move this op past its max_depth"; break;
  case SteeringResult::Blocked::CycleLimit:
    why = what + " would move this op past cycle " + std::to_string(kMaxCycle) + " (the cycle limit)";
    break;
  }
  why += "; the schedule is kept as generated";
  if (requested) diags.warning(r.block.ops[s.blockedBy]->nameRange, why);
  else diags.note(r.block.ops[s.blockedBy]->nameRange, why);
}

// Every op without a model entry, override or schedule of its own (in the block, or in the
// regions of a region op the model costs through them) is said once per block, at the first:
// the unknown-op default is a guess, never silent. Ops of another machine's table are already
// warned about (target/OpResources).
void warnUnknownOps(const BlockResult &r, const TargetModel &model, DiagnosticEngine &diags) {
  std::vector<const Operation *> unknown;
  auto guessed = [&](const Operation &op) {
    return !op.isTerminator() && !loopKindOf(op.name) && !model.lookup(op.name) && !op.lookupAttr("sched.latency") &&
           !op.lookupAttr("sched.footprint") && targetOnlyOpModelWords(op.name).empty() &&
           !isCallOpName(op.name);  // a call without a callee to cost says why (target/OpResources)
  };
  for (size_t i = 0; i < r.block.ops.size(); ++i) {
    const Operation &op = *r.block.ops[i];
    if (r.resources[i].source == OpResources::Source::Default && guessed(op)) unknown.push_back(&op);
    const OpModel *m = model.lookup(op.name);
    if (r.resources[i].source != OpResources::Source::Model || !m || m->regionCost == RegionCost::None) continue;
    for (const auto &region : op.regions)
      for (const auto &b : region->blocks)
        walkBlockOps(*b, [&](Operation &inner) {
          if (guessed(inner)) unknown.push_back(&inner);
        });
  }
  if (unknown.empty()) return;
  std::vector<std::string> names;  // distinct, in program order
  for (const Operation *op : unknown)
    if (std::find(names.begin(), names.end(), op->name) == names.end()) names.push_back(op->name);
  std::string list;
  for (size_t i = 0; i < names.size() && i < 8; ++i) list += (i > 0 ? ", " : "") + names[i];
  if (names.size() > 8) list += " and " + std::to_string(names.size() - 8) + " more";
  const bool one = unknown.size() == 1;
  diags.warning(unknown.front()->nameRange,
                "target model '" + model.name + "' has no entry for " + list + ": " + std::to_string(unknown.size()) +
                    (one ? " op of this block is scheduled as an unknown op"
                         : " ops of this block are scheduled as unknown ops") +
                    " (latency " + std::to_string(model.defaultLatency) + ", no resources), a guess; give " +
                    (one ? "it" : "them") + " sched.latency / sched.footprint or a model entry");
}

}  // namespace

void scheduleChunk(int chunk, const DriverOptions &opts, DiagnosticEngine &diags, DriverRun &run) {
  Module &module = *run.chunks[chunk].module;
  const TargetModel &model = *run.chunks[chunk].model;
  const TypeAliases aliases(module);
  MaterializeStep materialize(module, aliases, opts);
  const std::string target = targetWords(run.chunks[chunk]);
  size_t footprintUnits = 0;  // of every op so far, against kMaxFootprintUnits
  // The loops scheduled so far, by their loop op: each is costed as one op of the loop around it
  // (innermost blocks come first) when that loop's body is read, so a loop nested in nothing
  // costs nothing.
  std::unordered_map<const Operation *, int> loopBlocks;  // lookups only
  auto keep = [&](BlockResult &&r) {
    run.traceEntries += r.analysis.trace.size();
    run.traceUnits += r.analysis.traceUnits;
    run.blocks.push_back(std::move(r));
    const BlockResult &kept = run.blocks.back();
    if (kept.block.isLoop && kept.block.owner) loopBlocks[kept.block.owner] = static_cast<int>(run.blocks.size()) - 1;
  };
  for (ScheduledBlock &block : collectScheduledBlocks(module)) {
    if (!isSchedulable(run.chunks[chunk], block)) continue;
    BlockResult r;
    r.block = block;
    r.line = block.range.begin.line;
    r.chunk = chunk;
    int errorsBefore = diags.errorCount();
    stripMaterializedOps(r.block, diags);  // Pipe_/Mutex_ of an earlier --emit=ir are not work
    r.triton = readTritonSchedule(r.block, diags);
    assignPipelinedLoadLatencies(r.block, r.triton);
    const std::vector<bool> keptInTmem = accumulatorKeptInTmem(r.block);
    r.lowered = tileASView(r.block.ops, model, {keptInTmem, tritonPipelinedLoads(r.block, r.triton)});
    std::unordered_set<const Operation *> pipelinedLoads;  // what the pipeliner makes async copies
    for (size_t i = 0; i < r.block.ops.size(); ++i)
      if (r.lowered.pipelined[i]) pipelinedLoads.insert(r.block.ops[i]);
    for (const Operation *op : r.block.ops) {
      const auto inner = loopBlocks.find(op);
      std::optional<NestedLoop> nested;
      if (inner != loopBlocks.end()) {
        nested = nestedLoopCost(run.blocks[size_t(inner->second)], inner->second, kMaxFootprintUnits - footprintUnits);
        if (nested->overLimit) {
          diags.error(op->nameRange, "this loop, laid out over its iterations, would bring the ops up to it past " +
                                         std::to_string(kMaxFootprintUnits) +
                                         " slot and pool units in all (footprint rows x entries, the footprint limit)");
          break;
        }
      }
      const bool outside = keptInTmem[r.resources.size()];
      r.resources.push_back(resolveOpResources(
          *op, model, diags,
          {target, nested ? &nested->cost : nullptr, &aliases, outside, &opShape, &pipelinedLoads, &module}));
      if (outside)
        diags.note(op->nameRange,
                   "the accumulator stays in tensor memory across iterations (Triton's "
                   "hoist-TMEM-alloc pass moves this op out of the loop before pipelining it): "
                   "it costs nothing per iteration");
      if (nested) {
        r.nestedLoops.push_back(*nested);
        r.nestedLoops.back().node = static_cast<int>(r.resources.size()) - 1;
        if (!nested->tripCountKnown)
          diags.note(op->nameRange,
                     "this loop's trip count is not a constant: the loop around it is scheduled as if it ran " +
                         std::to_string(nested->tripCount) + (nested->tripCount == 1 ? " iteration" : " iterations") +
                         " (its stage count), " + std::to_string(nested->duration) + " cycles");
      }
      r.nodeNames.push_back(describeOp(*op));
      for (const FootprintRow &row : r.resources.back().footprint) footprintUnits += row.size();
      if (footprintUnits > kMaxFootprintUnits) {
        diags.error(op->nameRange, "the ops up to this one hold more than " + std::to_string(kMaxFootprintUnits) +
                                       " slot and pool units in all (footprint rows x entries, the footprint limit)");
        break;
      }
    }
    if (r.resources.size() < r.block.ops.size()) {  // the footprint limit stopped the costs: no graph to build
      run.unusable = true;
      r.status = BlockStatus::Failed;
      keep(std::move(r));
      continue;
    }
    warnUnknownOps(r, model, diags);
    r.graph = buildDependenceGraph(r.block, r.resources, diags, aliases, &model);
    r.constraints = parseConstraints(r.block, diags);
    ScheduleOptions blockOpts = blockOptions(r.block, opts.schedule, diags);
    // The trace limit is one budget for the whole run, so a file of many small loops cannot
    // print traceLimit entries for each (the output stays linear in the input).
    blockOpts.traceLimit -= std::min(blockOpts.traceLimit, run.traceEntries);
    blockOpts.traceUnitLimit -= std::min(blockOpts.traceUnitLimit, run.traceUnits);
    // The block's one scheduling problem, checked before any generator or the pinned-schedule
    // reader runs (contract/SchedulingProblem.h).
    // An exact solver's schedule passes the checker's dependence and resource rules before use.
    const ProposedScheduleCheck checkProposed = [](const SchedulingProblem &p, const ScheduleAnalysis &a) {
      return checkSchedule({p.graph, p.resources, p.model, nullptr, p.nodeNames, p.block}, a.ii, toCheckedOps(a))
          .empty();
    };
    const SchedulingProblem problem{r.graph,      r.resources, model,         &r.constraints,
                                    &r.nodeNames, &r.block,    checkProposed, &r.lowered};
    if (diags.errorCount() == errorsBefore) problem.check(diags);
    if (diags.errorCount() != errorsBefore) {
      run.unusable = true;  // malformed overrides / constraints: nothing trustworthy to schedule
      r.status = BlockStatus::Failed;
      keep(std::move(r));
      continue;
    }
    // --check: verify the pins instead (SPEC §5); a lowered protocol: verify the loop's own order.
    if (materialize.checkPinned(r, problem, run, diags) || materialize.checkLowered(r, problem, diags)) {
      if (r.status == BlockStatus::Checked)
        materializeWithinBudget(r, model, aliases, opts, blockOpts, materialize, {}, diags);
      keep(std::move(r));
      continue;
    }

    r.summary = summarizeRegion(problem);
    if (!r.graph.zeroDistanceCycles.empty()) {  // well formed, but no schedule exists: exit 1
      reportZeroDistanceCycles(r.block, r.graph, diags);
      r.analysis.selection = selectGenerator(r.summary, blockOpts);
      r.analysis.generator = r.analysis.selection->generator;
      r.status = BlockStatus::Failed;
      keep(std::move(r));
      continue;
    }
    r.analysis = generateSchedule(problem, blockOpts, diags);
    if (r.analysis.traceDropped > 0)
      diags.note(blockRange(r),
                 "the trace keeps its first " + std::to_string(r.analysis.trace.size()) + " entries; " +
                     std::to_string(r.analysis.traceDropped) +
                     " later ones were dropped (trace limit: " + std::to_string(opts.schedule.traceLimit) +
                     " entries per run, " + std::to_string(kMaxTraceUnits) + " listed units per run)");
    if (!r.analysis.valid) {
      r.status = BlockStatus::Failed;
      reportFailure(r, diags);
      keep(std::move(r));
      continue;
    }

    if (blockOpts.tritonLatency || r.analysis.generator == GeneratorKind::CostBased)
      steerByTritonLatency(r, problem, blockOpts.tritonLatency, diags);

    // Every schedule is checked by the independent checker before it is printed (SPEC §4.8).
    const ConstraintState inForce = constraintsInForce(r.constraints, r.analysis.lifted);
    r.violations = checkSchedule({r.graph, r.resources, model, &inForce, &r.nodeNames, &r.block}, r.analysis.ii,
                                 toCheckedOps(r.analysis));
    if (!r.violations.empty()) {
      r.status = BlockStatus::Failed;
      for (const Violation &v : r.violations)
        diags.error(v.node >= 0 ? r.block.ops[v.node]->nameRange : blockRange(r),
                    std::string("internal error: the ") + generatorName(r.analysis.generator) +
                        " generator produced a schedule the checker rejects: " + v.message);
    } else {
      r.status = BlockStatus::Scheduled;
      // Pipe_/Mutex_ values (seeds 002-003), then buffers within the model's budgets: over one,
      // the block is scheduled again over its graph plus lifetime edges, and checked again.
      // The rounds share the block's work budget with the first generation: what it left, and at
      // least a tenth of it (an anytime first search may spend all of it, and a round with nothing
      // would fall back to the serial schedule), so a budget bounds the block's search to a small
      // multiple however many rounds run (0 being unlimited).
      int64_t workLeft = blockOpts.workBudget - r.analysis.workUsed;
      auto reschedule = [&](const DependenceGraph &graph, DiagnosticEngine &d) -> std::optional<ScheduleAnalysis> {
        const SchedulingProblem again{graph,        r.resources, model,         &r.constraints,
                                      &r.nodeNames, &r.block,    checkProposed, &r.lowered};
        ScheduleOptions roundOpts = blockOpts;
        if (blockOpts.workBudget > 0)
          roundOpts.workBudget = std::max<int64_t>(std::max<int64_t>(1, blockOpts.workBudget / 10), workLeft);
        ScheduleAnalysis a = generateSchedule(again, roundOpts, d);
        workLeft -= a.workUsed;
        const ConstraintState kept = constraintsInForce(r.constraints, a.lifted);
        if (!a.valid ||
            !checkSchedule({graph, r.resources, model, &kept, &r.nodeNames, &r.block}, a.ii, toCheckedOps(a)).empty())
          return std::nullopt;
        return a;
      };
      materializeWithinBudget(r, model, aliases, opts, blockOpts, materialize, reschedule, diags);
    }
    keep(std::move(r));
  }
}

}  // namespace tilesched
