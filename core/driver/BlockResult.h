// What the driver read and what the block pipeline computed (pipeline/BlockState.h), for the
// emitters: the input chunks with the model each is scheduled on, and every block's state.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/Parser.h"
#include "pipeline/BlockState.h"
#include "target/IRTarget.h"

namespace tilesched {

// Which model a chunk is scheduled on, and why (docs/decisions.md, "The target from the IR").
struct ModelChoice {
  enum class Source {
    IRTarget,  // the built-in model of the IR's target (ttg.target)
    Option,    // --model
    Default,   // no --model, and the IR names no target or one no built-in model describes
  } source = Source::Default;
  std::optional<IRTarget> target;  // the IR's target, when it names one
  std::string targetModel;         // the built-in model the target names ("" when none does)
  bool mismatch = false;           // --model names a built-in model other than the one the target picks
};
const char *modelSourceName(ModelChoice::Source s);

// One `// -----` chunk of the input (the whole input when it has no marker), parsed on its own
// (docs/decisions.md, "Split inputs and parse errors").
struct ChunkResult {
  enum class Status {
    Ok,       // parsed without error
    Partial,  // parse errors inside some functions: those are not scheduled, the others are
    Failed,   // a parse error outside every function: nothing of the chunk is scheduled
  };
  InputChunk source;
  std::unique_ptr<Module> module;  // null when Failed
  // The chunk's model, shared with the other chunks on the same one; a chunk with sched.pools has
  // its own copy.
  std::shared_ptr<const TargetModel> model;
  ModelChoice modelChoice;
  Status status = Status::Ok;
  std::vector<const Operation *> damaged;  // Partial: the functions with a parse error
};
const char *chunkStatusName(ChunkResult::Status s);
// The chunk's model and why, in words: "Hopper (sm_90), from the IR's target cuda:90".
std::string modelChoiceWords(const ChunkResult &chunk);
// "Hopper (sm_90)", or "model 'mine'" for a model file.
std::string modelWords(const TargetModel &model);
// The machine the chunk's loops are scheduled for, as warnings name it: the IR's target when the
// model follows it ("cuda:90"), else the model ("Hopper (sm_90), model 'hopper'").
std::string targetWords(const ChunkResult &chunk);

struct DriverRun : BlockRun {
  // The run's model: --model, else the default; each chunk's own is in `chunks` (null when the
  // model could not be read).
  std::shared_ptr<const TargetModel> model;
  std::vector<ChunkResult> chunks;

  static DriverRun unusableInput() {
    DriverRun run;
    run.unusable = true;
    return run;
  }
};

}  // namespace tilesched
