#include <algorithm>

#include "driver/Emitters.h"
#include "driver/InputChunks.h"
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

// Triton's CoarseSchedule orders the pipelined loop's body by cluster, and inside a cluster by
// program order (getOpsInOrder); the stage picks the iteration. So the kernel order tilesched
// chose, (stage, order), is kept by opening a new cluster where the stage changes or where that
// order goes back in program order: the fewest clusters that reproduce it (docs/decisions.md,
// "Exporting to Triton").
std::string emitTritonIR(DriverRun &run) {
  for (const BlockResult &r : run.blocks) {
    if (!placed(r) || !r.block.isLoop || !r.analysis.valid) continue;
    int cluster = 0;
    int previous = -1;
    int maxStage = 0;  // Triton's scheduled_max_stage: the last stage an op starts in
    for (int node : r.analysis.orderedNodes) {
      const OpSchedule &s = r.analysis.ops[node];
      maxStage = std::max(maxStage, s.stage);
      if (previous >= 0 && (s.stage != r.analysis.ops[previous].stage || node < previous)) ++cluster;
      previous = node;
      Operation &op = *r.block.ops[node];
      // Triton writes both as discardable attributes (in this order); an earlier schedule's are
      // replaced where they stand.
      op.setDiscardableAttr("loop.cluster", Attribute::integer(cluster));
      op.setDiscardableAttr("loop.stage", Attribute::integer(s.stage));
    }
    if (r.block.owner) r.block.owner->setDiscardableAttr("tt.scheduled_max_stage", Attribute::integer(maxStage));
  }
  return printChunks(run);
}

}  // namespace tilesched
