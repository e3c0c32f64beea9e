// The scheduling problem of one block, as every schedule producer and the checker read it (SPEC
// §4; after CIRCT's scheduling Problem, whose check() validates the inputs before any scheduler
// runs): the ops with their latencies and footprints, the dependence edges by kind, the target's
// resources with their capacities, the seed 004 constraints and the names messages use. The
// driver builds it once per block and runs check() before any generator.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "constraints/Constraints.h"
#include "graph/DependenceGraph.h"
#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"
#include "target/TargetModel.h"
#include "target/TileASView.h"

namespace tilesched {

// An input the problem's parts disagree on, found by SchedulingProblem::check().
struct ProblemDefect {
  int node = -1;  // the op it is reported at, -1 for the block
  int edge = -1;  // the edge it is about, -1 for none
  std::string message;
};

struct ScheduleAnalysis;
struct SchedulingProblem;

// The independent checker (core/check) on the dependences and resources of a schedule an exact
// solver proposes, before the generator uses it; the driver supplies it.
using ProposedScheduleCheck = std::function<bool(const SchedulingProblem &, const ScheduleAnalysis &)>;

struct SchedulingProblem {
  const DependenceGraph &graph;                         // ops (numNodes) and edges, each with its kind
  const std::vector<OpResources> &resources;            // per op: latency and footprint
  const TargetModel &model;                             // slots and pools, with capacities
  const ConstraintState *constraints = nullptr;         // absent: seed 004 constraints not in force
  const std::vector<std::string> *nodeNames = nullptr;  // "op#i" when absent or empty
  const ScheduledBlock *block = nullptr;                // the IR, when there is one (locations)
  ProposedScheduleCheck checkProposed = nullptr;        // null: an exact solver's schedule is used unchecked
  const TileASView *lowered = nullptr;                  // the block as TileAS sees it; absent: as written

  int numNodes() const { return graph.numNodes; }
  std::string name(int node) const;

  // Every disagreement between the parts, in a fixed order: the resource list's op count, edge
  // endpoints, footprint resource indices, resource capacities (a slot holds exactly one unit, a
  // pool at least one), the constraint slots' count and nested slots' enclosing ops. Empty when
  // every index the generators and the checker use is in range. The one statement of these
  // rules: check() reports them before generation, the checker (check/) as shape violations.
  std::vector<ProblemDefect> defects() const;
  // defects() as located errors (at the op, else at the block); true when there are none.
  bool check(DiagnosticEngine &diags) const;
};

}  // namespace tilesched
