// Pass read-pins (--check; pipeline/Materialize, check/PinnedSchedule). Reads:
// BlockInput, CostPart, GraphPart, ConstraintPart. Publishes: SchedulePart of a block that pins
// nv_tile.aws.stage/order under --check (pinned, the analysis read from the pins, the checker's
// violations) and its status; such a block skips generate, steer and verify. Without --check,
// pins only earn a warning. Stops a pinned block that is not clean.
#include "pipeline/Pass.h"

namespace tilesched {

bool readPinsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (!ctx.materialize.checkPinned(s, problemOf(s, s.graph, ctx.model), ctx.run, diags)) return true;
  return s.status == BlockStatus::Checked;
}

}  // namespace tilesched
