// Pass read-triton-schedule (frontend/triton). Reads: BlockInput. Publishes: TritonPart.triton
// (loop.stage / loop.cluster / tt.latency as written, and the stages Triton's pipeliner keeps each
// load ahead: AssignLatencies) and TritonPart.decided.tritonPipelined (per Triton load, those stages).
#include "frontend/triton/AssignLatencies.h"
#include "pipeline/Pass.h"

namespace tilesched {

bool readTritonSchedulePass(BlockResult &s, PassContext &, DiagnosticEngine &diags) {
  s.triton = readTritonSchedule(s.block, diags);
  assignPipelinedLoadLatencies(s.block, s.triton);
  s.decided.tritonPipelined = tritonPipelinedLoads(s.block, s.triton);
  return true;
}

}  // namespace tilesched
