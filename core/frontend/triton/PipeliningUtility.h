// Helpers the Pipeliner/ passes share (Pipeliner/PipeliningUtility.cpp).
#pragma once

#include <string_view>
#include <vector>

#include "ir/IR.h"
#include "ir/OpKinds.h"

namespace tilesched {

inline bool isTritonLoad(std::string_view name) { return tritonOpRoleOf(name) == TritonOpRole::Load; }

// The values an op and the ops in its regions use (getNestedOperands).
void nestedOperands(const Operation &op, std::vector<const Value *> &out);

}  // namespace tilesched
