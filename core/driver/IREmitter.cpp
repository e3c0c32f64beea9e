#include "driver/Emitters.h"
#include "ir/Printer.h"

namespace tilesched {

// Each materialized block is rebuilt in (stage, order) with its Pipe_/Mutex_ values and the
// nv_tile.aws.* attributes (core/materialize/RegionRewrite.cpp); blocks that failed, or whose
// pins violate the checker, print as they were written.
std::string emitScheduledIR(Module &module, const DriverRun &run) {
  for (const BlockResult &r : run.blocks)
    if (r.materialized.valid && (r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked))
      rewriteScheduledRegion(module, r.block, r.materialized, r.nodeNames);
  return printModule(module);
}

}  // namespace tilesched
