// Pass agents (graph/Agents). Reads: BlockInput. Publishes: AgentPart: the agents Triton's IR
// runs the block's ops in, with their warps, and the share of the SM the block is scheduled on,
// each agent on its own issue units (docs/decisions.md, "Each agent on its own share of the SM").
#include "pipeline/Pass.h"

namespace tilesched {

bool agentsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  s.agents = blockAgents(s.block);
  s.opAgents.assign(s.block.ops.size(), {});
  for (size_t a = 0; a < s.agents.size(); ++a)
    for (int v : s.agents[a].ops) s.opAgents[size_t(v)].push_back(static_cast<int>(a));
  s.share = shareOfSm(ctx.model, s.agents);
  if (s.agents.size() > kMaxAgents)
    diags.warning(blockRange(s), "this loop's ops name " + std::to_string(s.agents.size()) +
                                     " partitions, more than the " + std::to_string(kMaxAgents) +
                                     " warps of a CTA: they are scheduled on the whole SM's issue units, as one agent");
  return true;
}

}  // namespace tilesched
