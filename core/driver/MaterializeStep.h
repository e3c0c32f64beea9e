// The driver's two materializer-side steps for each block (SPEC §4.7, §5 --check): checking a
// pinned schedule instead of generating one, and materializing a scheduled or checked block
// into Pipe_/Mutex_ values. Kept out of BlockPipeline.cpp so that file only calls them.
#pragma once

#include <memory>
#include <unordered_map>

#include "driver/BlockResult.h"
#include "driver/Driver.h"

namespace tilesched {

class MaterializeStep {
public:
  MaterializeStep(Module &module, const TypeAliases &aliases, const DriverOptions &opts)
      : module_(module), aliases_(aliases), opts_(opts) {}

  // With --check and pins on the block: reads them, runs the independent checker, reports each
  // violation at its op and materializes a clean block. Returns true when it handled the block
  // (the caller skips generation). Without --check, pins only earn a warning.
  bool checkPinned(BlockResult &r, const TargetModel &model, DriverRun &run, DiagnosticEngine &diags);

  // Plans the Pipe_/Mutex_ values of a scheduled or checked block; a failed postcondition makes
  // the block fail.
  void materialize(BlockResult &r, DiagnosticEngine &diags);

private:
  PipeNamer &namerFor(const ScheduledBlock &block);

  Module &module_;
  const TypeAliases &aliases_;
  const DriverOptions &opts_;
  std::unordered_map<const Operation *, std::unique_ptr<PipeNamer>> namers_;  // per function, lookups only
};

}  // namespace tilesched
