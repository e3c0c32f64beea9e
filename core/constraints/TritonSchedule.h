// Triton's own schedule as its software pipeliner leaves it on the IR, read so
// it can be shown beside tilesched's: `loop.stage` / `loop.cluster` on the body's ops (the
// schedule ScheduleLoops computed), `tt.latency` (AssignLatencies: how many stages an op's users
// wait for it), and on the loop `tt.num_stages` and `tt.scheduled_max_stage`.
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

}  // namespace tilesched
