#include "driver/Emitters.h"
#include "driver/InputChunks.h"
#include "ir/Printer.h"

namespace tilesched {

// Each materialized block is rebuilt in (stage, order) with its Pipe_/Mutex_ values and the
// nv_tile.aws.* attributes (core/materialize/RegionRewrite.cpp); blocks that failed, or whose
// pins violate the checker, print as they were written.
std::string emitScheduledIR(DriverRun &run) {
  for (const BlockResult &r : run.blocks)
    if (r.materialized.valid && (r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked))
      rewriteScheduledRegion(*run.chunks[r.chunk].module, r.block, r.materialized);
  std::string out;
  for (size_t c = 0; c < run.chunks.size(); ++c) {
    const ChunkResult &chunk = run.chunks[c];
    if (c > 0) out += std::string(kSplitMarker) + "\n";
    if (!chunk.module) {
      out += chunk.source.text;
      if (!out.empty() && out.back() != '\n') out += '\n';
      continue;
    }
    VerbatimOps verbatim;
    for (const Operation *f : chunk.damaged) verbatim.emplace(f, sourceText(chunk.source, f->range));
    out += printModule(*chunk.module, verbatim);
  }
  return out;
}

}  // namespace tilesched
