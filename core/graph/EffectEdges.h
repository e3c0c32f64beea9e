// Ordering without values: edges between ops that touch the same memory, from the
// target model's effect table (docs/target-model.md "Effects"; the rules and how conservative
// they are: docs/decisions.md "Memory and synchronisation edges"). Part of the dependence-graph
// phase: buildDependenceGraph calls it.
#pragma once

#include <vector>

#include "graph/DependenceGraph.h"

namespace tilesched {

struct EffectOrder {
  std::vector<DepEdge> edges;  // sorted by (src, dst, distance), one per key
  std::vector<Ring> rings;     // the ring-indexed buffers and barrier arrays, first access first
};

// Edges of kind Memory (global / shared / tensor memory) and Barrier (mbarriers, and the
// acquire / release order of waits and arrives), within an iteration (distance 0) and, in a
// loop, to the next iteration (distance 1) or, for the slots of a ring, to the iteration that
// uses the slot again. A ring whose rotation is not proven keeps one-location edges, with a note
// at the access that stops the proof. Past the block's budget the effectful ops are kept in
// program order instead, with a warning.
EffectOrder buildEffectEdges(const ScheduledBlock &block, const std::vector<OpResources> &resources,
                             const TargetModel &model, const TypeAliases &aliases, DiagnosticEngine &diags);

}  // namespace tilesched
