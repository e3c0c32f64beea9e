// Independent schedule checker (SPEC §4.8). Shares no code with the generators: it recomputes
// every constraint from the dependence graph and the resolved footprints.
#pragma once

#include <string>
#include <vector>

#include "graph/DependenceGraph.h"
#include "target/TargetModel.h"

namespace tilesched {

struct CheckedOp {
  int stage = 0;
  int order = 0;
  int cycle = 0;
};

struct Violation {
  // Shape: the inputs disagree with each other (op count, edge endpoints, resource indices);
  // a caller bug, reported instead of indexing out of range.
  enum class Kind { Dependence, Resource, StageMismatch, DuplicateStageOrder, OrderMismatch, BadII, Shape };
  Kind kind = Kind::Dependence;
  int node = -1;        // the op the violation is reported at
  int otherNode = -1;   // the other end of the edge / the other op
  int edge = -1;        // index into DependenceGraph::edges for dependence violations
  int row = -1;         // modulo row for resource violations
  std::string resource; // slot or pool name for resource violations
  std::string message;  // a sentence with the numbers
};
const char *violationKindName(Violation::Kind k);

std::vector<Violation> checkSchedule(const DependenceGraph &graph,
                                     const std::vector<OpResources> &resources,
                                     const TargetModel &model, int ii,
                                     const std::vector<CheckedOp> &ops,
                                     const std::vector<std::string> &nodeNames = {});

}  // namespace tilesched
