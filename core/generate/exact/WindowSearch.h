// Beyond the seeds: the exact search of a block without stage constraints (no same-depth group,
// no max_depth), over start cycles instead of rows (docs/decisions.md, "Optimality"). Two facts
// make it finite and strong:
//  - moving every op of one dependence component (SCC) by a multiple of II keeps its rows and
//    the edges inside it, and edges between components only run forward in topological order,
//    so each component is placed on its own, its first op in rows [0, II), and the block is
//    completed afterwards by moving later components down whole stages;
//  - inside a component the distance closure bounds every op both ways from a placed one,
//    t(v) in [t(u) + dist(u, v), t(u) - dist(v, u)]; with a closed distance matrix, windows that
//    stay non-empty against the placed ops mean the placed ops extend to a schedule of the
//    component (path consistency makes a simple temporal network decomposable).
// So the search gives start cycles to the ops with a footprint, fail-first (next the op with the
// fewest free rows in its window), checks after each seat that every other op of a placed
// component still has a free row, and proves the II infeasible when the tree is exhausted.
// Searching a subset of the components is a relaxation: infeasible there means infeasible.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "generate/seeds/IIContext.h"
#include "generate/WorkBudget.h"

namespace tilesched {

enum class ExactOutcome { Found, Infeasible, BudgetExhausted };

// The ops with a footprint at one II, by dependence component (most urgent op first), with the
// closure between the ops of each component: built once per II, shared by every search on it.
struct FootprintComponents {
  explicit FootprintComponents(const IIContext &ctx);
  // The ops of one footprint class only, with their closure (a relaxation: the others dropped).
  FootprintComponents only(int cls) const;
  std::vector<std::vector<int>> ops;       // node ids per component, components in topological order
  std::vector<std::vector<int64_t>> dist;  // per component, row-major over its ops
  std::vector<int> footprintClass;         // per node: equal folded footprints share a class
  std::vector<int> classRepresentative;    // a node of each class

private:
  FootprintComponents() = default;
};

// Beyond the seeds: symmetry breaking by interchangeable ops (docs/decisions.md, "Optimality").
// Two footprint ops of one component are interchangeable when they share a folded footprint and
// their closure to every other footprint op of the component, and the one between them is the
// same both ways: swapping their start cycles then maps every placement of the component to one
// with the same row loads and windows. So a schedule exists iff one exists with each class of
// such ops in program order, t(a) <= t(b) — t(a) < t(b) when two copies at one row overfill a
// resource. Those edges are added to `fc` and each matrix is closed again (k^2 cells per edge;
// finding the classes and each edge cost a work unit per 64 cells, charged to `budget`), which
// narrows the windows the search tries; this
// decides the unrolled bodies whose like ops make the plain search (and SAT) try every
// permutation. Returns the edges added, -1 when the budget ran out (then `fc` is unusable).
int64_t orderInterchangeableOps(const IIContext &ctx, FootprintComponents &fc, WorkBudget *budget);

class WindowSearch {
public:
  // Searches the listed components of `fc` (indices into fc.ops).
  WindowSearch(const IIContext &ctx, const FootprintComponents &fc, std::vector<int> components);

  // One node is one op tried at one cycle; each is charged to `nodeLimit` and to `budget`.
  ExactOutcome run(int64_t nodeLimit, WorkBudget *budget);
  int64_t nodes() const { return nodes_; }
  // Per footprint class, a bit per row: whether the class fits there on the placed ops now.
  const std::vector<std::vector<uint64_t>> &fits() const { return fits_; }
  // After Found over every component: a start cycle for every op of the block.
  std::vector<int> completeSchedule() const;

private:
  struct Saved {
    int op;
    int64_t lo, hi;
  };
  int64_t dist(int i, int j) const;
  // The rows [begin, begin + length) of footprint class `cls` whose fit a change of op i at
  // cycle t can affect.
  std::pair<int64_t, int64_t> affectedRows(int i, int64_t t, size_t cls) const;
  void refreshFits(int i, int64_t t);
  void restoreFits(int i, int64_t t);
  int freeRows(int i);
  bool search();
  void place(int i, int64_t t);
  void unplace(int i, size_t trailMark);

  const IIContext &ctx_;
  const FootprintComponents &fc_;
  const int ii_;
  std::vector<int> ops_;                   // local index -> node id
  std::vector<int> comp_, posInComp_;      // index into fc_ and position inside the component
  std::vector<std::vector<int>> compOps_;  // local indices, per local component
  std::vector<int> compOf_;                // local component -> index into fc_
  std::vector<int> compPlaced_;            // placed ops per local component
  std::vector<int> anchorOrder_;           // local components in the order they are opened
  std::vector<uint8_t> placed_;
  std::vector<int64_t> start_, lo_, hi_;
  std::vector<Saved> trail_;
  ReservationTable rrt_;
  std::vector<std::vector<uint64_t>> fits_;  // per footprint class: rows where it fits now
  std::vector<uint64_t> savedFits_;          // fits_ before each placed op, in placing order
  int placedCount_ = 0;
  bool rotationFixed_ = false;  // the first op of the first component goes to row 0
  int64_t nodes_ = 0, nodeLimit_ = 0;
  WorkBudget *budget_ = nullptr;
  bool exhausted_ = false;
};

// A start cycle for every op of the block from those of its footprint ops (`placed`, kNoPath64
// for the others), which must keep every edge inside their components: components in topological
// order, each moved down whole stages (rows unchanged) until every edge into it holds, its other
// ops at their longest paths.
std::vector<int> completeFootprintSchedule(const IIContext &ctx, const std::vector<int64_t> &placed);

}  // namespace tilesched
