// The scheduling problem of one block, the one type every schedule producer and the checker read
// (SPEC §4; after CIRCT's lib/Scheduling ModuloProblem: input properties, check() before any solver
// runs, the solvers as free functions, verify() of a solution after). The solution is the
// ScheduleAnalysis a solver publishes (contract/ScheduleAnalysis.h: II, each op's cycle, stage and
// order); check/ScheduleChecker's verify() checks it against this problem.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "constraints/Constraints.h"
#include "contract/ScheduleAnalysis.h"
#include "graph/DependenceGraph.h"
#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"
#include "target/TargetModel.h"
#include "target/TileASView.h"

namespace tilesched {

// An input the problem's parts disagree on, found by ModuloProblem::check().
struct ProblemDefect {
  int node = -1;  // the op it is reported at, -1 for the block
  int edge = -1;  // the edge it is about, -1 for none
  std::string message;
};

// cycle(dst) >= cycle(src) + latency - II * distance.
struct ModuloEdge {
  int src = 0;
  int dst = 0;
  int latency = 0;
  int distance = 0;
};

struct ModuloProblem {
  // The problem of the parts the pipeline built; the derived properties below exist when the parts
  // agree (defects() is empty), else only numNodes and nodeNames.
  ModuloProblem(const DependenceGraph &graph, const std::vector<OpResources> &resources, const TargetModel &model,
                const ConstraintState *constraints = nullptr, const std::vector<std::string> *names = nullptr,
                const ScheduledBlock *block = nullptr, const TileASView *lowered = nullptr);

  // Input properties as the pipeline built them; the problem borrows them and lives no longer.
  // Fixed once built: the properties below are derived from them.
  const DependenceGraph &graph;               // ops (numNodes) and edges, each with its kind
  const std::vector<OpResources> &resources;  // per op: latency, footprint and traits
  const TargetModel &model;                   // slots and pools, with capacities
  const ConstraintState *const constraints;   // absent: seed 004 constraints not in force
  const ScheduledBlock *const block;          // the IR, when there is one (locations)
  const TileASView *const lowered;            // the block as TileAS sees it; absent: as written

  // Input properties as the solvers read them, derived once from those: the dependence edges plus
  // the serialization edges force_serial_execution implies, per-op latencies and footprints,
  // resource capacities, and the seed 004 constraint slots reduced to what placement reads
  // (same-depth group, max_depth, G1 pending).
  int numNodes = 0;
  std::vector<std::string> nodeNames;  // "op#i" where the block names none
  std::vector<ModuloEdge> edges;
  std::vector<std::vector<int>> succ;  // edge indices leaving node i
  std::vector<std::vector<int>> pred;  // edge indices entering node i
  std::vector<int> latency;
  std::vector<Footprint> footprint;
  std::vector<int> capacity;  // per resource of the target model
  std::vector<std::string> resourceNames;
  // Same-depth groups (G4): dense ids, -1 for ops outside every leader group.
  std::vector<int> group;
  std::vector<uint32_t> groupGid;  // DSU root gid of each dense group, for messages
  std::vector<int> maxDepth;       // 0 = unconstrained (seed 004: absent == 0)
  std::vector<uint8_t> forceSerial;
  std::vector<int> pendingLeader;  // G1: node whose seating releases this op, -1 = not pending
  bool regionForceSerial = false;
  // Strongly connected components, numbered in topological order of the condensation: every edge
  // goes from a component to itself or to a higher id.
  std::vector<int> scc;
  std::vector<std::vector<int>> sccMembers;  // ascending node ids

  std::string name(int node) const;  // "op#i" for a node outside 0..numNodes-1
  int duration(int v) const { return static_cast<int>(footprint[v].size()); }
  // How long op v keeps its stage busy: its latency or footprint, at least one cycle.
  int completion(int v) const { return std::max({latency[v], duration(v), 1}); }
  bool hasStageConstraints() const;
  void addEdge(int src, int dst, int latency, int distance);

  // Every disagreement between the parts, in a fixed order: the resource list's op count, edge
  // endpoints, footprint resource indices, resource capacities (a slot holds exactly one unit, a
  // pool at least one), the constraint slots' count and nested slots' enclosing ops. Empty when
  // every index the solvers and the checker use is in range. The one statement of these rules:
  // check() reports them before generation, the checker (check/) as shape violations.
  std::vector<ProblemDefect> defects() const;
  // defects() as located errors (at the op, else at the block); true when there are none.
  bool check(DiagnosticEngine &diags) const;
  // The solvers' own guard against a problem check() rejects: the note an unschedulable analysis
  // carries, empty when the problem is well formed.
  std::string malformedNote() const;
};

// The independent checker (check/) as the cost-based generator consults it in the middle of its
// search. It cannot wait for the pipeline's verify pass: the exact search's and the SAT-based
// compaction's schedules each decide what the steps after them start from (the II the compaction
// runs at, the lower bound the proof claims, the schedule the next step compacts), so a rejected
// one must be known before those steps run. The pipeline passes check/'s implementation.
class ProposedScheduleCheck {
public:
  virtual ~ProposedScheduleCheck() = default;
  // True when `proposed` keeps every dependence and resource rule of `problem`.
  virtual bool accepts(const ModuloProblem &problem, const ScheduleAnalysis &proposed) const = 0;
};

}  // namespace tilesched
