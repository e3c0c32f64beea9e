#include <algorithm>

#include "driver/Emitters.h"
#include "driver/InputChunks.h"
#include "frontend/triton/Schedule.h"
#include "ir/Printer.h"

namespace tilesched {

namespace {

bool placed(const BlockResult &r) { return r.status == BlockStatus::Scheduled || r.status == BlockStatus::Checked; }

// Each chunk's module as it now stands, chunks separated by `// -----`; a chunk that did not
// parse, or a function with a parse error, prints as written.
std::string printChunks(const DriverRun &run) {
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

}  // namespace

// Each materialized block is rebuilt in (stage, order) with its Pipe_/Mutex_ values and the
// nv_tile.aws.* attributes (core/materialize/RegionRewrite.cpp); blocks that failed, or whose
// pins violate the checker, print as they were written.
std::string emitScheduledIR(DriverRun &run) {
  for (const BlockResult &r : run.blocks)
    if (r.materialized.valid && placed(r)) rewriteScheduledRegion(*run.chunks[r.chunk].module, r.block, r.materialized);
  return printChunks(run);
}

// Triton's loop.stage / loop.cluster from each scheduled loop's schedule (frontend/triton/Schedule.h).
std::string emitTritonIR(DriverRun &run) {
  for (const BlockResult &r : run.blocks) {
    if (!placed(r) || !r.block.isLoop || !r.analysis.valid) continue;
    std::vector<int> stageOf;
    for (const OpSchedule &s : r.analysis.ops) stageOf.push_back(s.stage);
    writeTritonSchedule(r.block, r.analysis.orderedNodes, stageOf);
  }
  return printChunks(run);
}

}  // namespace tilesched
