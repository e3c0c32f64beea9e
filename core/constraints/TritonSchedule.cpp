#include "constraints/TritonSchedule.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ir/OpKinds.h"

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

// Triton's 2024 spelling read as today's (triton_gpu.* is ttg.*, triton_nvidia_gpu.* is ttng.*).
std::string tritonName(const std::string &name) {
  for (auto [old, now] :
       {std::pair<std::string_view, std::string_view>{"triton_gpu.", "ttg."}, {"triton_nvidia_gpu.", "ttng."}})
    if (name.compare(0, old.size(), old) == 0) return std::string(now) + name.substr(old.size());
  return name;
}

// AssignLatencies' ops: DotOpInterface, and the loads it considers for pipelining.
bool isTritonDot(const Operation &op) {
  static const std::string_view dots[] = {"tt.dot",         "tt.dot_scaled",    "ttng.warp_group_dot",
                                          "ttng.dot_async", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled"};
  const std::string name = tritonName(op.name);
  return std::find(std::begin(dots), std::end(dots), name) != std::end(dots);
}

bool isTritonLoad(const Operation &op) {
  static const std::string_view loads[] = {"tt.load", "tt.descriptor_load", "tt.experimental_descriptor_load",
                                           "tt.descriptor_gather", "tt.experimental_descriptor_gather"};
  return std::find(std::begin(loads), std::end(loads), op.name) != std::end(loads);
}

// isSmallLoad: a load of a scalar pointer moves less than cp.async's 4 bytes per thread. The
// contiguity of a tensor of pointers is not known here; it is taken as wide enough.
bool isWideLoad(const Operation &op) {
  if (op.name != "tt.load") return true;
  const std::string &type =
      !op.operands.empty() && op.operands[0] && !op.operands[0]->type.empty() ? op.operands[0]->type : op.typeText;
  return type.find("tensor<") != std::string::npos;
}

bool holdsLoop(const Operation &op) {
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations)
        if (loopKindOf(inner->name) || inner->name == "scf.while" || holdsLoop(*inner)) return true;
  return false;
}

// The values an op and the ops in its regions use (getNestedOperands).
void nestedOperands(const Operation &op, std::vector<const Value *> &out) {
  out.insert(out.end(), op.operands.begin(), op.operands.end());
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations) nestedOperands(*inner, out);
}

// A loop Triton has already scheduled (`loop.stage` on its ops) is lowered by its stages:
// LowerLoops makes a load an async copy only when its users are in later stages, and the copy
// runs that many stages ahead (the fewest over its users; a user in the load's own stage keeps
// the load synchronous: pipeline-lower-loop's non_pipelined_op).
bool latenciesFromStages(const ScheduledBlock &block, TritonSchedule &t) {
  if (!t.anyStage() || t.ops.size() != block.ops.size()) return false;
  std::unordered_map<const Value *, int> loadOf;  // a staged load's result -> the load
  for (size_t i = 0; i < block.ops.size(); ++i)
    if (isTritonLoad(*block.ops[i]) && t.ops[i].stage)
      for (const Value *result : block.ops[i]->results) loadOf[result] = static_cast<int>(i);
  std::vector<int> ahead(block.ops.size(), std::numeric_limits<int>::max());
  for (size_t u = 0; u < block.ops.size(); ++u) {
    if (!t.ops[u].stage) continue;
    std::vector<const Value *> used;
    nestedOperands(*block.ops[u], used);
    for (const Value *value : used) {
      const auto load = loadOf.find(value);
      if (load != loadOf.end())
        ahead[load->second] = std::min(ahead[load->second], *t.ops[u].stage - *t.ops[load->second].stage);
    }
  }
  for (size_t i = 0; i < block.ops.size(); ++i)
    if (ahead[i] != std::numeric_limits<int>::max()) t.ops[i].pipelinedLatency = std::max(ahead[i], 0);
  return true;
}

}  // namespace

void assignPipelinedLoadLatencies(const ScheduledBlock &block, TritonSchedule &t) {
  if (std::any_of(t.ops.begin(), t.ops.end(), [](const TritonOpSchedule &o) { return o.latency.has_value(); })) {
    for (TritonOpSchedule &o : t.ops) o.pipelinedLatency = o.latency.value_or(0);  // hasLatenciesAssigned
    return;
  }
  if (latenciesFromStages(block, t)) return;
  if (!block.isLoop || !block.owner || t.ops.size() != block.ops.size()) return;
  const int numStages = t.numStages.value_or(3);  // Triton's default num_stages on NVIDIA GPUs
  if (numStages <= 1) return;
  for (const Operation *op : block.ops)
    if (loopKindOf(op->name) || op->name == "scf.while" || holdsLoop(*op)) return;  // an outer loop
  std::unordered_map<const Operation *, int> index;                                 // lookups only
  for (size_t i = 0; i < block.ops.size(); ++i) index[block.ops[i]] = static_cast<int>(i);
  const int n = static_cast<int>(block.ops.size());
  std::vector<int> level(n, -1);  // indirection level of a load considered for pipelining
  std::vector<bool> excluded(n, false), seen(n, false);
  std::function<void(int, int)> dfs = [&](int v, int distance) {
    if (seen[v] || excluded[v]) return;
    seen[v] = true;
    const Operation &op = *block.ops[v];
    if (isTritonLoad(op)) {
      if (!isWideLoad(op)) return;
      if (level[v] >= 0 && level[v] != distance) {  // uses at two distances: Triton does not pick one
        level[v] = -1;
        excluded[v] = true;
        return;
      }
      level[v] = distance++;
    }
    std::vector<const Value *> used;
    nestedOperands(op, used);
    for (const Value *value : used) {
      if (!value || (isTritonDot(op) && op.operands.size() > 2 && value == op.operands[2])) continue;  // A, B only
      const auto def = value->definingOp ? index.find(value->definingOp) : index.end();
      if (def != index.end()) dfs(def->second, distance);
    }
  };
  bool seenDot = false;
  for (int v = 0; v < n; ++v)
    if (isTritonDot(*block.ops[v])) {
      seenDot = true;
      std::fill(seen.begin(), seen.end(), false);
      dfs(v, 0);
    }
  if (t.numStages && !seenDot)  // pipelineWithoutDot: the loop states its num_stages
    for (int v = 0; v < n; ++v)
      if (!isTritonLoad(*block.ops[v])) dfs(v, 0);
  int deepest = 0;
  for (int v = 0; v < n; ++v) {
    if (level[v] >= numStages - 1) level[v] = -1;  // no stage left for it
    deepest = std::max(deepest, level[v]);
  }
  const int latency = (numStages - 1) / (deepest + 1);
  for (int v = 0; v < n; ++v)
    if (level[v] >= 0) t.ops[v].pipelinedLatency = latency;
}

std::vector<int> tritonPipelinedLoads(const ScheduledBlock &block, const TritonSchedule &t) {
  std::vector<int> out(block.ops.size(), -1);
  for (size_t i = 0; i < block.ops.size() && i < t.ops.size(); ++i)
    if (isTritonLoad(*block.ops[i])) out[i] = t.ops[i].pipelinedLatency;
  return out;
}

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

}  // namespace tilesched
