#include "frontend/triton/PipeliningUtility.h"

namespace tilesched {

// The values an op and the ops in its regions use (getNestedOperands).
void nestedOperands(const Operation &op, std::vector<const Value *> &out) {
  out.insert(out.end(), op.operands.begin(), op.operands.end());
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations) nestedOperands(*inner, out);
}

}  // namespace tilesched
