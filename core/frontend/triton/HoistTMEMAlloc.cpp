#include "frontend/triton/HoistTMEMAlloc.h"

#include <unordered_map>

namespace tilesched {
namespace {

// The accumulator is the MMA's third operand (`ttng.tc_gen5_mma %a, %b, %acc[%token], ...`).
constexpr size_t kAccumulatorOperand = 2;

}  // namespace

std::vector<bool> accumulatorKeptInTmem(const ScheduledBlock &block) {
  std::vector<bool> kept(block.ops.size(), false);
  if (!block.isLoop || !block.loop.latch) return kept;
  std::unordered_map<const Value *, int> uses;     // uses by the block's ops (regions included) and its latch
  std::unordered_map<const Value *, size_t> node;  // a result -> the op of the block that defines it
  for (size_t i = 0; i < block.ops.size(); ++i) {
    walkOps(*block.ops[i], [&](Operation &o) {
      for (const Value *v : o.operands) ++uses[v];
    });
    for (const Value *r : block.ops[i]->results) node[r] = i;
  }
  for (const Value *v : block.loop.latch->operands) ++uses[v];
  auto usesOf = [&](const Value *v) {
    const auto it = uses.find(v);
    return it == uses.end() ? 0 : it->second;
  };

  for (const Operation *mma : block.ops) {
    if (tritonOpRoleOf(mma->name) != TritonOpRole::TmemDot || mma->operands.size() <= kAccumulatorOperand) continue;
    const Value *memory = mma->operands[kAccumulatorOperand];
    const auto allocAt = node.find(memory);
    if (allocAt == node.end()) continue;
    const Operation &alloc = *block.ops[allocAt->second];
    // The pass needs the allocation's token to see what may alias (HasToken<TMEMAllocOp>).
    if (alloc.name != "ttng.tmem_alloc" || alloc.results.size() < 2 || alloc.operands.size() != 1) continue;
    const Value *carried = alloc.operands[0];
    const Value *next = block.loop.nextIterationValue(carried);
    if (!next || usesOf(carried) != 1) continue;
    const auto loadAt = node.find(next);
    if (loadAt == node.end()) continue;
    const Operation &load = *block.ops[loadAt->second];
    if (load.name != "ttng.tmem_load" || load.operands.empty() || load.operands[0] != memory || load.results.empty() ||
        load.results[0] != next || usesOf(next) != 1)
      continue;
    kept[allocAt->second] = true;
    kept[loadAt->second] = true;
  }
  return kept;
}

}  // namespace tilesched
