// Pass read-pins (--check; pipeline/Materialize, check/PinnedSchedule, graph/LoweredProtocol).
// Reads: BlockInput, CostPart, GraphPart, ConstraintPart. Publishes: SchedulePart of a block that
// pins nv_tile.aws.stage/order under --check (pinned, the analysis read from the pins, the
// checker's violations) or carries a lowered barrier protocol (ownOrder, the loop's own order and
// its violations), and its status; such a block skips generate, steer and verify and is never
// rescheduled. Without --check, pins only earn a warning. Stops such a block that is not clean.
#include "pipeline/Pass.h"

namespace tilesched {

bool readPinsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  const ModuloProblem problem = problemOf(s, s.graph, blockModel(s, ctx));
  if (!ctx.materialize.checkPinned(s, problem, ctx.run, diags) && !ctx.materialize.checkLowered(s, problem, diags))
    return true;
  return s.status == BlockStatus::Checked;
}

}  // namespace tilesched
