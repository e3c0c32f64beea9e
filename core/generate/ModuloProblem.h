// The block as the cost-based generator sees it: dependence edges plus the serialization edges
// that force_serial_execution implies, per-op footprints, resource capacities, and the constraint
// slots of seed 004 reduced to what placement reads (same-depth group, max_depth, G1 pending).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contract/ScheduleAnalysis.h"
#include "contract/SchedulingProblem.h"

namespace tilesched {

// cycle(dst) >= cycle(src) + latency - II * distance.
struct ModuloEdge {
  int src = 0;
  int dst = 0;
  int latency = 0;
  int distance = 0;
};

struct ModuloProblem {
  int numNodes = 0;
  std::vector<ModuloEdge> edges;
  std::vector<std::vector<int>> succ;  // edge indices leaving node i
  std::vector<std::vector<int>> pred;  // edge indices entering node i
  std::vector<int> latency;
  std::vector<Footprint> footprint;
  std::vector<std::string> nodeNames;

  std::vector<int> capacity;  // per resource of the target model
  std::vector<std::string> resourceNames;

  // Same-depth groups (G4): dense ids, -1 for ops outside every leader group.
  std::vector<int> group;
  std::vector<uint32_t> groupGid;  // DSU root gid of each dense group, for messages
  std::vector<int> maxDepth;       // 0 = unconstrained (seed 004: absent == 0)
  std::vector<uint8_t> forceSerial;
  std::vector<int> pendingLeader;  // G1: node whose seating releases this op, -1 = not pending
  bool regionForceSerial = false;

  // Strongly connected components, numbered in topological order of the condensation.
  std::vector<int> scc;
  std::vector<std::vector<int>> sccMembers;  // ascending node ids

  int duration(int v) const { return static_cast<int>(footprint[v].size()); }
  bool hasStageConstraints() const;
};

// `in` must pass SchedulingProblem::check() (see malformedNote).
ModuloProblem buildModuloProblem(const SchedulingProblem &in);

// The generators' own guard against a problem check() rejects (the driver reports its defects,
// located, before any generator runs): the note an unschedulable analysis carries, empty when the
// problem is well formed.
std::string malformedNote(const SchedulingProblem &in);

}  // namespace tilesched
