// Region summary and generator selection (seed 000, "Generator Selection").
#include "generate/GenerateSchedule.h"

namespace tilesched {

// The flags are byproducts of the per-op resource resolution, as the seed says of the
// constraint builder's per-block summary: the model's op table tags ops with traits. Seed 000
// counts the ops of the nv_tileas region TileAS schedules; a Triton or CUDA Tile block is counted
// and tagged as tileiras would lower it (the problem's TileASView, which the driver computes once
// per block), an nv_tileas block as written.
RegionSummary summarizeRegion(const ModuloProblem &in) {
  RegionSummary s;
  s.opCount = in.numNodes;
  unsigned traits = TraitNone;
  for (const OpResources &r : in.resources) traits |= r.traits;
  s.opCountLowered = in.lowered ? in.lowered->opCount : s.opCount;
  if (in.lowered) traits |= in.lowered->traits;
  s.hasTma = traits & TraitTma;
  s.hasWgmma = traits & TraitWgmma;
  s.hasAsyncPipeline = traits & TraitAsyncPipeline;
  s.forceSerial = in.constraints && in.constraints->regionForceSerial;
  return s;
}

namespace {

bool anyAsyncOp(const RegionSummary &s) { return s.hasTma || s.hasWgmma || s.hasAsyncPipeline; }

}  // namespace

// The ordered predicate of seed 000: the first matching rule wins. What would undo a serial
// choice is decided here too, so every front end says the same.
GeneratorSelection selectGenerator(const RegionSummary &s, const ScheduleOptions &opts) {
  GeneratorSelection sel;
  sel.summary = s;
  sel.serialThreshold = opts.serialThreshold;
  auto choose = [&](GeneratorKind g, SelectionRule rule) {
    sel.generator = g;
    sel.rule = rule;
    if (g == GeneratorKind::Serial && rule != SelectionRule::ForceSerial) {
      sel.requestCostBased = true;
      // Below the threshold with an async op, a lower threshold lets the predicate reach rule 4.
      if (rule == SelectionRule::BelowThreshold && anyAsyncOp(s)) sel.thresholdAtMost = s.opCountLowered;
    }
    sel.removeForceSerial = rule == SelectionRule::ForceSerial;
    return sel;
  };
  if (opts.generator == ScheduleOptions::Generator::Serial)
    return choose(GeneratorKind::Serial, SelectionRule::Requested);
  if (opts.generator == ScheduleOptions::Generator::CostBased)
    return choose(GeneratorKind::CostBased, SelectionRule::Requested);
  if (s.forceSerial) return choose(GeneratorKind::Serial, SelectionRule::ForceSerial);
  if (s.opCountLowered < opts.serialThreshold) return choose(GeneratorKind::Serial, SelectionRule::BelowThreshold);
  if (!anyAsyncOp(s)) return choose(GeneratorKind::Serial, SelectionRule::NoAsyncOp);
  return choose(GeneratorKind::CostBased, SelectionRule::Eligible);
}

ScheduleAnalysis generateSchedule(const ModuloProblem &in, const ScheduleOptions &opts, DiagnosticEngine &diags,
                                  const ProposedScheduleCheck *proposedCheck) {
  GeneratorSelection sel = selectGenerator(summarizeRegion(in), opts);
  ScheduleAnalysis a = sel.generator == GeneratorKind::Serial
                           ? generateSerialSchedule(in, diags)
                           : generateCostBasedSchedule(in, opts, diags, proposedCheck);
  a.selection = sel;
  return a;
}

}  // namespace tilesched
