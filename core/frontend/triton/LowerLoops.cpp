#include "frontend/triton/LowerLoops.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "frontend/triton/PipeliningUtility.h"

namespace tilesched {

bool latenciesFromStages(const ScheduledBlock &block, TritonSchedule &t) {
  if (!t.anyStage() || t.ops.size() != block.ops.size()) return false;
  std::unordered_map<const Value *, int> loadOf;  // a staged load's result -> the load
  for (size_t i = 0; i < block.ops.size(); ++i)
    if (isTritonLoad(block.ops[i]->name) && t.ops[i].stage)
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

}  // namespace tilesched
