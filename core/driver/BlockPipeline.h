// Runs SPEC §4 steps 1-8 on each scheduled block of one parsed input chunk.
#pragma once

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

// Appends the results of chunk `chunk`'s blocks to `run.blocks` (the blocks of functions with a
// parse error are left out).
void scheduleChunk(int chunk, const DriverOptions &opts, DiagnosticEngine &diags, DriverRun &run);

}  // namespace tilesched
