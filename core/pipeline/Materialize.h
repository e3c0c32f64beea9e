// The block pipeline's two materializer-side steps (SPEC §4.7, §5 --check): checking a pinned
// schedule instead of generating one (pass read-pins), and materializing a scheduled or checked
// block into Pipe_/Mutex_ values (pass refinement), with the Pipe_/Mutex_ names of each function
// of the chunk.
#pragma once

#include <memory>
#include <unordered_map>

#include "contract/ModuloProblem.h"
#include "ir/TypeAliases.h"
#include "pipeline/BlockState.h"

namespace tilesched {

class MaterializeStep {
public:
  MaterializeStep(Module &module, const TypeAliases &aliases, bool check)
      : module_(module), aliases_(aliases), check_(check) {}

  // With --check and pins on the block: reads them, runs the independent checker and reports
  // each violation at its op; the caller materializes a clean block. Returns true when it
  // handled the block (the caller skips generation). Without --check, pins only earn a warning.
  bool checkPinned(BlockResult &r, const ModuloProblem &problem, BlockRun &run, DiagnosticEngine &diags);

  // A loop carrying a lowered barrier protocol (graph/LoweredProtocol) keeps its own order: the
  // serial walk in program order, every op in stage 0, checked like pins and said in a note.
  // Returns true when it handled the block; false leaves it to generation.
  bool checkLowered(BlockResult &r, const ModuloProblem &problem, DiagnosticEngine &diags);

  // A plan of the Pipe_/Mutex_ values of a block, made with a copy of its function's namer and
  // diagnostics of its own, so that a rescheduling round can try a schedule without taking
  // names or reporting; commit() adopts one.
  struct Trial {
    MaterializedSchedule plan;
    std::unique_ptr<PipeNamer> namer;
    DiagnosticEngine diags;
  };
  Trial trial(const BlockResult &r);
  // The block's plan becomes the trial's, its names are taken and its diagnostics reported; a
  // failed postcondition makes the block fail.
  void commit(BlockResult &r, Trial trial, DiagnosticEngine &diags);

  // Plans the Pipe_/Mutex_ values of a scheduled or checked block (trial, then commit).
  void materialize(BlockResult &r, DiagnosticEngine &diags) { commit(r, trial(r), diags); }

private:
  std::unique_ptr<PipeNamer> &namerFor(const ScheduledBlock &block);

  Module &module_;
  const TypeAliases &aliases_;
  bool check_;                                                                // --check
  std::unordered_map<const Operation *, std::unique_ptr<PipeNamer>> namers_;  // per function, lookups only
};

}  // namespace tilesched
