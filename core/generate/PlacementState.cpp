#include "generate/PlacementState.h"

#include <algorithm>

namespace tilesched {

PlacementState::PlacementState(const IIContext &c, TraceRecorder &t)
    : ctx(c), rrt(c.layout, c.ii), inversions(c.problem.numNodes), trace(t) {
  const int n = c.problem.numNodes;
  start_.assign(n, kUnseated);
  dead.assign(n, 0);
  released.assign(n, 0);
  groupCount_.assign(c.problem.groupGid.size(), 0);
  groupStage_.assign(c.problem.groupGid.size(), 0);
  windowCache_.assign(n, {});
  windowStamp_.assign(n, 0);
}

void PlacementState::record(std::string_view arm, int op, int cycle, std::string_view gate,
                            std::string_view outcome, std::string reason) const {
  if (tracing())
    trace.record(ctx.ii, std::string(arm), op, cycle, std::string(gate), std::string(outcome), std::move(reason));
}

PlacementState::Window PlacementState::window(int v) const {
  if (windowStamp_[v] != version_) {
    windowCache_[v] = computeWindow(v);
    windowStamp_[v] = version_;
  }
  return windowCache_[v];
}

PlacementState::Window PlacementState::computeWindow(int v) const {
  const ModuloProblem &p = ctx.problem;
  const int64_t ii = ctx.ii;
  // Every op starts at cycle >= 0, so every dependence path into v already ends at or after
  // depth[v]: the floor keeps ops seated ahead of their predecessors from pinning those below 0.
  int64_t earliest = ctx.depth[v], latest = INT_MAX;
  for (int ei : p.pred[v]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.src != v && seated(e.src)) earliest = std::max(earliest, start_[e.src] + e.latency - ii * e.distance);
  }
  for (int ei : p.succ[v]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.dst != v && seated(e.dst)) latest = std::min(latest, start_[e.dst] - e.latency + ii * e.distance);
  }
  // The closure sees through unseated ops.
  forEachDenseNeighbour(v, [&](int q) {
    if (!seated(q)) return;
    const int to = ctx.closure.dist(q, v), from = ctx.closure.dist(v, q);
    if (to != DistanceClosure::kNoPath) earliest = std::max<int64_t>(earliest, start_[q] + int64_t{to});
    if (from != DistanceClosure::kNoPath) latest = std::min<int64_t>(latest, start_[q] - int64_t{from});
  });
  // A per-component matrix does not see across components: also walk seated ops outside v's
  // component that enter (or leave) it at some member m, through the closure from m to v.
  const std::vector<int> &members = p.sccMembers[p.scc[v]];
  if (p.numNodes > DistanceClosure::kWholeGraphLimit && members.size() > 1 &&
      members.size() <= static_cast<size_t>(DistanceClosure::kDenseComponentLimit)) {
    for (int m : members) {
      const int to = m == v ? 0 : ctx.closure.dist(m, v), from = m == v ? 0 : ctx.closure.dist(v, m);
      if (m == v || (to == DistanceClosure::kNoPath && from == DistanceClosure::kNoPath)) continue;
      if (to != DistanceClosure::kNoPath)
        for (int ei : p.pred[m]) {
          const ModuloEdge &e = p.edges[ei];
          if (p.scc[e.src] != p.scc[v] && seated(e.src))
            earliest = std::max(earliest, start_[e.src] + e.latency - ii * e.distance + to);
        }
      if (from != DistanceClosure::kNoPath)
        for (int ei : p.succ[m]) {
          const ModuloEdge &e = p.edges[ei];
          if (p.scc[e.dst] != p.scc[v] && seated(e.dst))
            latest = std::min(latest, start_[e.dst] - e.latency + ii * e.distance - from);
        }
    }
  }
  // No seat at or past the cycle limit (support/Limits.h): a window that would need one is
  // empty, so the II attempt fails cleanly instead of seating the op at a clamped cycle.
  Window w;
  w.earliest = static_cast<int>(std::min<int64_t>(earliest, kMaxCycle));
  w.latest = static_cast<int>(std::clamp<int64_t>(latest, INT_MIN / 2, kMaxCycle - 1));
  return w;
}

std::optional<int> PlacementState::groupStage(int v) const {
  const int g = ctx.problem.group[v];
  if (g < 0) return std::nullopt;
  const int others = groupCount_[g] - (seated(v) ? 1 : 0);
  if (others <= 0) return std::nullopt;
  return groupStage_[g];
}

void PlacementState::commit(int v, int t, std::string_view arm, std::string reason) {
  start_[v] = t;
  ++seatedCount_;
  ++version_;
  rrt.commit(v, ctx.folded[v], ctx.problem.footprint[v], t);
  inversions.insert(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0 && groupCount_[g]++ == 0) groupStage_[g] = stageOf(t);
  record(arm, v, t, "-", "commit", std::move(reason));
}

void PlacementState::uncommit(int v, std::string_view arm, std::string reason) {
  const int t = start_[v];
  rrt.uncommit(v, ctx.folded[v], ctx.problem.footprint[v], t);
  inversions.erase(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0) --groupCount_[g];
  start_[v] = kUnseated;
  --seatedCount_;
  ++version_;
  record(arm, v, t, "-", "uncommit", std::move(reason));
}

void PlacementState::clear(std::string_view arm, std::string reason) {
  std::fill(start_.begin(), start_.end(), kUnseated);
  seatedCount_ = 0;
  ++version_;
  rrt.clear();
  inversions.clear();
  std::fill(groupCount_.begin(), groupCount_.end(), 0);
  freshSnapshot();
  std::fill(released.begin(), released.end(), 0);
  record(arm, -1, -1, "-", "clear", std::move(reason));
}

void PlacementState::freshSnapshot() { std::fill(dead.begin(), dead.end(), 0); }

}  // namespace tilesched
