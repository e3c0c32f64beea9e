// A loop that already carries a lowered producer/consumer protocol: Triton's mbarrier waits and
// arrives (ttng.wait_barrier / arrive_barrier, the NVWS aref enter/exit ops), placed by its
// pipeliner or by hand, with the phases computed from the iteration. Rescheduling such a loop
// would move an arrive away from the wait it answers and change the protocol, so the driver
// checks its order instead (docs/decisions.md, "Lowered protocols are checked").
#pragma once

#include "graph/ScheduledBlock.h"
#include "target/TargetModel.h"

namespace tilesched {

struct LoweredProtocol {
  const Operation *wait = nullptr;    // the first barrier wait of the block; null: no protocol
  const Operation *arrive = nullptr;  // the first barrier arrive after it
};

// A loop block with a barrier wait followed by a barrier arrive (the model's `wait` / `arrive`
// effects), and no `loop.stage` of Triton's own schedule to steer by.
LoweredProtocol findLoweredProtocol(const ScheduledBlock &block, const TargetModel &model);

}  // namespace tilesched
