// Region summary and generator selection (seed 000, "Generator Selection").
#include "generate/GenerateSchedule.h"

namespace tilesched {

const char *generatorName(GeneratorKind g) { return g == GeneratorKind::Serial ? "serial" : "cost-based"; }

int MIIBounds::lower() const {
  int m = resource;
  if (recurrence > m) m = recurrence;
  if (fineDensity > m) m = fineDensity;
  if (dependency > m) m = dependency;
  return m < 1 ? 1 : m;
}

// The flags are byproducts of the per-op resource resolution, as the seed says of the
// constraint builder's per-block summary: the model's op table tags ops with traits.
RegionSummary summarizeRegion(const ScheduleInput &in) {
  RegionSummary s;
  s.opCount = in.graph ? in.graph->numNodes : 0;
  if (in.resources)
    for (const OpResources &r : *in.resources) {
      s.hasTma = s.hasTma || (r.traits & TraitTma);
      s.hasWgmma = s.hasWgmma || (r.traits & TraitWgmma);
      s.hasAsyncPipeline = s.hasAsyncPipeline || (r.traits & TraitAsyncPipeline);
    }
  s.forceSerial = in.constraints && in.constraints->regionForceSerial;
  return s;
}

// The ordered predicate of seed 000: the first matching rule wins.
GeneratorKind selectGenerator(const RegionSummary &s, const ScheduleOptions &opts) {
  if (opts.generator == ScheduleOptions::Generator::Serial) return GeneratorKind::Serial;
  if (opts.generator == ScheduleOptions::Generator::CostBased) return GeneratorKind::CostBased;
  if (s.forceSerial) return GeneratorKind::Serial;
  if (s.opCount < opts.serialThreshold) return GeneratorKind::Serial;
  if (!s.hasAsyncPipeline && !s.hasTma && !s.hasWgmma) return GeneratorKind::Serial;
  return GeneratorKind::CostBased;
}

ScheduleAnalysis generateSchedule(const ScheduleInput &in, const ScheduleOptions &opts, DiagnosticEngine &diags) {
  GeneratorKind kind = selectGenerator(summarizeRegion(in), opts);
  return kind == GeneratorKind::Serial ? generateSerialSchedule(in, diags)
                                       : generateCostBasedSchedule(in, opts, diags);
}

}  // namespace tilesched
