// Pass dependence-graph (graph/). Reads: BlockInput, CostPart. Publishes: GraphPart (data, carried,
// token, explicit, memory, barrier and nested edges).
#include "pipeline/Pass.h"

namespace tilesched {

bool dependenceGraphPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  s.graph = buildDependenceGraph(s.block, s.resources, diags, ctx.aliases, &blockModel(s, ctx));
  return true;
}

}  // namespace tilesched
