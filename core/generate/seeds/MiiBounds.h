// The four lower bounds of seed 001, each computed and reported on its own
// (docs/decisions.md, "MII bounds"):
//   resource     max over resources of ceil(units per iteration / capacity); names the resource
//   recurrence   the smallest II with no positive cycle of latency - II*distance; names the cycle
//   fine-density the smallest II at which every footprint fits onto itself modulo II
//   dependency   what max_depth and same-depth groups need from distance-0 dependence depth
#pragma once

#include <string>
#include <vector>

#include "contract/ModuloProblem.h"

namespace tilesched {

struct MiiAnalysis {
  MIIBounds bounds;
  // Set when no II can schedule the block; `infeasibleNode` is the op to blame.
  bool infeasible = false;
  int infeasibleNode = -1;
  std::string infeasibleReason;
};

MiiAnalysis computeMiiBounds(const ModuloProblem &p);

int resourceMii(const ModuloProblem &p, std::string *binding);
// The ops holding `resource` and their units per iteration (the terms of its resource bound).
std::vector<MIIBounds::Share> resourceShares(const ModuloProblem &p, const std::string &resource);
// `criticalEdges`, when given, receives the edges of `criticalCycle` (findPositiveCycle).
int recurrenceMii(const ModuloProblem &p, std::vector<int> *criticalCycle, std::vector<int> *criticalEdges = nullptr);
int fineDensityMii(const ModuloProblem &p);
int dependencyMii(const ModuloProblem &p);

// The dependency bound of each depth constraint on its own, in program order of its first op:
// max_depth = k needs ceil((asap + 1) / k); a same-depth group needs its longest distance-0 path
// between two members + 1. dependencyMii is their maximum (at least 1).
std::vector<LiftedConstraint> depthConstraintBounds(const ModuloProblem &p);

// True when op `v`'s footprint, folded onto `ii` rows, needs more units of some resource in
// some row than the resource has (the footprint conflicts with itself).
bool footprintSelfConflicts(const ModuloProblem &p, int v, int ii);

}  // namespace tilesched
