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
  // Per op: its `lowers_to_pipelined` applies (a global load that feeds an MMA becomes an async
  // copy into shared memory); what it costs follows (OpCostContext::pipelinedLoads).
  std::vector<bool> pipelined;
};

// `ops` are the block's ops in program order (terminator excluded).
TileASView tileASView(const std::vector<Operation *> &ops, const TargetModel &model);

}  // namespace tilesched
