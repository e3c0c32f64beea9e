#include "generate/seeds/CostEvaluators.h"

#include <algorithm>

#include "generate/seeds/SearchDriver.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

constexpr int64_t kThresholdCap = int64_t{1} << 40;

struct DistanceView {
  bool legal = true;
  int64_t stretch = 0;
};

// Legality against the distance closure is the op's dependence window (PlacementState::window
// folds the closure in, cached per state version); the stretch is over direct incoming edges.
DistanceView distanceView(const PlacementState &st, int v, int t) {
  const ModuloProblem &p = st.problem();
  DistanceView view;
  const PlacementState::Window w = st.window(v);
  view.legal = t >= w.earliest && t <= w.latest;
  for (int ei : p.pred[v]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.src == v || !st.seated(e.src)) continue;
    const int64_t slack = int64_t{t} - (st.start(e.src) + e.latency - int64_t{st.ii()} * e.distance);
    view.stretch = std::max(view.stretch, slack);
  }
  return view;
}

}  // namespace

std::optional<int64_t> pipeSlotThreshold(const PlacementState &st, const SeatCandidate &c, int t) {
  const bool fits = st.rrt.probe(*c.footprint, t);
  DistanceView view;
  for (int i = 0; i < c.count; ++i) {
    const DistanceView one = distanceView(st, c.ops[i], t);
    view.legal = view.legal && one.legal;
    view.stretch = std::max(view.stretch, one.stretch);
  }
  return smallestFeasibleThreshold([&](int64_t cap) { return fits && view.legal && view.stretch <= cap; }, 0,
                                   kThresholdCap);
}

int64_t bankPressureThreshold(const PlacementState &st, const SeatCandidate &c, int t) {
  const ReservationTable::PooledLoad load = st.rrt.pooledLoad(*c.footprint, t);
  const int64_t inIteration = load.inIteration, carried = load.carried;
  // Always feasible at cap = in + carry, so the driver finds exactly that threshold.
  return *smallestFeasibleThreshold([&](int64_t cap) { return inIteration + carried <= cap; }, 0, kThresholdCap);
}

CostVector seatCost(const PlacementState &st, const SeatCandidate &c, int t) {
  CostVector cost;
  if (!st.rrt.probe(*c.footprint, t)) {
    CostVector bad = CostVector::infinite();
    bad.resource = st.rrt.conflictCount(*c.footprint, t);
    return bad;
  }
  const std::optional<int64_t> stretch = pipeSlotThreshold(st, c, t);
  cost.pipeSlot = stretch ? *stretch : CostVector::kInfinite;
  cost.bankPressure = bankPressureThreshold(st, c, t);
  for (int i = 0; i < c.count; ++i) cost.structural += st.inversions.inversionsWith(c.ops[i], t);
  return cost;
}

}  // namespace tilesched
