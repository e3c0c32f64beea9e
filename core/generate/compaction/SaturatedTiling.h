// A refutation without search for a one-unit slot the block fills completely (docs/decisions.md,
// "Fewest stages"): when the ops that hold a capacity-1 resource hold it in one run of rows each
// and their runs add up to exactly II rows, every modulo row holds it once, so the runs tile the
// ring. Around the ring after the first op's run (in program order) the others follow in one of
// (k - 1)! orders, and each order fixes every op's row against the first op's: what is left is
// the stage of each, integers under the distance closure's difference constraints and the ops'
// windows. The measured models' long TMA footprints make such slots (moe-gather under
// blackwell-measured: 30 + 384 + 384 + 1,024 rows at II 1,822), where the exact search and the
// SAT solver pay per row.
#pragma once

#include <cstdint>
#include <vector>

#include "generate/seeds/IIContext.h"

namespace tilesched {

// True when some saturated one-unit slot has no order whose stages fit: no schedule at ctx.ii
// starts every op v in [lo[v], hi[v]]. False says nothing (no such slot, more than
// kMaxTilingOps ops on it, or an order that fits; the other resources are not looked at).
bool saturatedTilingRefutes(const IIContext &ctx, const std::vector<int64_t> &lo, const std::vector<int64_t> &hi);

// More ops on one slot are left to the search: (k - 1)! orders, each tried at up to
// 2 (k - 1) (kMaxTilingStages + 1) + 1 starts of the first op.
constexpr int kMaxTilingOps = 6;
// A first op whose window spans more stages than this is tried without the windows.
constexpr int kMaxTilingStages = 16;

}  // namespace tilesched
