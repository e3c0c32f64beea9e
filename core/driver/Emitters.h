// Output formats of SPEC §5: the JSON document (§5.1), the stage/order table and the IR.
#pragma once

#include <string>

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

// Each block is written with its chunk's model.
std::string emitJson(const DriverRun &run, const std::vector<Diagnostic> &diags, const DriverOptions &opts,
                     const std::string &ir);
std::string emitTable(const DriverRun &run);
// Rewrites every materialized block (Pipe_/Mutex_ values, nv_tile.aws.* attributes) and prints
// each chunk's module, chunks separated by `// -----`; the text parses back, and --check accepts
// it. A chunk or function with a parse error prints as written.
std::string emitScheduledIR(DriverRun &run);
// The input IR as written, each scheduled loop's ops carrying Triton's `loop.stage` /
// `loop.cluster` and the loop `tt.scheduled_max_stage` from tilesched's schedule, so that
// Triton's pipeliner can be given it; the text parses back with those stages read as Triton's.
std::string emitTritonIR(DriverRun &run);
// The scheduled blocks as a Chrome / Perfetto trace (Trace Event Format, JSON object form).
std::string emitPerfettoTrace(const DriverRun &run);

}  // namespace tilesched
