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
  trace.freshTable();
}

void PlacementState::record(TraceEntry e) const {
  if (!tracing()) return;
  e.ii = ctx.ii;
  e.trial = traceMode == TraceMode::Trial;
  trace.record(std::move(e));
}

void PlacementState::record(TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason) const {
  if (tracing()) record(plainEntry(ctx.ii, arm, op, cycle, outcome, std::move(reason)));
}

PlacementState::Window PlacementState::window(int v) const {
  if (windowStamp_[v] != version_) {
    windowCache_[v] = computeWindow<false>(v, nullptr);
    windowStamp_[v] = version_;
  }
  return windowCache_[v];
}

PlacementState::WindowCause PlacementState::windowCause(int v) const {
  WindowCause cause;
  cause.latest.latest = true;
  computeWindow<true>(v, &cause);
  return cause;
}

// One body for the hot window and its traced explanation: `WithCause` also keeps which seated op
// and edge set each side.
template <bool WithCause> PlacementState::Window PlacementState::computeWindow(int v, WindowCause *cause) const {
  const ModuloProblem &p = ctx.problem;
  const int64_t ii = ctx.ii;
  // Every op starts at cycle >= 0, so every dependence path into v already ends at or after
  // depth[v]: the floor keeps ops seated ahead of their predecessors from pinning those below 0.
  int64_t earliest = ctx.depth[v], latest = INT_MAX;
  auto raise = [&](int64_t bound, int other, int edge, bool path) {
    if (bound <= earliest) return;
    earliest = bound;
    if constexpr (WithCause) cause->earliest = {false, 0, other, edge, path};
  };
  auto lower = [&](int64_t bound, int other, int edge, bool path) {
    if (bound >= latest) return;
    latest = bound;
    if constexpr (WithCause) cause->latest = {true, 0, other, edge, path};
  };
  for (int ei : p.pred[v]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.src != v && seated(e.src)) raise(start_[e.src] + e.latency - ii * e.distance, e.src, ei, false);
  }
  for (int ei : p.succ[v]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.dst != v && seated(e.dst)) lower(start_[e.dst] - e.latency + ii * e.distance, e.dst, ei, false);
  }
  // The closure sees through unseated ops.
  forEachDenseNeighbour(v, [&](int q) {
    if (!seated(q)) return;
    const int to = ctx.closure.dist(q, v), from = ctx.closure.dist(v, q);
    if (to != DistanceClosure::kNoPath) raise(start_[q] + int64_t{to}, q, -1, true);
    if (from != DistanceClosure::kNoPath) lower(start_[q] - int64_t{from}, q, -1, true);
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
            raise(start_[e.src] + e.latency - ii * e.distance + to, e.src, ei, true);
        }
      if (from != DistanceClosure::kNoPath)
        for (int ei : p.succ[m]) {
          const ModuloEdge &e = p.edges[ei];
          if (p.scc[e.dst] != p.scc[v] && seated(e.dst))
            lower(start_[e.dst] - e.latency + ii * e.distance - from, e.dst, ei, true);
        }
    }
  }
  // No seat at or past the cycle limit (support/Limits.h): a window that would need one is
  // empty, so the II attempt fails cleanly instead of seating the op at a clamped cycle.
  Window w;
  w.earliest = static_cast<int>(std::min<int64_t>(earliest, kMaxCycle));
  w.latest = static_cast<int>(std::clamp<int64_t>(latest, INT_MIN / 2, kMaxCycle - 1));
  if constexpr (WithCause) {
    cause->earliest.cycle = w.earliest;
    cause->latest.cycle = w.latest;
  }
  return w;
}

std::optional<int> PlacementState::groupStage(int v) const {
  const int g = ctx.problem.group[v];
  if (g < 0) return std::nullopt;
  const int others = groupCount_[g] - (seated(v) ? 1 : 0);
  if (others <= 0) return std::nullopt;
  return groupStage_[g];
}

void PlacementState::commit(int v, int t, TraceArm arm, std::string reason) {
  start_[v] = t;
  ++seatedCount_;
  ++version_;
  rrt.commit(v, ctx.folded[v], ctx.problem.footprint[v], t);
  inversions.insert(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0 && groupCount_[g]++ == 0) groupStage_[g] = stageOf(t);
  record(arm, v, t, TraceOutcome::Commit, std::move(reason));
}

void PlacementState::uncommit(int v, TraceArm arm, std::string reason) {
  const int t = start_[v];
  rrt.uncommit(v, ctx.folded[v], ctx.problem.footprint[v], t);
  inversions.erase(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0) --groupCount_[g];
  start_[v] = kUnseated;
  --seatedCount_;
  ++version_;
  record(arm, v, t, TraceOutcome::Uncommit, std::move(reason));
}

void PlacementState::clear(TraceArm arm, std::string reason) {
  std::fill(start_.begin(), start_.end(), kUnseated);
  seatedCount_ = 0;
  ++version_;
  rrt.clear();
  inversions.clear();
  std::fill(groupCount_.begin(), groupCount_.end(), 0);
  freshSnapshot();
  std::fill(released.begin(), released.end(), 0);
  record(arm, -1, -1, TraceOutcome::Clear, std::move(reason));
}

void PlacementState::freshSnapshot() { std::fill(dead.begin(), dead.end(), 0); }

}  // namespace tilesched
