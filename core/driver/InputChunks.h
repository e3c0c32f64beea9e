// The driver's first step (SPEC §2, §5): the input split at `// -----` lines, each chunk parsed on
// its own with the file's line numbers and given its target model — `--model` when the run names
// one, else the built-in model of the chunk's IR target, else the default (docs/decisions.md,
// "The target from the IR") — plus the chunk's own `sched.pools`. A parse error makes unusable
// only the function it is in, or the whole chunk when it lies outside every function
// (docs/decisions.md, "Split inputs and parse errors").
#pragma once

#include <string_view>
#include <vector>

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

// The run's model: the model file or built-in model --model names, else the default; null after an
// error naming why it cannot be used. Each chunk's model follows from it (readChunks).
std::shared_ptr<const TargetModel> loadRunModel(const DriverOptions &opts, DiagnosticEngine &diags);

// `model` is the run's --model when `chosen`, else the default model.
std::vector<ChunkResult> readChunks(std::string_view source, const std::shared_ptr<const TargetModel> &model,
                                    bool chosen, DiagnosticEngine &diags);

// Runs the block pipeline (pipeline/BlockPipeline.h) on chunk `chunk`'s blocks, on the chunk's
// model, appending their results to `run.blocks` (the blocks of functions with a parse error are
// left out).
void scheduleChunk(int chunk, const DriverOptions &opts, DiagnosticEngine &diags, DriverRun &run);

// The source text that `range` covers in `chunk` (a damaged function, printed as written).
std::string_view sourceText(const InputChunk &chunk, SourceRange range);

}  // namespace tilesched
