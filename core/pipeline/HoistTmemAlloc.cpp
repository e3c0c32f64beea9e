// Pass hoist-tmem-alloc (frontend/triton/HoistTMEMAlloc). Reads: BlockInput. Publishes:
// TritonPart.decided.outsideLoop (the accumulator's tmem_alloc and tmem_load Triton moves out of
// the loop before pipelining it).
#include "frontend/triton/HoistTMEMAlloc.h"
#include "pipeline/Pass.h"

namespace tilesched {

bool hoistTmemAllocPass(BlockResult &s, PassContext &, DiagnosticEngine &) {
  s.decided.outsideLoop = accumulatorKeptInTmem(s.block);
  return true;
}

}  // namespace tilesched
