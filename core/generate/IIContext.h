// Everything placement needs that depends only on the candidate II, built once per probe:
// folded footprints, the distance closure, HeightR priorities and the placement (readiness)
// order.
#pragma once

#include <string>
#include <vector>

#include "generate/DistanceClosure.h"
#include "generate/ModuloProblem.h"
#include "generate/ReservationTable.h"

namespace tilesched {

struct IIContext {
  IIContext(const ModuloProblem &problem, const ResourceLayout &layout, int ii);

  const ModuloProblem &problem;
  const ResourceLayout &layout;
  int ii;
  std::vector<FoldedFootprint> folded;
  DistanceClosure closure;
  std::vector<int64_t> height;      // HeightR at this II
  std::vector<int64_t> depth;       // longest path from any op, at this II
  std::vector<int> priorityRank;    // 0 = most urgent: larger height first, then program order
  std::vector<int> byPriority;      // ops sorted by priorityRank
  // Readiness: an op joins a placement group once its ready-predecessors are seated — the
  // sources of its distance-0 edges and of every edge from another component (those come
  // first in the condensation). Zero-latency distance-0 cycles are broken by priority.
  std::vector<int> placementRank;
  std::vector<std::vector<int>> readyPreds;
  // A proof that no schedule exists at this II, found before any placement: an op whose
  // footprint overfills a row when folded, an op whose depth at this II passes its max_depth,
  // or a path between two ops of one same-depth group that spans II cycles.
  int rejectNode = -1;
  std::string rejectReason;

private:
  void findStageConflict();
};

}  // namespace tilesched
