// Pass check-problem (contract/ModuloProblem::check). Reads: every part so far. Publishes:
// nothing; stops the block (failed, the run unusable) when its overrides, constraints or problem
// are malformed: nothing trustworthy to schedule. It runs before any generator or the
// pinned-schedule reader.
#include "pipeline/Pass.h"

namespace tilesched {

bool checkProblemPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (diags.errorCount() == ctx.errorsBefore) problemOf(s, s.graph, blockModel(s, ctx)).check(diags);
  if (diags.errorCount() == ctx.errorsBefore) return true;
  ctx.run.unusable = true;
  s.status = BlockStatus::Failed;
  return false;
}

}  // namespace tilesched
