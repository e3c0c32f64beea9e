// Pass tileas-view (target/TileASView). Reads: BlockInput, TritonPart.decided. Publishes: ViewPart
// (the block as TileAS would count it once lowered, and which global loads become async copies).
#include "pipeline/Pass.h"

namespace tilesched {

bool tileASViewPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &) {
  s.lowered = tileASView(s.block.ops, ctx.model, s.decided);
  return true;
}

}  // namespace tilesched
