// Pass strip-materialized. Reads: BlockInput. Publishes: BlockInput without the Pipe_/Mutex_ ops an
// earlier --emit=ir spliced in (they are not work; the schedule is made again).
#include "pipeline/Pass.h"

namespace tilesched {

bool stripMaterializedPass(BlockResult &s, PassContext &, DiagnosticEngine &diags) {
  stripMaterializedOps(s.block, diags);
  return true;
}

}  // namespace tilesched
