// Output formats of SPEC §5: the JSON document (§5.1), the stage/order table and the IR.
#pragma once

#include <string>

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

std::string emitJson(const DriverRun &run, const TargetModel *model, const std::vector<Diagnostic> &diags,
                     const DriverOptions &opts, const std::string &ir);
std::string emitTable(const DriverRun &run, const TargetModel &model);
// Stamps nv_tile.aws.stage / nv_tile.aws.order on every scheduled op and prints the module.
std::string emitScheduledIR(Module &module, const DriverRun &run);

}  // namespace tilesched
