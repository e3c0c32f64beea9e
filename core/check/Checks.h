// The checks of core/check, one per constraint kind, and the state they share: the problem,
// the schedule under test and the violations found so far.
#pragma once

#include <string>
#include <vector>

#include "check/ScheduleChecker.h"

namespace tilesched::check {

struct CheckContext {
  const ModuloProblem &problem;
  const int ii;
  const std::vector<CheckedOp> &ops;
  std::vector<Violation> found;

  int numNodes() const { return problem.graph.numNodes; }
  int cycle(int node) const { return ops[node].cycle; }
  int stage(int node) const { return ops[node].stage; }
  std::string name(int node) const;
  Violation &add(Violation::Kind kind, int node, int other, std::string message);
};

bool checkShape(CheckContext &c);  // false: nothing else can be indexed safely
void checkDependences(CheckContext &c);
void checkEffectOrder(CheckContext &c);  // memory and barrier edges of the effect table
void checkResources(CheckContext &c);
void checkStages(CheckContext &c);
void checkStageOrder(CheckContext &c);
// seed 004 constraints (docs/decisions.md "Cost-based generator"); no-ops without constraints.
void checkMaxDepth(CheckContext &c);
void checkSameDepth(CheckContext &c);
void checkLeaders(CheckContext &c);
void checkForceSerial(CheckContext &c);

}  // namespace tilesched::check
