// Pass agents (graph/Agents). Reads: BlockInput. Publishes: AgentPart: the agents Triton's IR
// runs the block's ops in, with their warps, and the share of the SM the block is scheduled on,
// each agent on its own issue units (docs/decisions.md, "Each agent on its own share of the SM").
#include "pipeline/Pass.h"

namespace tilesched {

bool agentsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &) {
  s.agents = blockAgents(s.block);
  s.opAgents.assign(s.block.ops.size(), {});
  for (size_t a = 0; a < s.agents.size(); ++a)
    for (int v : s.agents[a].ops) s.opAgents[size_t(v)].push_back(static_cast<int>(a));
  s.share = shareOfSm(ctx.model, s.agents);
  return true;
}

}  // namespace tilesched
