// The serial generator (seed 000): a Kahn walk over the intra-iteration dependence DAG with a
// program-order ready queue; every op at stage 0 with a unique order. It never builds an RRT
// and never searches II: ops issue one after another, so no two footprints overlap. The walk is
// the serial-execution schedule of the scheduling graph (SerialFallback), whose edges include
// those force_serial_execution implies — "the serial path consumes only the force-serial-execution
// constraint" (seed 000).
#include "generate/GenerateSchedule.h"
#include "generate/seeds/SerialFallback.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

// seed 000 QUIRK: the serial path consults only force_serial_execution. tilesched keeps the
// behaviour but says so, once per dropped attribute.
void warnDroppedConstraints(const ModuloProblem &in, DiagnosticEngine &diags) {
  if (!in.block) return;
  static const char *dropped[] = {kAttrGid, kAttrLeaderGid, kAttrMaxDepth};
  for (const Operation *op : in.block->ops)
    for (const char *key : dropped)
      if (const Attribute *a = op->lookupAttr(key))
        diags.warning(a->range,
                      std::string("the serial generator ignores '") + key +
                          "' (seed 000 QUIRK: the serial path honours only force_serial_execution; "
                          "use --generator=cost-based to enforce it)",
                      MessageData(MessageId::SerialIgnoresConstraint)
                          .with(MessageFieldId::Attribute, key)
                          .with(MessageFieldId::Option, "generator")
                          .with(MessageFieldId::Value, "cost-based"));
}

}  // namespace

std::string cycleLimitMessage(int64_t cycles) {
  return "one iteration needs at least " + std::to_string(cycles) + " cycles, beyond the cycle limit of " +
         std::to_string(kMaxCycle);
}

ScheduleAnalysis generateSerialSchedule(const ModuloProblem &in, DiagnosticEngine &diags) {
  ScheduleAnalysis a;
  a.generator = GeneratorKind::Serial;
  if (std::string why = in.malformedNote(); !why.empty()) {
    a.notes.push_back(why);
    return a;
  }
  warnDroppedConstraints(in, diags);
  const SerialFallback walk = buildSerialFallback(in);
  if (static_cast<int>(walk.issueOrder.size()) != in.numNodes) {
    a.notes.emplace_back("the serial walk could not order every op: the block has a dependence cycle");
    return a;
  }
  if (!walk.available) {  // 64-bit cycles past the cycle limit (support/Limits.h)
    a.failure = PlacementFailure{};
    a.failure->message = cycleLimitMessage(walk.length);
    return a;
  }
  a.ops.assign(in.numNodes, {});
  for (int order = 0; order < in.numNodes; ++order) {
    const int v = walk.issueOrder[order];
    a.ops[v] = {0, order, walk.start[v]};
  }
  a.orderedNodes = walk.issueOrder;
  a.valid = true;
  a.ii = walk.ii;
  a.stageCount = 1;
  return a;
}

}  // namespace tilesched
