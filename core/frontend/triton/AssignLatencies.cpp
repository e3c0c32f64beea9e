#include "frontend/triton/AssignLatencies.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "frontend/triton/LowerLoops.h"
#include "frontend/triton/PipeliningUtility.h"

namespace tilesched {

namespace {

// isSmallLoad: a load of a scalar pointer moves less than cp.async's 4 bytes per thread. The
// contiguity of a tensor of pointers is not known here; it is taken as wide enough.
bool isWideLoad(const Operation &op) {
  if (op.name != "tt.load") return true;
  const std::string &type =
      !op.operands.empty() && op.operands[0] && !op.operands[0]->type.empty() ? op.operands[0]->type : op.typeText;
  return type.find("tensor<") != std::string::npos;
}

}  // namespace

void assignPipelinedLoadLatencies(const ScheduledBlock &block, TritonSchedule &t) {
  if (std::any_of(t.ops.begin(), t.ops.end(), [](const TritonOpSchedule &o) { return o.latency.has_value(); })) {
    for (TritonOpSchedule &o : t.ops) o.pipelinedLatency = o.latency.value_or(0);  // hasLatenciesAssigned
    return;
  }
  // Triton's assign-latencies reads no `loop.stage`: a load the stages leave out (a loop whose
  // other ops alone carry them) still gets its default latency below.
  const bool staged = latenciesFromStages(block, t);
  const auto unstagedLoad = [&](size_t i) { return isTritonLoad(block.ops[i]->name) && !t.ops[i].stage; };
  bool anyUnstaged = false;
  for (size_t i = 0; i < block.ops.size() && i < t.ops.size(); ++i) anyUnstaged |= unstagedLoad(i);
  if (staged && !anyUnstaged) return;
  if (!block.isLoop || !block.owner || t.ops.size() != block.ops.size()) return;
  const int numStages = t.numStages.value_or(3);  // Triton's default num_stages on NVIDIA GPUs
  if (numStages <= 1) return;
  for (const Operation *op : block.ops)
    if (isLoopOp(*op, LoopSet::Any) || holdsLoop(*op, LoopSet::Any)) return;  // an outer loop (isOuterLoop)
  std::unordered_map<const Operation *, int> index;                           // lookups only
  for (size_t i = 0; i < block.ops.size(); ++i) index[block.ops[i]] = static_cast<int>(i);
  const int n = static_cast<int>(block.ops.size());
  std::vector<int> level(n, -1);  // indirection level of a load considered for pipelining
  std::vector<bool> excluded(n, false), seen(n, false);
  std::function<void(int, int)> dfs = [&](int v, int distance) {
    if (seen[v] || excluded[v]) return;
    seen[v] = true;
    const Operation &op = *block.ops[v];
    if (isTritonLoad(op.name)) {
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
      if (!value || (isTritonDot(op.name) && op.operands.size() > 2 && value == op.operands[2])) continue;  // A, B only
      const auto def = value->definingOp ? index.find(value->definingOp) : index.end();
      if (def != index.end()) dfs(def->second, distance);
    }
  };
  bool seenDot = false;
  for (int v = 0; v < n; ++v)
    if (isTritonDot(block.ops[v]->name)) {
      seenDot = true;
      std::fill(seen.begin(), seen.end(), false);
      dfs(v, 0);
    }
  if (t.numStages && !seenDot)  // pipelineWithoutDot: the loop states its num_stages
    for (int v = 0; v < n; ++v)
      if (!isTritonLoad(block.ops[v]->name)) dfs(v, 0);
  int deepest = 0;
  for (int v = 0; v < n; ++v) {
    if (level[v] >= numStages - 1) level[v] = -1;  // no stage left for it
    deepest = std::max(deepest, level[v]);
  }
  const int latency = (numStages - 1) / (deepest + 1);
  for (int v = 0; v < n; ++v)
    if (level[v] >= 0 && (!staged || unstagedLoad(size_t(v)))) t.ops[v].pipelinedLatency = latency;
}

std::vector<int> tritonPipelinedLoads(const ScheduledBlock &block, const TritonSchedule &t) {
  std::vector<int> out(block.ops.size(), -1);
  for (size_t i = 0; i < block.ops.size() && i < t.ops.size(); ++i)
    if (isTritonLoad(block.ops[i]->name)) out[i] = t.ops[i].pipelinedLatency;
  return out;
}

}  // namespace tilesched
