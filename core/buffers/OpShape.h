// What an op's types say about its work (target/CostFormula.h, OpShape): the bytes of the tile it
// moves and, for an MMA, its M, N, K and FLOPs. The driver hands it to the op-cost resolution, so
// `shape_cost` entries of a measured model follow the op's shape (docs/target-model.md,
// "Shape-aware costs").
#pragma once

#include "ir/IR.h"
#include "ir/TypeAliases.h"
#include "target/CostFormula.h"

namespace tilesched {

OpShape opShape(const Operation &op, const TypeAliases &aliases);

}  // namespace tilesched
