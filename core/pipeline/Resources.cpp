// Pass resources (target/resolveOpResources; pipeline/NestedLoops). Reads: BlockInput,
// TritonPart.decided, ViewPart.pipelined, AgentPart, the loops of the chunk scheduled so far.
// Publishes: CostPart (each op's latency and footprint on the block's share of the SM, its name in messages, the ops
// that are loops costed by their own schedules). Stops the block (failed, the run unusable) when the chunk's ops pass
// the footprint limit.
#include <algorithm>
#include <optional>
#include <unordered_set>

#include "buffers/OpShape.h"
#include "pipeline/Pass.h"
#include "support/Limits.h"
#include "target/IRTarget.h"

namespace tilesched {

namespace {

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

// The cost of the loop `op`, when it is one the chunk scheduled before; nullopt for another op.
// False (after an error) when the loop's laid-out footprint would pass the footprint limit.
bool nestedCost(const BlockResult &s, const Operation &op, PassContext &ctx, std::optional<NestedLoop> &nested,
                DiagnosticEngine &diags) {
  const auto inner = ctx.loopBlocks.find(&op);
  if (inner == ctx.loopBlocks.end()) return true;
  const BlockResult &loop = ctx.run.blocks[size_t(inner->second)];
  nested = nestedLoopCost(loop, inner->second, kMaxFootprintUnits - ctx.footprintUnits);
  // Its agents' units as this block's agents' of the same partition.
  nested->cost.footprint = outerFootprint(nested->cost.footprint, {loop.share, loop.agents}, {s.share, s.agents});
  if (!nested->overLimit) return true;
  diags.error(op.nameRange, "this loop, laid out over its iterations, would bring the ops up to it past " +
                                std::to_string(kMaxFootprintUnits) +
                                " slot and pool units in all (footprint rows x entries, the footprint limit)");
  return false;
}

// One op's cost, with the notes that say where it comes from. False when the footprint limit stops
// the costs (after the op, when its own footprint passes it).
bool costOp(BlockResult &s, const Operation &op, PassContext &ctx,
            const std::unordered_set<const Operation *> &pipelinedLoads, DiagnosticEngine &diags) {
  std::optional<NestedLoop> nested;
  if (!nestedCost(s, op, ctx, nested, diags)) return false;
  const size_t i = s.resources.size();
  const bool outside = i < s.decided.outsideLoop.size() && s.decided.outsideLoop[i];
  s.resources.push_back(resolveOpResources(
      op, ctx.model, diags,
      {ctx.target, nested ? &nested->cost : nullptr, &ctx.aliases, outside, &opShape, &pipelinedLoads, &ctx.module}));
  s.resources.back().footprint = agentFootprint(s.resources.back().footprint, s.share, s.opAgents[i]);
  if (outside)
    diags.note(op.nameRange,
               "the accumulator stays in tensor memory across iterations (Triton's "
               "hoist-TMEM-alloc pass moves this op out of the loop before pipelining it): "
               "it costs nothing per iteration");
  if (nested) {
    s.nestedLoops.push_back(*nested);
    s.nestedLoops.back().node = static_cast<int>(i);
    if (!nested->tripCountKnown)
      diags.note(op.nameRange,
                 "this loop's trip count is not a constant: the loop around it is scheduled as if it ran " +
                     std::to_string(nested->tripCount) + (nested->tripCount == 1 ? " iteration" : " iterations") +
                     " (its stage count), " + std::to_string(nested->duration) + " cycles");
  }
  s.nodeNames.push_back(describeOp(op));
  for (const FootprintRow &row : s.resources.back().footprint) ctx.footprintUnits += row.size();
  if (ctx.footprintUnits <= kMaxFootprintUnits) return true;
  diags.error(op.nameRange, "the ops up to this one hold more than " + std::to_string(kMaxFootprintUnits) +
                                " slot and pool units in all (footprint rows x entries, the footprint limit)");
  return false;
}

}  // namespace

bool resourcesPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  std::unordered_set<const Operation *> pipelinedLoads;  // what the pipeliner makes async copies
  for (size_t i = 0; i < s.block.ops.size(); ++i)
    if (s.lowered.pipelined[i]) pipelinedLoads.insert(s.block.ops[i]);
  for (const Operation *op : s.block.ops)
    if (!costOp(s, *op, ctx, pipelinedLoads, diags)) break;
  if (s.resources.size() < s.block.ops.size()) {  // the footprint limit stopped the costs: no graph to build
    ctx.run.unusable = true;
    s.status = BlockStatus::Failed;
    return false;
  }
  warnUnknownOps(s, ctx.model, diags);
  std::vector<const Footprint *> footprints;
  for (const OpResources &r : s.resources) footprints.push_back(&r.footprint);
  const std::vector<std::string> widened = widenToDemand(s.share, ctx.model, footprints);
  if (!widened.empty()) {
    std::string units;
    for (size_t i = 0; i < widened.size(); ++i) units += (i ? ", '" : "'") + widened[i] + "'";
    diags.note(blockRange(s), "an op of this loop issues more to " + units +
                                  " in one cycle than the agent's warps have (an inner loop scheduled on its own "
                                  "agents' units): those shares widen to the op's demand");
  }
  return true;
}

}  // namespace tilesched
