#include "pipeline/BlockPipeline.h"

#include <algorithm>

#include "check/ScheduleChecker.h"

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

const NamedPass kBlockPasses[15] = {
    {"strip-materialized", stripMaterializedPass},
    {"read-triton-schedule", readTritonSchedulePass},
    {"hoist-tmem-alloc", hoistTmemAllocPass},
    {"tileas-view", tileASViewPass},
    {"agents", agentsPass},
    {"resources", resourcesPass},
    {"dependence-graph", dependenceGraphPass},
    {"constraints", constraintsPass},
    {"check-problem", checkProblemPass},
    {"read-pins", readPinsPass},
    {"generate", generatePass},
    {"steer", steerPass},
    {"verify", verifyPass},
    {"refinement", refinementPass},
    {"estimate", estimatePass},
};

namespace {

bool isSchedulable(const ChunkInput &chunk, const ScheduledBlock &block) {
  for (const Operation *op = block.owner; op; op = op->parentOp())
    if (std::find(chunk.damaged.begin(), chunk.damaged.end(), op) != chunk.damaged.end()) return false;
  return true;
}

}  // namespace

ModuloProblem problemOf(const BlockResult &s, const DependenceGraph &graph, const TargetModel &model) {
  return ModuloProblem{graph, s.resources, model, &s.constraints, &s.nodeNames, &s.block, &s.lowered};
}

std::vector<Violation> verifySchedule(const BlockResult &s, const DependenceGraph &graph, const ScheduleAnalysis &a,
                                      const TargetModel &model) {
  // The constraints a generated schedule must keep: all but those a refinement round lifted (seed 003).
  ConstraintState inForce = s.constraints;
  for (const LiftedConstraint &l : a.lifted)
    for (int v : l.nodes) {
      ConstraintSlot &slot = inForce.slots[v];
      if (l.kind == LiftedConstraint::Kind::MaxDepth) slot.max_depth = 0;
      else slot.gid = slot.leader_gid = 0;
    }
  return verify({graph, s.resources, model, &inForce, &s.nodeNames, &s.block}, a);
}

SourceRange blockRange(const BlockResult &s) {
  if (s.block.owner) return s.block.owner->nameRange;
  return s.block.ops.empty() ? SourceRange{} : s.block.ops.front()->nameRange;
}

void scheduleBlocks(const ChunkInput &chunk, const PipelineOptions &opts, DiagnosticEngine &diags, BlockRun &run) {
  PassContext ctx(chunk, opts, run);
  for (ScheduledBlock &block : collectScheduledBlocks(chunk.module)) {
    if (!isSchedulable(chunk, block)) continue;
    BlockResult s;
    s.block = block;
    s.line = block.range.begin.line;
    s.chunk = chunk.chunk;
    ctx.errorsBefore = diags.errorCount();
    for (const NamedPass &pass : kBlockPasses)
      if (!pass.run(s, ctx, diags)) break;
    run.traceEntries += s.analysis.trace.size();
    run.traceUnits += s.analysis.traceUnits;
    run.blocks.push_back(std::move(s));
    const BlockResult &kept = run.blocks.back();
    if (kept.block.isLoop && kept.block.owner)
      ctx.loopBlocks[kept.block.owner] = static_cast<int>(run.blocks.size()) - 1;
  }
}

}  // namespace tilesched
