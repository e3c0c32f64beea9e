// The driver's memory step for each scheduled or checked block (docs/decisions.md, "Memory
// budgets"): materialize, assign buffers (core/buffers), and when the buffers exceed the model's
// SMEM or TMEM budget, reschedule with fewer ring slots until they fit — seed 003's refinement
// loop, with a constraint family of its own (lifetime edges, one ring per round). If nothing
// fits, a located error names the buffers and their bytes. Ends with the throughput estimate.
#pragma once

#include <functional>
#include <optional>

#include "driver/BlockResult.h"
#include "driver/MaterializeStep.h"

namespace tilesched {

// A schedule of the block over `graph` (its dependence graph plus lifetime edges) that the
// independent checker accepts, or none. Its diagnostics go to `diags`.
using Reschedule =
    std::function<std::optional<ScheduleAnalysis>(const DependenceGraph &graph, DiagnosticEngine &diags)>;

// `schedule` is the block's options (its rounds, its share of the run's trace limit).
void materializeWithinBudget(BlockResult &r, const TargetModel &model, const TypeAliases &aliases,
                             const DriverOptions &opts, const ScheduleOptions &schedule, MaterializeStep &materialize,
                             const Reschedule &reschedule, DiagnosticEngine &diags);

}  // namespace tilesched
