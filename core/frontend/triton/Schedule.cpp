#include "frontend/triton/Schedule.h"

#include <algorithm>
#include <limits>
#include <string>

namespace tilesched {

namespace {

std::optional<int> readCount(const Operation &op, const char *key, DiagnosticEngine &diags) {
  const Attribute *a = op.lookupAttr(key);
  if (!a) return std::nullopt;
  std::optional<int64_t> v = a->asInt();
  if (!v || *v < 0 || *v > std::numeric_limits<int>::max()) {
    diags.warning(a->range, std::string("'") + key + "' should be a non-negative integer, e.g. " + key +
                                " = 1 : i32; it is ignored");
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

}  // namespace

bool TritonSchedule::any() const {
  return numStages || scheduledMaxStage || std::any_of(ops.begin(), ops.end(), [](const TritonOpSchedule &o) {
           return o.stage || o.cluster || o.latency || o.pipelinedLatency > 0;
         });
}

bool TritonSchedule::anyStage() const {
  return std::any_of(ops.begin(), ops.end(), [](const TritonOpSchedule &o) { return o.stage.has_value(); });
}

int TritonSchedule::stageCount() const {
  int count = 0;
  for (const TritonOpSchedule &o : ops)
    if (o.stage) count = std::max(count, *o.stage + 1);
  return count;
}

TritonSchedule readTritonSchedule(const ScheduledBlock &block, DiagnosticEngine &diags) {
  TritonSchedule t;
  for (const Operation *op : block.ops)
    t.ops.push_back({readCount(*op, "loop.stage", diags), readCount(*op, "loop.cluster", diags),
                     readCount(*op, "tt.latency", diags)});
  if (block.isLoop && block.owner) {
    t.numStages = readCount(*block.owner, "tt.num_stages", diags);
    t.scheduledMaxStage = readCount(*block.owner, "tt.scheduled_max_stage", diags);
  }
  return t;
}

void writeTritonSchedule(const ScheduledBlock &block, const std::vector<int> &orderedNodes,
                         const std::vector<int> &stageOf) {
  int cluster = 0;
  int previous = -1;
  int maxStage = 0;  // Triton's scheduled_max_stage: the last stage an op starts in
  for (int node : orderedNodes) {
    const int stage = stageOf[node];
    maxStage = std::max(maxStage, stage);
    if (previous >= 0 && (stage != stageOf[previous] || node < previous)) ++cluster;
    previous = node;
    Operation &op = *block.ops[node];
    // Triton writes both as discardable attributes (in this order); an earlier schedule's are
    // replaced where they stand.
    op.setDiscardableAttr("loop.cluster", Attribute::integer(cluster));
    op.setDiscardableAttr("loop.stage", Attribute::integer(stage));
  }
  if (block.owner) block.owner->setDiscardableAttr("tt.scheduled_max_stage", Attribute::integer(maxStage));
}

}  // namespace tilesched
