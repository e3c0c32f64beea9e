#include "generate/seeds/PlacementState.h"

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
  componentStamp_.assign(c.problem.sccMembers.size(), 0);
  resetReadiness();
}

void PlacementState::resetReadiness() {
  const int n = ctx.problem.numNodes;
  waitingPreds_.resize(n);
  for (int v = 0; v < n; ++v) waitingPreds_[v] = static_cast<int>(ctx.readyPreds[v].size());
  closedEntries_.resize(ctx.componentEntries.size());
  for (size_t c = 0; c < closedEntries_.size(); ++c)
    closedEntries_[c] = static_cast<int>(ctx.componentEntries[c].size());
  ready_.assign(n, 0);
  bySlack_.clear();
  slackKey_.assign(n, kNotKeyed);
  stale_.clear();
  isStale_.assign(n, 0);
  for (int v = 0; v < n; ++v) updateReady(v);
}

void PlacementState::markStale(int v) const {
  if (!isStale_[v]) {
    isStale_[v] = 1;
    stale_.push_back(v);
  }
}

void PlacementState::updateReady(int v) {
  const bool ready = !seated(v) && waitingPreds_[v] == 0 && closedEntries_[ctx.problem.scc[v]] == 0;
  if (ready == static_cast<bool>(ready_[v])) return;
  ready_[v] = ready;
  if (ready) markStale(v);
  else if (slackKey_[v] != kNotKeyed) {
    bySlack_.erase({slackKey_[v], ctx.priorityRank[v]});
    slackKey_[v] = kNotKeyed;
  }
}

// v was seated (delta -1: one fewer unseated op) or unseated (+1); start_ is already updated.
void PlacementState::seatChanged(int v, int delta) {
  dropWindowsReading(v);
  updateReady(v);
  for (int w : ctx.readySuccs[v]) {
    waitingPreds_[w] += delta;
    updateReady(w);
  }
  for (int c : ctx.entryOf[v]) {
    closedEntries_[c] += delta;
    // Only the last entry seated (or the first unseated) opens (closes) the component.
    if (closedEntries_[c] == (delta < 0 ? 0 : 1))
      for (int m : ctx.problem.sccMembers[c]) updateReady(m);
  }
}

std::vector<int> PlacementState::readyGroup(int limit) const {
  for (int v : stale_) {
    isStale_[v] = 0;
    const int rank = ctx.priorityRank[v];
    if (slackKey_[v] != kNotKeyed) bySlack_.erase({slackKey_[v], rank});
    slackKey_[v] = kNotKeyed;
    if (!ready_[v]) continue;
    const Window w = window(v);
    slackKey_[v] = static_cast<int>(std::min<int64_t>(int64_t{w.latest} - w.earliest, ctx.ii));
    bySlack_.insert({slackKey_[v], rank});
  }
  stale_.clear();
  std::vector<int> group;
  for (auto it = bySlack_.begin(); it != bySlack_.end() && static_cast<int>(group.size()) < limit; ++it)
    group.push_back(ctx.byPriority[it->second]);
  return group;
}

void PlacementState::dropWindow(int v) {
  windowStamp_[v] = 0;
  if (ready_[v]) markStale(v);
}

// The ops whose computeWindow reads u's seat: u's dependence neighbours; every op of a small
// block; the members of u's component when its closure is dense; and the members of a dense
// component that u enters or leaves (the walk across components).
void PlacementState::dropWindowsReading(int u) {
  const ModuloProblem &p = ctx.problem;
  if (p.numNodes <= DistanceClosure::kWholeGraphLimit) {
    ++version_;
    for (int v = 0; v < p.numNodes; ++v)
      if (ready_[v]) markStale(v);
    return;
  }
  ++seatChanges_;
  auto dropComponent = [&](int c) {
    const std::vector<int> &members = p.sccMembers[c];
    if (members.size() > static_cast<size_t>(DistanceClosure::kDenseComponentLimit) ||
        componentStamp_[c] == seatChanges_)
      return;
    componentStamp_[c] = seatChanges_;
    for (int m : members) dropWindow(m);
  };
  dropComponent(p.scc[u]);
  for (const std::vector<int> *edges : {&p.pred[u], &p.succ[u]})
    for (int ei : *edges) {
      const ModuloEdge &e = p.edges[ei];
      const int w = e.src == u ? e.dst : e.src;
      dropWindow(w);
      if (p.scc[w] != p.scc[u] && p.sccMembers[p.scc[w]].size() > 1) dropComponent(p.scc[w]);
    }
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
template <bool WithCause>
PlacementState::Window PlacementState::computeWindow(int v, WindowCause *cause) const {
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
  rrt.commit(v, ctx.folded[v], t);
  inversions.insert(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0 && groupCount_[g]++ == 0) groupStage_[g] = stageOf(t);
  seatChanged(v, -1);
  record(arm, v, t, TraceOutcome::Commit, std::move(reason));
}

void PlacementState::uncommit(int v, TraceArm arm, std::string reason) {
  const int t = start_[v];
  rrt.uncommit(v, ctx.folded[v], t);
  inversions.erase(v, t);
  if (const int g = ctx.problem.group[v]; g >= 0) --groupCount_[g];
  start_[v] = kUnseated;
  --seatedCount_;
  seatChanged(v, +1);
  record(arm, v, t, TraceOutcome::Uncommit, std::move(reason));
}

void PlacementState::clear(TraceArm arm, std::string reason) {
  std::fill(start_.begin(), start_.end(), kUnseated);
  seatedCount_ = 0;
  ++version_;
  rrt.clear();
  inversions.clear();
  std::fill(groupCount_.begin(), groupCount_.end(), 0);
  resetReadiness();
  freshSnapshot();
  std::fill(released.begin(), released.end(), 0);
  record(arm, -1, -1, TraceOutcome::Clear, std::move(reason));
}

void PlacementState::freshSnapshot() { std::fill(dead.begin(), dead.end(), 0); }

}  // namespace tilesched
