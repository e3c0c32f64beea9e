// Independent schedule checker (SPEC §4.8). Shares no code with the generators: it recomputes
// every constraint from the dependence graph, the resolved footprints and the constraint slots,
// one check per constraint kind (as CIRCT's lib/Scheduling verifies a Problem).
#pragma once

#include <string>
#include <vector>

#include "contract/SchedulingProblem.h"

namespace tilesched {

struct CheckedOp {
  int stage = 0;
  int order = 0;
  int cycle = 0;
};

struct Violation {
  // Shape: the inputs disagree with each other (op count, edge endpoints, resource indices);
  // a caller bug, reported instead of indexing out of range.
  enum class Kind {
    Dependence,
    Resource,
    StageMismatch,
    DuplicateStageOrder,
    OrderMismatch,
    BadII,
    Shape,
    MaxDepth,
    SameDepth,
    Leader,
    ForceSerial,
    MemoryOrder,   // a memory edge of the effect table (docs/decisions.md "Memory and synchronisation edges")
    BarrierOrder,  // a barrier edge: mbarrier conflicts, a wait's acquire or an arrive's release
  };
  Kind kind = Kind::Dependence;
  int node = -1;         // the op the violation is reported at
  int otherNode = -1;    // the other end of the edge / the other op
  int edge = -1;         // index into DependenceGraph::edges for dependence violations
  int row = -1;          // modulo row for resource violations
  std::string resource;  // slot or pool name for resource violations
  std::string message;   // a sentence with the numbers
};
const char *violationKindName(Violation::Kind k);

// What a schedule must satisfy is the problem; without its `constraints` the seed 004 kinds are
// not checked.
std::vector<Violation> checkSchedule(const SchedulingProblem &problem, int ii, const std::vector<CheckedOp> &ops);

}  // namespace tilesched
