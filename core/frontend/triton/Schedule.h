// Triton's own schedule as its software pipeliner leaves it on the IR (Pipeliner/Schedule.cpp,
// CoarseSchedule::serialize / deSerialize), read so it can be shown beside tilesched's and written
// back from tilesched's: `loop.stage` / `loop.cluster` on the body's ops (the schedule
// ScheduleLoops computed), `tt.latency` (AssignLatencies: how many stages an op's users wait for
// it), and on the loop `tt.num_stages` and `tt.scheduled_max_stage`.
#pragma once

#include <optional>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct TritonOpSchedule {
  std::optional<int> stage;
  std::optional<int> cluster;
  std::optional<int> latency;  // in stages (iterations), not cycles
  // The stages Triton's pipeliner keeps between this op and its users: its tt.latency when the
  // loop carries any, else what AssignLatencies gives a load it turns into an async copy (0: none).
  // See frontend/triton/AssignLatencies.h.
  int pipelinedLatency = 0;
};

struct TritonSchedule {
  std::vector<TritonOpSchedule> ops;  // per node of the scheduled block
  std::optional<int> numStages;       // tt.num_stages on the loop
  std::optional<int> scheduledMaxStage;
  bool any() const;
  bool anyStage() const;
  int stageCount() const;  // highest loop.stage + 1; 0 when no op has one
};

// A value that is not a non-negative integer is ignored with a warning at the attribute (valid IR
// is never rejected for annotations tilesched only reports).
TritonSchedule readTritonSchedule(const ScheduledBlock &block, DiagnosticEngine &diags);

// Writes a schedule as Triton's CoarseSchedule: `loop.cluster` and `loop.stage` on each op of the
// block, `tt.scheduled_max_stage` on the loop. `orderedNodes` is the kernel order (stage, then
// order); `stageOf` each node's stage. Triton orders a cluster's ops by program order
// (getOpsInOrder), so a new cluster opens where the stage changes or where the order goes back in
// program order: the fewest clusters that reproduce it (docs/decisions.md, "Exporting to Triton").
void writeTritonSchedule(const ScheduledBlock &block, const std::vector<int> &orderedNodes,
                         const std::vector<int> &stageOf);

}  // namespace tilesched
