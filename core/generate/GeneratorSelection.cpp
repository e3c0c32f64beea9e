// Region summary and generator selection (seed 000, "Generator Selection").
#include <string>
#include <vector>

#include "generate/GenerateSchedule.h"

namespace tilesched {

const char *generatorName(GeneratorKind g) { return g == GeneratorKind::Serial ? "serial" : "cost-based"; }

const char *optimalityName(Optimality o) {
  switch (o) {
  case Optimality::Proven: return "proven";
  case Optimality::Bound: return "bound";
  case Optimality::Unknown: return "unknown";
  }
  return "unknown";
}

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

const char *selectionRuleName(SelectionRule r) {
  switch (r) {
  case SelectionRule::Requested: return "requested";
  case SelectionRule::ForceSerial: return "force_serial";
  case SelectionRule::BelowThreshold: return "below_threshold";
  case SelectionRule::NoAsyncOp: return "no_async_op";
  case SelectionRule::Eligible: return "eligible";
  }
  return "requested";
}

namespace {

bool anyAsyncOp(const RegionSummary &s) { return s.hasTma || s.hasWgmma || s.hasAsyncPipeline; }

std::string opCount(int n) { return std::to_string(n) + (n == 1 ? " op" : " ops"); }

// "TMA and WGMMA ops", "TMA, WGMMA and async-pipeline ops".
std::string asyncKinds(const RegionSummary &s) {
  std::vector<std::string> kinds;
  if (s.hasTma) kinds.push_back("TMA");
  if (s.hasWgmma) kinds.push_back("WGMMA");
  if (s.hasAsyncPipeline) kinds.push_back("async-pipeline");
  std::string out;
  for (size_t i = 0; i < kinds.size(); ++i)
    out += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
  return out + " ops";
}

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
      if (rule == SelectionRule::BelowThreshold && anyAsyncOp(s)) sel.thresholdAtMost = s.opCount;
    }
    sel.removeForceSerial = rule == SelectionRule::ForceSerial;
    return sel;
  };
  if (opts.generator == ScheduleOptions::Generator::Serial) return choose(GeneratorKind::Serial, SelectionRule::Requested);
  if (opts.generator == ScheduleOptions::Generator::CostBased)
    return choose(GeneratorKind::CostBased, SelectionRule::Requested);
  if (s.forceSerial) return choose(GeneratorKind::Serial, SelectionRule::ForceSerial);
  if (s.opCount < opts.serialThreshold) return choose(GeneratorKind::Serial, SelectionRule::BelowThreshold);
  if (!anyAsyncOp(s)) return choose(GeneratorKind::Serial, SelectionRule::NoAsyncOp);
  return choose(GeneratorKind::CostBased, SelectionRule::Eligible);
}

std::string selectionReason(const GeneratorSelection &s) {
  switch (s.rule) {
  case SelectionRule::Requested: return std::string("the ") + generatorName(s.generator) + " generator was requested";
  case SelectionRule::ForceSerial: return "force_serial_execution on the loop";
  case SelectionRule::BelowThreshold:
    return opCount(s.summary.opCount) + ", under the serial threshold of " + std::to_string(s.serialThreshold);
  case SelectionRule::NoAsyncOp: return "no TMA, WGMMA or async-pipeline op among its " + opCount(s.summary.opCount);
  case SelectionRule::Eligible: return opCount(s.summary.opCount) + ", with " + asyncKinds(s.summary);
  }
  return "";
}

std::string selectionRemedy(const GeneratorSelection &s) {
  if (s.removeForceSerial) return "remove force_serial_execution from the loop";
  if (!s.requestCostBased) return "";
  std::string out = "ask for the cost-based generator";
  if (s.thresholdAtMost > 0) out += ", or set the serial threshold to " + std::to_string(s.thresholdAtMost) + " or lower";
  return out;
}

ScheduleAnalysis generateSchedule(const ScheduleInput &in, const ScheduleOptions &opts, DiagnosticEngine &diags) {
  GeneratorSelection sel = selectGenerator(summarizeRegion(in), opts);
  ScheduleAnalysis a = sel.generator == GeneratorKind::Serial ? generateSerialSchedule(in, diags)
                                                              : generateCostBasedSchedule(in, opts, diags);
  a.selection = sel;
  return a;
}

}  // namespace tilesched
