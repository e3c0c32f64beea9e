// Everything the driver computed for one scheduled block, in pipeline order. Emitters read it;
// they never recompute.
#pragma once

#include <string>
#include <vector>

#include "check/ScheduleChecker.h"
#include "generate/GenerateSchedule.h"
#include "materialize/MaterializeSchedule.h"

namespace tilesched {

enum class BlockStatus { Scheduled, Failed, Checked, Violations };
const char *blockStatusName(BlockStatus s);

struct BlockResult {
  ScheduledBlock block;
  std::vector<OpResources> resources;
  DependenceGraph graph;
  ConstraintState constraints;
  RegionSummary summary;
  ScheduleAnalysis analysis;
  std::vector<Violation> violations;
  bool pinned = false;                  // --check: the schedule is the block's nv_tile.aws.* pins
  MaterializedSchedule materialized;    // Pipe_/Mutex_ plan; valid once the block is materialized
  std::vector<std::string> nodeNames;
  BlockStatus status = BlockStatus::Failed;
  int line = 0;
};

struct DriverRun {
  std::vector<BlockResult> blocks;
  bool unusable = false;  // input or options could not be used (exit 2)
};

}  // namespace tilesched
