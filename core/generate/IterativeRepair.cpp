#include "generate/IterativeRepair.h"

#include <algorithm>
#include <set>

namespace tilesched {

namespace {

constexpr const char *kArm = "repair";

class Repair {
public:
  explicit Repair(PlacementState &st) : st_(st), p_(st.problem()), ii_(st.ii()) {
    previous_.assign(p_.numNodes, kUnseated);
    members_.assign(p_.groupGid.size(), {});
    for (int v = 0; v < p_.numNodes; ++v) {
      if (p_.group[v] >= 0) members_[p_.group[v]].push_back(v);
      if (!st_.seated(v)) queue_.insert({st_.ctx.priorityRank[v], v});
    }
  }

  bool run(int64_t budget) {
    while (!queue_.empty()) {
      if (budget-- <= 0 || (st_.budget && st_.budget->spent())) return false;
      const int v = queue_.begin()->second;
      queue_.erase(queue_.begin());
      if (!place(v)) return false;
    }
    return true;
  }

private:
  // `why` builds the trace reason only when tracing.
  template <typename Why> void evict(int u, Why &&why) {
    st_.uncommit(u, kArm, st_.tracing() ? why() : std::string());
    queue_.insert({st_.ctx.priorityRank[u], u});
  }

  int chooseCycle(int v) const {
    const FoldedFootprint &fp = st_.ctx.folded[v];
    const PlacementState::Window w = st_.window(v);
    int lo = w.earliest, hi = w.earliest + ii_ - 1;
    if (auto s = st_.groupStage(v)) {
      lo = std::max(lo, *s * ii_);
      hi = std::min(hi, *s * ii_ + ii_ - 1);
    }
    if (p_.maxDepth[v] > 0) hi = std::min(hi, p_.maxDepth[v] * ii_ - 1);
    // A free row that breaks nothing, then a free row that only displaces successors.
    for (int t = lo; t <= std::min(hi, w.latest) && st_.spend(); ++t)
      if (st_.rrt.probe(fp, t)) return t;
    for (int t = lo; t <= hi && st_.spend(); ++t)
      if (st_.rrt.probe(fp, t)) return t;
    // Forced (Rau): the dependence-earliest cycle, or one past the op's previous seat so the
    // same eviction does not repeat.
    int t = previous_[v] == kUnseated || w.earliest > previous_[v] ? w.earliest : previous_[v] + 1;
    if (p_.maxDepth[v] > 0) t = std::min(t, p_.maxDepth[v] * ii_ - 1);
    return std::max(t, 0);
  }

  bool place(int v) {
    const int t = chooseCycle(v);
    const int stage = st_.stageOf(t);
    if (const int g = p_.group[v]; g >= 0)
      for (int m : members_[g])
        if (m != v && st_.seated(m) && st_.stageOf(st_.start(m)) != stage)
          evict(m, [&] { return "G4: " + st_.name(v) + " takes its group to stage " + std::to_string(stage); });
    for (int ei : p_.pred[v]) {
      const ModuloEdge &e = p_.edges[ei];
      if (e.src != v && st_.seated(e.src) && t < st_.start(e.src) + e.latency - ii_ * e.distance)
        evict(e.src, [&] { return "dependence on " + st_.name(v) + " at cycle " + std::to_string(t); });
    }
    for (int ei : p_.succ[v]) {
      const ModuloEdge &e = p_.edges[ei];
      if (e.dst != v && st_.seated(e.dst) && st_.start(e.dst) < t + e.latency - ii_ * e.distance)
        evict(e.dst, [&] { return "dependence from " + st_.name(v) + " at cycle " + std::to_string(t); });
    }
    st_.forEachDenseNeighbour(v, [&](int q) {
      if (!st_.seated(q)) return;
      const int to = st_.ctx.closure.dist(q, v), from = st_.ctx.closure.dist(v, q);
      if ((to != DistanceClosure::kNoPath && int64_t{t} < int64_t{st_.start(q)} + to) ||
          (from != DistanceClosure::kNoPath && int64_t{st_.start(q)} < int64_t{t} + from))
        evict(q, [&] { return "distance closure with " + st_.name(v) + " at cycle " + std::to_string(t); });
    });
    const FoldedFootprint &fp = st_.ctx.folded[v];
    while (!st_.rrt.probe(fp, t)) {
      const ReservationTable::Conflict c = st_.rrt.conflicts(fp, t).front();
      const std::vector<int> &holders = st_.rrt.occupants(c.row, c.resource);
      if (holders.empty()) return false;  // only a self-conflicting fold, which the ladder rejects first
      evict(holders.back(), [&] {
        return "'" + p_.resourceNames[c.resource] + "' at row " + std::to_string(c.row) + " taken by " + st_.name(v);
      });
    }
    st_.commit(v, t, kArm,
               previous_[v] == kUnseated || !st_.tracing()
                   ? std::string()
                   : "re-seated (previously cycle " + std::to_string(previous_[v]) + ")");
    previous_[v] = t;
    return true;
  }

  PlacementState &st_;
  const ModuloProblem &p_;
  const int ii_;
  std::vector<int> previous_;
  std::vector<std::vector<int>> members_;
  std::set<std::pair<int, int>> queue_;  // (priority rank, op)
};

}  // namespace

bool iterativeRepair(PlacementState &st, int64_t budget) { return Repair(st).run(budget); }

}  // namespace tilesched
