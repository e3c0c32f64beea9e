// Everything placement needs that depends only on the candidate II, built once per probe:
// folded footprints, the distance closure, HeightR priorities and the placement (readiness)
// order.
#pragma once

#include <string>
#include <vector>

#include "generate/seeds/DistanceClosure.h"
#include "contract/ModuloProblem.h"
#include "generate/seeds/ReservationTable.h"

namespace tilesched {

struct IIContext {
  IIContext(const ModuloProblem &problem, const ResourceLayout &layout, int ii);

  const ModuloProblem &problem;
  const ResourceLayout &layout;
  int ii;
  std::vector<FoldedFootprint> folded;
  DistanceClosure closure;
  std::vector<int64_t> height;    // HeightR at this II
  std::vector<int64_t> depth;     // longest path from any op, at this II
  std::vector<int> priorityRank;  // 0 = most urgent: larger height first, then program order
  std::vector<int> byPriority;    // ops sorted by priorityRank
  // Readiness: a component opens once every op outside it with an edge into it is seated (the
  // condensation is placed in topological order, so a recurrence never waits on an outside
  // ancestor it has already committed against); inside an open component an op is ready once
  // the sources of its distance-0 edges are seated. Zero-latency distance-0 cycles are broken
  // by priority (placementRank).
  std::vector<int> placementRank;
  std::vector<std::vector<int>> readyPreds;        // same-component distance-0 predecessors
  std::vector<std::vector<int>> componentEntries;  // per component: outside ops with an edge in
  // The inverses, so placement updates readiness per seat change instead of rescanning every op.
  std::vector<std::vector<int>> readySuccs;  // per op: the ops it is a ready predecessor of
  std::vector<std::vector<int>> entryOf;     // per op: the components it is an entry of
  // A proof that no schedule exists at this II, found before any placement: an op whose
  // footprint overfills a row when folded, an op whose depth at this II passes its max_depth,
  // or a path between two ops of one same-depth group that spans II cycles.
  int rejectNode = -1;
  std::string rejectReason;

private:
  void findStageConflict();
};

}  // namespace tilesched
