#include "pipeline/Materialize.h"

#include <algorithm>

#include "check/ScheduleChecker.h"
#include "check/PinnedSchedule.h"
#include "generate/GenerateSchedule.h"
#include "graph/LoweredProtocol.h"
#include "ir/OpKinds.h"
#include "pipeline/Pass.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

ScheduleAnalysis analysisFromPins(const PinnedSchedule &p) {
  ScheduleAnalysis a;
  a.valid = true;
  a.ii = p.ii;
  a.stageCount = std::max(1, p.stageCount);
  for (const CheckedOp &op : p.ops) a.ops.push_back({op.stage, op.order, op.cycle});
  a.orderedNodes = stableOrder(a.ops.size(), [&](int x, int y) {
    return a.ops[x].stage != a.ops[y].stage ? a.ops[x].stage < a.ops[y].stage : a.ops[x].order < a.ops[y].order;
  });
  return a;
}

// A schedule checked as written (pins, a lowered protocol): each violation an error at its op,
// and the block's status from them.
void reportChecked(BlockResult &r, const char *what, DiagnosticEngine &diags) {
  for (const Violation &v : r.violations)
    diags.error(
        v.node >= 0 && v.node < static_cast<int>(r.block.ops.size()) ? r.block.ops[v.node]->nameRange : blockRange(r),
        std::string(what) + " violates a " + violationKindName(v.kind) + " constraint: " + v.message);
  r.status = r.violations.empty() ? BlockStatus::Checked : BlockStatus::Violations;
}

}  // namespace

bool MaterializeStep::checkPinned(BlockResult &r, const ModuloProblem &problem, BlockRun &run,
                                  DiagnosticEngine &diags) {
  if (!hasPinnedSchedule(r.block)) {
    if (check_)
      diags.note(
          blockRange(r),
          "--check: no op of block '" + r.block.name + "' pins nv_tile.aws.stage/order, so its schedule is generated",
          MessageData(MessageId::CheckNothingPinned)
              .with(MessageFieldId::Block, r.block.name)
              .with(MessageFieldId::Option, "check"));
    return false;
  }
  if (!check_) {
    diags.warning(blockRange(r),
                  "block '" + r.block.name +
                      "' pins nv_tile.aws.stage/order; they are ignored and replaced by a generated "
                      "schedule (pass --check to verify them instead)",
                  MessageData(MessageId::PinnedScheduleIgnored)
                      .with(MessageFieldId::Block, r.block.name)
                      .with(MessageFieldId::Option, "check"));
    return false;
  }
  r.pinned = true;
  std::optional<PinnedSchedule> pinned = readPinnedSchedule(r.block, problem, diags);
  if (!pinned) {
    run.unusable = true;  // malformed or partial pins: nothing to check
    r.status = BlockStatus::Failed;
    return true;
  }
  for (const std::string &note : pinned->notes) diags.note(blockRange(r), note);
  r.analysis = analysisFromPins(*pinned);
  r.violations = pinned->violations;
  if (pinned->ii >= 1)
    for (Violation &v : checkSchedule(problem, pinned->ii, pinned->ops)) r.violations.push_back(std::move(v));
  reportChecked(r, "pinned schedule", diags);
  return true;
}

bool MaterializeStep::checkLowered(BlockResult &r, const ModuloProblem &problem, DiagnosticEngine &diags) {
  const LoweredProtocol protocol = findLoweredProtocol(r.block, problem.model);
  if (!protocol.wait) return false;
  ScheduleAnalysis a = generateSerialSchedule(problem, diags);
  if (!a.valid) return false;  // generation reports why
  r.ownOrder = true;
  r.violations = verify(problem, a);
  r.analysis = std::move(a);
  reportChecked(r, "the loop's own order", diags);
  auto at = [](const Operation *op) {
    return op->name + " at " + std::to_string(op->nameRange.begin.line) + ":" + std::to_string(op->nameRange.begin.col);
  };
  diags.note(blockRange(r), "block '" + r.block.name +
                                "' is already pipelined: it carries a lowered barrier protocol (" + at(protocol.wait) +
                                ", " + at(protocol.arrive) +
                                "), so its own order is checked against the dependences instead of rescheduled; "
                                "every op stays in stage 0, each arrive in the stage of the wait it answers");
  return true;
}

MaterializeStep::Trial MaterializeStep::trial(const BlockResult &r) {
  MaterializeInput in;
  in.aliases = &aliases_;
  in.block = &r.block;
  in.graph = &r.graph;
  in.constraints = &r.constraints;
  in.analysis = &r.analysis;
  in.nodeNames = r.nodeNames;
  for (const OpResources &res : r.resources) {
    in.outsideLoop.push_back(res.source == OpResources::Source::OutsideLoop);
    in.latency.push_back(res.latency);
    in.tma.push_back((res.traits & TraitTma) != 0);
    in.mma.push_back((res.traits & TraitWgmma) != 0);
  }
  Trial t;
  t.namer = std::make_unique<PipeNamer>(*namerFor(r.block));
  t.plan = materializeSchedule(in, MaterializeOptions{}, *t.namer, t.diags);
  return t;
}

void MaterializeStep::commit(BlockResult &r, Trial trial, DiagnosticEngine &diags) {
  namerFor(r.block) = std::move(trial.namer);
  for (const Diagnostic &d : trial.diags.all()) diags.report(d.severity, d.range, d.message, d.data);
  r.materialized = std::move(trial.plan);
  if (!r.materialized.valid) r.status = BlockStatus::Failed;
}

// Pipe_/Mutex_ numbers run per function (facts §4.1).
std::unique_ptr<PipeNamer> &MaterializeStep::namerFor(const ScheduledBlock &block) {
  Operation *scope = block.owner;
  while (scope && !isFunctionOpName(scope->name)) scope = scope->parentOp();
  std::unique_ptr<PipeNamer> &namer = namers_[scope];
  if (!namer) namer = std::make_unique<PipeNamer>(valueNamesInScope(module_, scope));
  return namer;
}

}  // namespace tilesched
