#include "generate/repair/IterativeRepair.h"

#include <algorithm>
#include <optional>
#include <set>

namespace tilesched {

namespace {

constexpr TraceArm kArm = TraceArm::Repair;

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
  // Unseats `u` for `v` at cycle `t`; `why(e)` fills the verdict entry (gate and details) only
  // when tracing, and the entry precedes the uncommit.
  template <typename Why>
  void evict(int u, int v, int t, Why &&why) {
    if (st_.tracing()) {
      TraceEntry e;
      e.arm = kArm;
      e.op = v;
      e.cycle = t;
      e.outcome = TraceOutcome::Evict;
      why(e);
      e.reason += ": unseats " + st_.name(u);
      st_.record(std::move(e));
    }
    st_.uncommit(u, kArm);
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
    // A free row that breaks nothing, then a free row that only displaces successors. Both passes
    // probe one unchanged table, so past a 32nd of the II's rows (a batch costs a sweep of them)
    // the probes are answered in a batch, when its answers (a row per run) take at most a million
    // entries.
    std::optional<ReservationTable::ProbeBatch> batch;
    const bool batchable = fp.runs.size() * static_cast<size_t>(ii_) <= (size_t{1} << 20);
    int probes = 0;
    auto fits = [&](int t) {
      if (!batchable || ++probes <= std::max(4, ii_ / 32)) return st_.rrt.probe(fp, t);
      if (!batch) batch.emplace(st_.rrt, fp);
      return batch->probe(t);
    };
    for (int t = lo; t <= std::min(hi, w.latest) && st_.spend(); ++t)
      if (fits(t)) return t;
    for (int t = lo; t <= hi && st_.spend(); ++t)
      if (fits(t)) return t;
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
          evict(m, v, t, [&](TraceEntry &e) {
            e.gate = TraceGate::G4;
            e.stage = stage;
            e.limit = st_.stageOf(st_.start(m));
            e.reason = "takes its group from stage " + std::to_string(e.limit) + " to stage " + std::to_string(stage);
          });
    // A broken bound: `other`'s seat allows v no earlier (no later) than `cycle` through `edge`.
    auto broken = [&](bool latest, int cycle, int other, int edge, bool path) {
      return [=, this](TraceEntry &e) {
        e.gate = TraceGate::Dependence;
        e.bounds = {TraceBound{latest, cycle, other, edge, path}};
        e.reason = std::string(latest ? "must start no later than " : "must start no earlier than ") +
                   std::to_string(cycle) + " (" + (path ? "a dependence path " : "an edge ") +
                   (latest ? "to " : "from ") + st_.name(other) + ")";
      };
    };
    for (int ei : p_.pred[v]) {
      const ModuloEdge &e = p_.edges[ei];
      if (e.src == v || !st_.seated(e.src)) continue;
      const int64_t bound = int64_t{st_.start(e.src)} + e.latency - int64_t{ii_} * e.distance;
      if (t < bound) evict(e.src, v, t, broken(false, static_cast<int>(bound), e.src, ei, false));
    }
    for (int ei : p_.succ[v]) {
      const ModuloEdge &e = p_.edges[ei];
      if (e.dst == v || !st_.seated(e.dst)) continue;
      const int64_t bound = int64_t{st_.start(e.dst)} - e.latency + int64_t{ii_} * e.distance;
      if (t > bound) evict(e.dst, v, t, broken(true, static_cast<int>(bound), e.dst, ei, false));
    }
    st_.forEachDenseNeighbour(v, [&](int q) {
      if (!st_.seated(q)) return;
      const int to = st_.ctx.closure.dist(q, v), from = st_.ctx.closure.dist(v, q);
      if (to != DistanceClosure::kNoPath && int64_t{t} < int64_t{st_.start(q)} + to)
        evict(q, v, t, broken(false, st_.start(q) + to, q, -1, true));
      else if (from != DistanceClosure::kNoPath && int64_t{st_.start(q)} < int64_t{t} + from)
        evict(q, v, t, broken(true, st_.start(q) - from, q, -1, true));
    });
    const FoldedFootprint &fp = st_.ctx.folded[v];
    while (const std::optional<ReservationTable::Conflict> first = st_.rrt.firstConflict(fp, t)) {
      const ReservationTable::Conflict c = *first;
      const std::vector<int> holders = st_.rrt.occupants(c.row, c.resource);
      if (holders.empty()) return false;  // only a self-conflicting fold, which the ladder rejects first
      evict(holders.back(), v, t, [&](TraceEntry &e) {
        const std::vector<ReservationTable::Conflict> conflicts = st_.rrt.conflicts(fp, t);
        e.gate = TraceGate::Probe;
        for (const ReservationTable::Conflict &k : conflicts)
          e.conflicts.push_back({k.row, k.resource, st_.rrt.occupants(k.row, k.resource)});
        e.reason = "'" + p_.resourceNames[c.resource] + "' full at row " + std::to_string(c.row) +
                   (conflicts.size() > 1 ? " and " + std::to_string(conflicts.size() - 1) + " more cell(s)" : "");
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
