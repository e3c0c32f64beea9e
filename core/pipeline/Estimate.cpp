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
  PerfOutcome outcome = estimatePerformance(
      {&in, &s.buffers, s.triton.any() ? &s.triton : nullptr, &*source->performance, source->name, &s.agents});
  s.estimate = std::move(outcome.estimate);
  s.noEstimate = std::move(outcome.none);
  if (s.estimate && s.estimate->registersOver)
    diags.warning(s.block.owner->nameRange, "the loop's register tensors need about " +
                                                std::to_string(s.estimate->registersPerThread) +
                                                " registers per thread with " + std::to_string(s.estimate->warps) +
                                                " warps, over the " + std::to_string(s.estimate->registersLimit) +
                                                " a thread can hold: the compiler spills the rest to local memory");
  // Over the register file the figure is no CTA's: said in words, with the buffer that makes most of it.
  const Buffer *largest = nullptr;
  for (const Buffer &b : s.buffers.buffers)
    if (b.space == BufferSpace::Registers && b.bytes && (!largest || *b.bytes > *largest->bytes)) largest = &b;
  if (s.estimate && s.estimate->registersOverFile && largest)
    diags.warning(largest->range, "the loop keeps " + bytesText(s.estimate->registerBytes) +
                                      " of register tensors per CTA (the largest, " + largest->value + ": " +
                                      std::to_string(largest->slots) + " slot(s) of " +
                                      bytesText(*largest->bytesPerSlot) + "), more than the " +
                                      bytesText(s.estimate->registerFileBytes) + " register file of an SM of the " +
                                      s.estimate->gpu +
                                      ": no CTA can hold them in registers; the compiler spills the excess to local "
                                      "memory, traffic the estimate's time does not count");
  return true;
}

}  // namespace tilesched
