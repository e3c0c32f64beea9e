// An accumulator that stays in tensor memory. Triton's Blackwell pipeline runs its hoist-TMEM-alloc
// pass before it assigns latencies and schedules loops (third_party/nvidia/backend/compiler.py,
// make_ttgir: add_hoist_tmem_alloc ahead of add_assign_latencies and add_schedule_loops). Where a
// loop carries an MMA's accumulator in registers — `ttng.tmem_alloc %acc` writes it into TMEM,
// `ttng.tc_gen5_mma` accumulates there, `ttng.tmem_load` reads it back for `scf.yield` — the pass
// moves the allocation before the loop and the read after it (HoistTMEMAlloc.cpp: hoistTMEMAlloc,
// RotateTMEMStoreInLoop, CombineTMEMLoadAndStore), so the pipeliner sees an MMA that accumulates
// into the same TMEM every iteration and no transfer per iteration (docs/decisions.md, "Accumulators
// in tensor memory"). The block pipeline's hoist-TMEM pass publishes it; the resources pass costs
// those two ops as work outside the loop.
#pragma once

#include <vector>

#include "graph/ScheduledBlock.h"

namespace tilesched {

// For each op of the block, whether Triton's hoist-TMEM-alloc pass takes it out of the loop: the
// `ttng.tmem_alloc` (with its async token) of a carried value used by nothing else, whose memory
// is the accumulator of an MMA of the block that accumulates in tensor memory (TritonOpRole::TmemDot), and the
// `ttng.tmem_load` of that memory whose result the loop passes on as that same carried value and nothing else uses. All
// false for a block that is not a loop body.
std::vector<bool> accumulatorKeptInTmem(const ScheduledBlock &block);

}  // namespace tilesched
