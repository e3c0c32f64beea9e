// Pass estimate (perf/). Reads: BlockInput, TritonPart.triton, CostPart, SchedulePart.analysis,
// MemoryPart. Publishes: EstimatePart: the time per iteration of a placed schedule on the GPU the
// model describes (its own data, or that of the measured model of its family when it is a seed
// model: docs/decisions.md, "The performance model"), or why there is none. Registers over what a
// thread can hold are flagged as an SMEM overrun is; the loop still runs, with the excess spilled
// to local memory.
#include "buffers/Figures.h"
#include "pipeline/Pass.h"

namespace tilesched {

bool estimatePass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (s.status == BlockStatus::Failed) return true;
  const TargetModel *source = performanceSource(ctx.model);
  if (!source) return true;
  const BufferInput in = bufferInput(s, s.materialized, ctx);
  s.estimate = estimatePerformance(
      {&in, &s.buffers, s.triton.any() ? &s.triton : nullptr, &*source->performance, source->name, &s.agents});
  if (!s.estimate)
    s.noEstimate = "no CTA fits on an SM of the " + source->performance->gpu + ": its buffers need " +
                   bytesText(s.buffers.memory.smemBytes) + " of SMEM";
  // A time follows from a measured rate or latency; a loop the performance data prices nothing of
  // (scalar arithmetic, barriers) has none to print.
  if (s.estimate && s.estimate->ours.bounds.empty()) {
    s.estimate.reset();
    s.noEstimate = "the " + source->performance->gpu +
                   "'s measured rates price none of this loop's work (no tile, copy or tensor-core op): no time "
                   "to estimate";
  }
  if (s.estimate && s.estimate->registersOver)
    diags.warning(s.block.owner->nameRange, "the loop's register tensors need about " +
                                                std::to_string(s.estimate->registersPerThread) +
                                                " registers per thread with " + std::to_string(s.estimate->warps) +
                                                " warps, over the " + std::to_string(s.estimate->registersLimit) +
                                                " a thread can hold: the compiler spills the rest to local memory");
  return true;
}

}  // namespace tilesched
