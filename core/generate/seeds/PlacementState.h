// Mutable placement state at one candidate II: the global RRT, the seat (start cycle) of every
// op, the same-depth group bookkeeping G4 reads, the retry snapshot overlay (dead ops) and the
// G1 carry state. Every commit / uncommit / clear is traced so the RRT can be replayed; an arm's
// trial seating is traced as trial entries while the log admits them (TraceRecorder).
#pragma once

#include <climits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generate/seeds/IIContext.h"
#include "generate/seeds/StructuralDistance.h"
#include "generate/TraceRecorder.h"
#include "generate/WorkBudget.h"
#include "support/Limits.h"

namespace tilesched {

inline constexpr int kUnseated = INT_MIN;

inline int floorDiv(int64_t a, int64_t b) { return static_cast<int>(a >= 0 ? a / b : -((-a + b - 1) / b)); }

class PlacementState {
public:
  struct Window {
    int earliest = 0;      // dependence-earliest start (never below the op's depth)
    int latest = INT_MAX;  // dependence-latest start (below kMaxCycle)
    bool empty() const { return earliest > latest; }
  };
  // What sets each side of a window, for the trace (TraceBound; latest.other < 0: unbounded).
  struct WindowCause {
    TraceBound earliest, latest;
  };

  PlacementState(const IIContext &ctx, TraceRecorder &trace);

  const IIContext &ctx;
  const ModuloProblem &problem() const { return ctx.problem; }
  int ii() const { return ctx.ii; }
  int stageOf(int t) const { return floorDiv(t, ctx.ii); }

  bool seated(int v) const { return start_[v] != kUnseated; }
  int start(int v) const { return start_[v]; }
  const std::vector<int> &starts() const { return start_; }
  int seatedCount() const { return seatedCount_; }
  bool complete() const { return seatedCount_ == ctx.problem.numNodes; }

  // Window of v from its seated neighbours: direct edges, plus the distance closure for seated
  // ops whose distance to v is a dense lookup (transitively through unseated ops). Cached until
  // the next seat change.
  Window window(int v) const;
  WindowCause windowCause(int v) const;
  // Calls f(q) for every op q != v whose closure distance to and from v is a dense lookup: every
  // op of a small block, else the members of v's component when it is small.
  template <typename F>
  void forEachDenseNeighbour(int v, F &&f) const {
    const ModuloProblem &p = ctx.problem;
    if (p.numNodes <= DistanceClosure::kWholeGraphLimit) {
      for (int q = 0; q < p.numNodes; ++q)
        if (q != v) f(q);
      return;
    }
    const std::vector<int> &members = p.sccMembers[p.scc[v]];
    if (members.size() > static_cast<size_t>(DistanceClosure::kDenseComponentLimit)) return;
    for (int q : members)
      if (q != v) f(q);
  }

  // At most `limit` of the ready ops (IIContext, "Readiness"): least slack first (a recurrence op
  // pinned by its seated cycle mates cannot wait for a row), then priority; slack beyond II is as
  // good as unbounded.
  std::vector<int> readyGroup(int limit) const;

  // Stage shared by v's seated same-depth group mates (v itself excluded), if any.
  std::optional<int> groupStage(int v) const;

  // The caller has probed the seat through the gate ladder.
  void commit(int v, int t, TraceArm arm, std::string reason = {});
  void uncommit(int v, TraceArm arm, std::string reason = {});
  void clear(TraceArm arm, std::string reason);

  // Snapshot overlay (seed 001): ops marked dead for the current attempt.
  std::vector<uint8_t> dead;
  void freshSnapshot();
  // G1 carry: pending ops released because nothing else could be placed before their leader.
  std::vector<uint8_t> released;

  ReservationTable rrt;
  InversionCounter inversions;
  TraceRecorder &trace;
  // Real entries; an arm's trial evaluation, traced or not (TrialScope).
  enum class TraceMode { Real, Trial, Quiet } traceMode = TraceMode::Real;
  WorkBudget *budget = nullptr;  // charged per seat probe; null = unlimited (unit tests)
  // One seat probe, with the cells the table's lookups met since the last charge.
  bool spend() const { return !budget || budget->spend(1 + rrt.takeScanUnits()); }
  // `units` of a search's own work (its own table's scans).
  bool spend(int64_t units) const { return !budget || budget->spend(units); }

  bool tracing() const { return traceMode != TraceMode::Quiet && trace.enabled(); }
  // Records at this II, as a trial entry inside a traced trial scope; nothing when not tracing.
  void record(TraceEntry e) const;
  void record(TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason) const;
  const std::string &name(int v) const { return ctx.problem.nodeNames[v]; }

private:
  template <bool WithCause>
  Window computeWindow(int v, WindowCause *cause) const;

  std::vector<int> start_;
  int seatedCount_ = 0;
  uint64_t version_ = 1;  // stamps the window cache; a stamp of 0 is stale
  mutable std::vector<Window> windowCache_;
  mutable std::vector<uint64_t> windowStamp_;
  std::vector<int> groupCount_, groupStage_;
  // A seat change of u drops the cached windows that read u's seat (computeWindow's neighbours).
  void dropWindowsReading(int u);
  void dropWindow(int v);
  std::vector<uint64_t> componentStamp_;  // dedupes the components one seat change drops
  uint64_t seatChanges_ = 0;

  // Readiness, kept up to date by every seat change (so a group costs its size, not a scan of
  // the block): unseated ready predecessors per op, unseated entries per component, and the
  // ready ops keyed (slack, priority rank); an op whose window was dropped is re-keyed lazily.
  static constexpr int kNotKeyed = INT_MIN;
  std::vector<int> waitingPreds_, closedEntries_;
  std::vector<uint8_t> ready_;
  mutable std::set<std::pair<int, int>> bySlack_;
  mutable std::vector<int> slackKey_;
  mutable std::vector<int> stale_;
  mutable std::vector<uint8_t> isStale_;
  void markStale(int v) const;
  void resetReadiness();
  void updateReady(int v);
  void seatChanged(int v, int delta);
};

// An arm's evaluation of alternatives: its entries are trial entries when the log admits them
// as the scope opens, else the whole evaluation is quiet. Scopes nest.
class TrialScope {
public:
  explicit TrialScope(PlacementState &st) : st_(st), saved_(st.traceMode) {
    if (saved_ == PlacementState::TraceMode::Real)
      st.traceMode = st.trace.admitsTrials() ? PlacementState::TraceMode::Trial : PlacementState::TraceMode::Quiet;
  }
  ~TrialScope() { st_.traceMode = saved_; }
  TrialScope(const TrialScope &) = delete;
  TrialScope &operator=(const TrialScope &) = delete;

private:
  PlacementState &st_;
  PlacementState::TraceMode saved_;
};

}  // namespace tilesched
