// The block pipeline (SPEC §4 steps 1-8): every scheduled block of a chunk runs the same named
// passes, in this order, over one BlockResult (pipeline/BlockState.h), each pass adding the part it
// publishes:
//   strip-materialized   -> BlockInput (Pipe_/Mutex_ of an earlier --emit=ir are not work)
//   read-triton-schedule -> TritonPart.triton, decided.tritonPipelined  (frontend/triton)
//   hoist-tmem-alloc     -> TritonPart.decided.outsideLoop              (frontend/triton)
//   tileas-view          -> ViewPart                                    (target/TileASView)
//   agents               -> AgentPart                                   (graph/Agents)
//   resources            -> CostPart                                    (target/, nested loops)
//   dependence-graph     -> GraphPart                                   (graph/)
//   constraints          -> ConstraintPart                              (constraints/)
//   check-problem        -  stops a block whose problem is malformed    (contract/)
//   read-pins            -> SchedulePart of a --check block             (check/PinnedSchedule)
//   generate             -> SchedulePart.summary, analysis              (generate/)
//   steer                -> SchedulePart.steeredOps                     (generate/LatencySteering)
//   verify               -> SchedulePart.violations                     (check/)
//   refinement           -> MemoryPart, and a new GraphPart/analysis per round (seed 003's loop:
//                           materialize, fit memory, generate and verify again)
//   estimate             -> EstimatePart                                (perf/)
#pragma once

#include "pipeline/Pass.h"

namespace tilesched {

struct NamedPass {
  const char *name;
  BlockPass run;
};
extern const NamedPass kBlockPasses[15];

// Appends the results of the chunk's blocks to `run.blocks` (the blocks of functions with a parse
// error are left out).
void scheduleBlocks(const ChunkInput &chunk, const PipelineOptions &opts, DiagnosticEngine &diags, BlockRun &run);

}  // namespace tilesched
