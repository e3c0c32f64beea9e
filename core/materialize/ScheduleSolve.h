// Schedule::solve (seed 002, sub_8EEE70): a greedy disjoint-set pass over one (raw value,
// consumer) pair. It never picks an II, never probes an RRT and never moves an op: it reads the
// fixed (stage, order) and groups the producers the consumer sees into Pipe_ skeletons.
// Each phase is its own function so the unit tests can look at the state between them.
#pragma once

#include <set>
#include <unordered_map>
#include <vector>

#include "materialize/Skeletons.h"

namespace tilesched {

struct SolveState {
  // Phase 1: candidate producers (ops with a result of the raw value's origin), in (stage, order).
  std::vector<int> work;
  // Phase 2: the owner map's consumer side (the consumer and each op nested in it that reads
  // the raw value -> the consumer). A candidate's own op and its (stage, order, cycle) are the
  // view's (ScheduleView::produces, info): copied for every consumer, they made each solve cost
  // the raw value's whole producer list in map insertions.
  std::unordered_map<const Operation *, int> owner;
  // Phase 3: producers live at the consumer, in (stage, order); `distance` (indexed by node,
  // kNotLive for the others) is the iteration distance at which the consumer sees a live
  // producer's write; `dead` are candidates reached too late (filterMap).
  static constexpr int kNotLive = -1;
  std::vector<int> live;
  std::vector<int> distance;
  std::set<int> dead;
  // Phases 4-5: the disjoint-set groups over `live` (each in (stage, order), groups ordered by
  // their first member) and each group's canonical owner.
  std::vector<std::vector<int>> groups;
  std::vector<int> canonical;
  // Phase 6: the consumer-only fallback fired (Schedule.flags |= 4).
  bool trivialFallback = false;
};

// Union-find over indices 0..n-1; the root of a merged set is its smaller index, so roots
// follow the (stage, order) of `live`.
class DisjointSet {
public:
  explicit DisjointSet(size_t n);
  int find(int x);
  void unite(int a, int b);

private:
  std::vector<int> parent_;
};

void collectCandidateProducers(const ScheduleView &view, const PipePlaceholder &p, SolveState &s);  // 1
void buildScheduleMaps(const ScheduleView &view, const PipePlaceholder &p, SolveState &s);          // 2
void closeUnderLiveAtConsumer(const ScheduleView &view, const PipePlaceholder &p, SolveState &s);   // 3
void unionSameOrigin(const ScheduleView &view, const ConstraintState *constraints, const PipePlaceholder &p,
                     SolveState &s);                                                                     // 4
void chooseEarliestOwners(const ScheduleView &view, SolveState &s);                                      // 5
std::vector<PipeSkeleton> emitPipes(const ScheduleView &view, const PipePlaceholder &p, SolveState &s);  // 6

// All six phases; `state` (optional) receives the final solver state.
std::vector<PipeSkeleton> solveSchedule(const ScheduleView &view, const ConstraintState *constraints,
                                        const PipePlaceholder &p, SolveState *state = nullptr);

}  // namespace tilesched
