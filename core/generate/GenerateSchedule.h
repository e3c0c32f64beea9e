// TileASGenerateSchedule: region summary, generator selection (seed 000) and dispatch to the
// serial or cost-based generator. Publishes a ScheduleAnalysis.
#pragma once

#include "generate/ScheduleAnalysis.h"
#include "support/Diagnostics.h"

namespace tilesched {

RegionSummary summarizeRegion(const ScheduleInput &in);
GeneratorSelection selectGenerator(const RegionSummary &s, const ScheduleOptions &opts);

ScheduleAnalysis generateSerialSchedule(const ScheduleInput &in, DiagnosticEngine &diags);
ScheduleAnalysis generateCostBasedSchedule(const ScheduleInput &in, const ScheduleOptions &opts,
                                           DiagnosticEngine &diags);

ScheduleAnalysis generateSchedule(const ScheduleInput &in, const ScheduleOptions &opts,
                                  DiagnosticEngine &diags);

}  // namespace tilesched
