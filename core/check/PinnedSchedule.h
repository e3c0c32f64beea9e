// A hand-written schedule pinned on the ops of a block (SPEC §2.1, §5 `--check`): per-op i32
// nv_tile.aws.stage / nv_tile.aws.order, optionally nv_tile.aws.cycle, and nv_tile.aws.ii on the
// loop (on every op for a bare snippet, which has no loop). The --emit=ir output carries all of
// them, so it checks back exactly; what is derived when some are absent is in docs/decisions.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contract/CheckedSchedule.h"
#include "contract/ModuloProblem.h"
#include "contract/ScheduleAttributes.h"
#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct PinnedSchedule {
  int ii = 0;
  bool iiPinned = false;
  int stageCount = 0;                 // nv_tile.aws.stage_count, or II windows up to the last completion
  std::vector<CheckedOp> ops;         // per node; cycles derived where not pinned
  std::vector<bool> cyclePinned;      // per node
  std::vector<Violation> violations;  // found while reading: no II for several stages, too few stages
  std::vector<std::string> notes;     // what was derived, and how
};

// Does some op of the block carry nv_tile.aws.stage or nv_tile.aws.order?
bool hasPinnedSchedule(const ScheduledBlock &block);

// Reads and completes the pins. Malformed or partial pins are located errors and give nullopt.
std::optional<PinnedSchedule> readPinnedSchedule(const ScheduledBlock &block, const ModuloProblem &problem,
                                                 DiagnosticEngine &diags);

}  // namespace tilesched
