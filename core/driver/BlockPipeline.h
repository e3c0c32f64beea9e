// Runs SPEC §4 steps 1-8 on each scheduled block of a parsed module.
#pragma once

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

DriverRun scheduleModule(Module &module, const TargetModel &model, const DriverOptions &opts,
                         DiagnosticEngine &diags);

}  // namespace tilesched
