// The words the contract's enums and the generator selection are reported in (JSON, table,
// playground): defined with the contract, so check/ and materialize/ need not link generate/.
#include <string>
#include <vector>

#include "contract/ScheduleAnalysis.h"

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

const char *iiAttemptResultName(IIAttempt::Result r) {
  switch (r) {
  case IIAttempt::Result::Infeasible: return "infeasible";
  case IIAttempt::Result::NotScheduled: return "not-scheduled";
  case IIAttempt::Result::CutShort: return "cut-short";
  }
  return "not-scheduled";
}

int MIIBounds::lower() const {
  int m = resource;
  if (recurrence > m) m = recurrence;
  if (fineDensity > m) m = fineDensity;
  if (dependency > m) m = dependency;
  return m < 1 ? 1 : m;
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

std::string opCount(int n) { return std::to_string(n) + (n == 1 ? " op" : " ops"); }

// "7 ops", or both counts when lowering changes it: "7 ops as written, 15 as TileAS sees them".
std::string opCounts(const RegionSummary &s) {
  if (s.opCountLowered == s.opCount) return opCount(s.opCount);
  return opCount(s.opCount) + " as written, " + std::to_string(s.opCountLowered) + " as TileAS sees them";
}

// "TMA and WGMMA ops", "TMA, WGMMA and async-pipeline ops".
std::string asyncKinds(const RegionSummary &s) {
  std::vector<std::string> kinds;
  if (s.hasTma) kinds.push_back("TMA");
  if (s.hasWgmma) kinds.push_back("WGMMA");
  if (s.hasAsyncPipeline) kinds.push_back("async-pipeline");
  std::string out;
  for (size_t i = 0; i < kinds.size(); ++i) out += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
  return out + " ops";
}

}  // namespace

std::string selectionReason(const GeneratorSelection &s) {
  switch (s.rule) {
  case SelectionRule::Requested: return std::string("the ") + generatorName(s.generator) + " generator was requested";
  case SelectionRule::ForceSerial: return "force_serial_execution on the loop";
  case SelectionRule::BelowThreshold:
    return opCounts(s.summary) + ", under the serial threshold of " + std::to_string(s.serialThreshold);
  case SelectionRule::NoAsyncOp: return "no TMA, WGMMA or async-pipeline op among its " + opCounts(s.summary);
  case SelectionRule::Eligible: return opCounts(s.summary) + ", with " + asyncKinds(s.summary);
  }
  return "";
}

std::string selectionRemedy(const GeneratorSelection &s) {
  if (s.removeForceSerial) return "remove force_serial_execution from the loop";
  if (!s.requestCostBased) return "";
  std::string out = "ask for the cost-based generator";
  if (s.thresholdAtMost > 0)
    out += ", or set the serial threshold to " + std::to_string(s.thresholdAtMost) + " or lower";
  return out;
}

}  // namespace tilesched
