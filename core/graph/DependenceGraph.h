// Dependence graph of one scheduled block (SPEC §4.1): SSA data edges, iteration-carried edges
// through iter_args / scf.yield, async-token edges, explicit `sched.deps` edges, the memory and
// barrier edges the target model's effect table gives ops that share no value, and a nested
// loop's edge to its own next instance.
#pragma once

#include <string>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "ir/TypeAliases.h"
#include "support/Diagnostics.h"
#include "target/TargetModel.h"

namespace tilesched {

// Nested: a nested loop's next instance waits for this one to finish (docs/decisions.md, "Nested loops").
// Lifetime: buffer assignment's bound on a ring's slots (core/buffers, slotLimitEdges).
enum class EdgeKind { Data, Carried, Token, Explicit, Memory, Barrier, Nested, Lifetime };
const char *edgeKindName(EdgeKind k);

// Constraint: cycle(dst) >= cycle(src) + latency - II * distance.
struct DepEdge {
  int src = 0;
  int dst = 0;
  int latency = 0;
  int distance = 0;
  EdgeKind kind = EdgeKind::Data;
  int ring = -1;  // memory / barrier edges: the index in DependenceGraph::rings of the ring whose
                  // slot coming round gives the distance; -1 for every other edge
};

// A buffer or mbarrier array the block indexes by a slot (`ttg.memdesc_index %ring[%slot]`;
// docs/decisions.md, "Ring buffers").
struct Ring {
  std::string value;     // its name, as written
  bool barrier = false;  // an mbarrier array (the first operand of barrier ops), else a data buffer
  int slots = 0;         // proven: the slots its index rotates through; else its leading dimension (0: unknown)
  bool proven = false;   // every access names a slot of one rotation: only same-slot accesses are ordered
  std::string reason;    // not proven: why, in plain words (its accesses are ordered as one location)
  // Where `slots`, the hand-off's depth, comes from: an NVWS aref's buffer count, the leading
  // dimension of its type, or an index rotating through fewer slots than that.
  enum class Depth { LeadingDimension, Rotation, Aref } depthFrom = Depth::LeadingDimension;
};
const char *depthSourceName(Ring::Depth d);

struct DependenceGraph {
  int numNodes = 0;                    // node i == ScheduledBlock::ops[i]
  std::vector<DepEdge> edges;          // sorted by (src, dst, distance), one edge per such key
  std::vector<Ring> rings;             // in program order of their first access
  std::vector<std::vector<int>> succ;  // edge indices leaving node i, in edge order
  std::vector<std::vector<int>> pred;  // edge indices entering node i, in edge order
  // Cycles of distance-0 edges (only `sched.deps` can make one), each as its sorted node ids:
  // the input is well formed, but the block cannot be scheduled.
  std::vector<std::vector<int>> zeroDistanceCycles;
};

// `resources[i]` gives the latency of node i; `aliases` tells token edges through `!alias`
// types; `model`'s effect table gives the memory and barrier edges (none without a model).
// Distance-0 cycles are recorded, not reported (reportZeroDistanceCycles).
DependenceGraph buildDependenceGraph(const ScheduledBlock &block, const std::vector<OpResources> &resources,
                                     DiagnosticEngine &diags, const TypeAliases &aliases = {},
                                     const TargetModel *model = nullptr);

// One error per distance-0 cycle, at its first op, naming every op of it.
void reportZeroDistanceCycles(const ScheduledBlock &block, const DependenceGraph &graph, DiagnosticEngine &diags);

}  // namespace tilesched
