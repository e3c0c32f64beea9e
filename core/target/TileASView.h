// A block as TileAS would see it (seed 000's selection predicate): tileiras lowers CUDA Tile IR
// to nv_tileas before TileAS runs, and one Triton or CUDA Tile op becomes several nv_tileas ops.
// The expansion is data of the target model (`lowers_to`, `lowers_to_pipelined`,
// `forwards_to_mma`; docs/target-model.md, "As TileAS sees it"); nv_tileas ops count 1:1.
#pragma once

#include <vector>

#include "target/TargetModel.h"

namespace tilesched {

struct TileASView {
  int opCount = 0;              // the ops of the block once lowered
  unsigned traits = TraitNone;  // their traits (a pipelined global load adds async_pipeline)
  // Per op: its `lowers_to_pipelined` applies (a global load its pipeliner makes an async copy
  // into shared memory); what it costs follows (OpCostContext::pipelinedLoads).
  std::vector<bool> pipelined;
};

// What the block's front end decided before TileAS sees it, per op (empty: nothing decided).
struct LoweringDecisions {
  // Moved out of the loop before pipelining (Triton's hoist-TMEM-alloc): not in the loop TileAS sees.
  std::vector<bool> outsideLoop;
  // The stages Triton's pipeliner keeps the op ahead of its users (frontend/triton/AssignLatencies:
  // 0 leaves it a synchronous load); -1: not Triton's decision (an op that is not a Triton load,
  // CUDA Tile IR), so a global load is pipelined when it feeds an MMA.
  std::vector<int> tritonPipelined;
};

// `ops` are the block's ops in program order (terminator excluded).
TileASView tileASView(const std::vector<Operation *> &ops, const TargetModel &model,
                      const LoweringDecisions &decided = {});

}  // namespace tilesched
