// A loop in a loop body (a persistent kernel's K loop inside its tile loop) is one op of the outer
// body, and its cost is its own schedule's (docs/decisions.md, "Nested loops"). Blocks are
// scheduled innermost first (graph/collectScheduledBlocks), so the inner schedule exists when the
// outer body's op costs are resolved: the data flows one way, inner block -> outer op.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "target/TargetModel.h"

namespace tilesched {

struct BlockResult;

struct NestedLoop {
  int node = -1;           // the loop op in the outer block
  int block = -1;          // the inner loop's block: an index into BlockRun::blocks
  bool scheduled = false;  // false: the inner block has no schedule; its ops are costed one after another
  int64_t ii = 0;
  int stageCount = 0;
  int64_t length = 0;  // one iteration: from its first issue to its last result or released unit
  int64_t tripCount = 0;
  bool tripCountKnown = false;  // constant bounds; otherwise the count is assumed to be the stage count
  int64_t duration = 0;         // (tripCount - 1) * II + length: the whole loop
  bool footprintCut = false;    // the footprint stops at the footprint row limit
  size_t units = 0;             // slot and pool units the laid-out footprint holds (rows x entries)
  bool overLimit = false;       // units passed the limit given: the footprint is left empty
  OpResources cost;             // what the loop op costs in the outer block
};

// The cost of the loop whose body is `inner`, block `index` of the run. Its footprint holds at
// most `unitLimit` units (what the footprint limit leaves the outer block); a loop that would
// hold more is marked overLimit and costs no footprint, so the caller names the limit.
NestedLoop nestedLoopCost(const BlockResult &inner, int index, size_t unitLimit);

// How the cost follows from the inner schedule, in words: "8 iterations (constant bounds) at II 16,
// the first taking 40 cycles: (8 - 1) x 16 + 40 = 152 cycles".
std::string nestedLoopWords(const NestedLoop &n);

}  // namespace tilesched
