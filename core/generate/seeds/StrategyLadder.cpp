#include "generate/seeds/StrategyLadder.h"

#include <algorithm>
#include <deque>

#include "generate/exact/ExactSearch.h"
#include "generate/seeds/FailureReport.h"
#include "generate/repair/IterativeRepair.h"
#include "support/Sort.h"

namespace tilesched {

TraceOutcome rungOutcome(RungResult r) {
  switch (r) {
  case RungResult::Scheduled: return TraceOutcome::Scheduled;
  case RungResult::Failed: return TraceOutcome::Failed;
  case RungResult::Refused: return TraceOutcome::Refused;
  }
  return TraceOutcome::Failed;
}

namespace {

using ArmFn = ArmResult (*)(PlacementState &, const std::vector<int> &, ArmMode, const ArmBudgets &);

// G4 recovery shared by the rungs: unseat the op's seated group mates so that the op leads its
// group and they follow it to its depth. Each group gets as many reorders per rung as it has
// members, which bounds the recovery.
class GroupReorder {
public:
  explicit GroupReorder(const PlacementState &st) : used_(st.problem().groupGid.size(), 0), size_(used_.size(), 0) {
    for (int g : st.problem().group)
      if (g >= 0) ++size_[g];
  }

  bool apply(PlacementState &st, int op, TraceArm arm, std::vector<int> &evicted) {
    const int g = st.problem().group[op];
    if (g < 0 || used_[g] >= size_[g]) return false;
    ++used_[g];
    for (int v = 0; v < st.problem().numNodes; ++v)
      if (v != op && st.problem().group[v] == g && st.seated(v)) {
        st.uncommit(v, arm, st.tracing() ? "G4: reorder the group so " + st.name(op) + " leads it" : std::string());
        evicted.push_back(v);
      }
    return true;
  }

private:
  std::vector<int> used_, size_;
};

// G1 release: held ops that are all that is left to place go ahead without their leader.
void releaseHeld(PlacementState &st, const std::vector<int> &held, TraceArm arm) {
  for (int v : held) {
    st.released[v] = 1;
    if (!st.tracing()) continue;
    TraceEntry e = holdEntry(st, arm, v);
    e.outcome = TraceOutcome::Release;
    e.reason = "nothing else can be placed before its leader";
    st.record(std::move(e));
  }
}

// The arm's verdict on the group: its first seat when accepted, else the gate verdict that
// stopped it (gate, op, cycle and cells).
void traceArm(const PlacementState &st, const ArmResult &r, const std::vector<int> &group) {
  if (!st.tracing()) return;
  TraceEntry e;
  if (!r.accepted && r.rejection) {
    e = *r.rejection;
    e.trial = false;
    e.reason = r.reason + "; no seat for " + st.name(e.op) + ": " + e.reason;
  } else {
    e.op = r.seats.empty() ? group.front() : r.seats.front().op;
    e.partner = r.seats.empty() ? -1 : r.seats.front().partner;
    e.cycle = r.seats.empty() ? -1 : r.seats.front().cycle;
    e.reason = r.accepted ? r.reason + ", cost " + r.cost.str() : r.reason;
  }
  e.arm = r.arm;
  e.outcome = r.accepted ? TraceOutcome::Accept : TraceOutcome::Reject;
  st.record(std::move(e));
}

// Seats `order` one op at a time at its earliest legal cycle; a held op goes to the back of the
// queue once, a G4 rejection reorders the group, an op with no seat dies and the walk goes on.
RungResult seatInOrder(PlacementState &st, const std::vector<int> &order, TraceArm arm, std::vector<int> &failed) {
  std::deque<int> queue(order.begin(), order.end());
  std::vector<uint8_t> heldOnce(st.problem().numNodes, 0);
  GroupReorder reorder(st);
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    if (st.seated(v) || st.dead[v]) continue;
    const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, v), arm);
    switch (scan.result) {
    case SeatScan::Result::Seated: st.commit(v, scan.cycle, arm); break;
    case SeatScan::Result::Held:
      if (heldOnce[v]) releaseHeld(st, {v}, arm);
      heldOnce[v] = 1;
      (st.released[v] ? queue.push_front(v) : queue.push_back(v));
      break;
    case SeatScan::Result::Reorder: {
      std::vector<int> evicted;
      if (reorder.apply(st, v, arm, evicted)) {
        for (auto it = evicted.rbegin(); it != evicted.rend(); ++it) queue.push_front(*it);
        queue.push_front(v);
        break;
      }
      st.dead[v] = 1;
      failed.push_back(v);
      break;
    }
    case SeatScan::Result::Dead:
    case SeatScan::Result::NoCycle:
      st.dead[v] = 1;
      failed.push_back(v);
      break;
    }
  }
  return st.complete() ? RungResult::Scheduled : RungResult::Failed;
}

std::vector<int> seatOrder(const PlacementState &st) {
  std::vector<int> seated, rest;
  for (int v : st.ctx.byPriority) (st.seated(v) ? seated : rest).push_back(v);
  stableSortIndices(seated,
                    [&](int a, int b) { return std::make_pair(st.start(a), a) < std::make_pair(st.start(b), b); });
  seated.insert(seated.end(), rest.begin(), rest.end());
  return seated;
}

std::string failureCause(const PlacementState &st, int op) {
  const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, op), TraceArm::Ladder, false);
  switch (scan.result) {
  case SeatScan::Result::Seated: return "the placement arms gave up on it";
  case SeatScan::Result::Held: return "it waits in the pending set for its leader";
  case SeatScan::Result::Dead: return "its depth would exceed max_depth " + std::to_string(st.problem().maxDepth[op]);
  case SeatScan::Result::Reorder: return "its group's depth is out of its reach";
  case SeatScan::Result::NoCycle:
    return scan.window.empty() ? "its dependence window is empty" : "every row of its window is taken";
  }
  return {};
}

}  // namespace

RungResult rauRefinement(PlacementState &st, const WarmStart &warm, std::vector<int> &failed) {
  if (!warm.valid) return RungResult::Refused;
  std::vector<int> order = warm.order;
  std::vector<uint8_t> listed(st.problem().numNodes, 0);
  for (int v : order) listed[v] = 1;
  for (int v : st.ctx.byPriority)
    if (!listed[v]) order.push_back(v);
  return seatInOrder(st, order, TraceArm::RauRefinement, failed);
}

RungResult deepestRetry(PlacementState &st, const std::vector<int> &died, std::vector<int> &failed) {
  if (died.empty()) return RungResult::Refused;
  std::vector<int> order;
  std::vector<uint8_t> listed(st.problem().numNodes, 0);
  for (int v : died)
    if (!listed[v]) {
      listed[v] = 1;
      order.push_back(v);
    }
  stableSortIndices(order, [&](int a, int b) {
    return std::make_pair(-st.ctx.depth[a], st.ctx.priorityRank[a]) <
           std::make_pair(-st.ctx.depth[b], st.ctx.priorityRank[b]);
  });
  for (int v : st.ctx.byPriority)
    if (!listed[v]) order.push_back(v);
  st.freshSnapshot();
  return seatInOrder(st, order, TraceArm::DeepestRetry, failed);
}

RungResult initialPlacement(PlacementState &st, const LadderOptions &opts, std::vector<int> &failed) {
  static constexpr ArmFn kChain[] = {tryPermute, tryFuse, tryRetry, tryCostBased};
  static constexpr ArmFn kDesperate[] = {tryRetry, tryCostBased};
  st.freshSnapshot();
  GroupReorder reorder(st);
  while (!st.complete()) {
    const std::vector<int> group = st.readyGroup(opts.groupLimit);
    std::optional<ArmResult> chosen;
    bool reordered = false;
    int failedOp = -1;
    auto attempt = [&](ArmFn arm) {
      ArmResult r = arm(st, group, ArmMode::WholeGroup, opts.arms);
      traceArm(st, r, group);
      if (r.accepted) {
        chosen = std::move(r);
        return true;
      }
      if (r.failedOp >= 0) failedOp = r.failedOp;
      std::vector<int> evicted;
      reordered = r.reorderOp >= 0 && reorder.apply(st, r.reorderOp, r.arm, evicted);
      return reordered;
    };
    bool stop = false;
    for (ArmFn arm : kChain)
      if ((stop = attempt(arm))) break;
    if (!stop) {
      // Desperate retry (facts §3): wipe the dead markers, rerun retry and cost-based.
      st.freshSnapshot();
      st.record(TraceArm::InitialPlacement, group.front(), -1, TraceOutcome::DesperateRetry, "fresh snapshot");
      for (ArmFn arm : kDesperate)
        if (attempt(arm)) break;
    }
    if (reordered) continue;
    if (!chosen) {
      failed.push_back(failedOp >= 0 ? failedOp : group.front());
      return RungResult::Failed;
    }
    if (chosen->seats.empty()) releaseHeld(st, chosen->held, chosen->arm);
    commitProposal(st, *chosen, ArmMode::WholeGroup);
  }
  return RungResult::Scheduled;
}

RungResult costBasedPlacement(PlacementState &st, const LadderOptions &opts, std::vector<int> &failed) {
  static constexpr ArmFn kCheap[] = {tryPermute, tryFuse, tryRetry};
  st.freshSnapshot();
  GroupReorder reorder(st);
  while (!st.complete()) {
    const std::vector<int> group = st.readyGroup(opts.costLoopGroupLimit);
    std::optional<ArmResult> best;
    int failedOp = -1, reorderOp = -1;
    auto consider = [&](const ArmResult &r) {
      traceArm(st, r, group);
      if (r.accepted && (!best || r.cost < best->cost)) best = r;  // ties: the earlier arm
      if (!r.accepted && r.failedOp >= 0) failedOp = r.failedOp;
      if (!r.accepted && r.reorderOp >= 0 && reorderOp < 0) reorderOp = r.reorderOp;
    };
    for (ArmFn arm : kCheap) consider(arm(st, group, ArmMode::FirstSeat, opts.arms));
    if (!best) consider(tryCostBased(st, group, ArmMode::FirstSeat, opts.arms));
    if (!best) {
      std::vector<int> evicted;
      if (reorderOp >= 0 && reorder.apply(st, reorderOp, TraceArm::CostBasedPlacement, evicted)) continue;
      failed.push_back(failedOp >= 0 ? failedOp : group.front());
      return RungResult::Failed;
    }
    if (best->seats.empty()) releaseHeld(st, best->held, best->arm);
    commitProposal(st, *best, ArmMode::FirstSeat);
  }
  return RungResult::Scheduled;
}

LadderResult runStrategyLadder(const IIContext &ctx, TraceRecorder &trace, const WarmStart &warm,
                               const LadderOptions &opts) {
  PlacementState st(ctx, trace);
  st.budget = opts.budget;
  LadderResult res;
  const int n = ctx.problem.numNodes;
  auto finish = [&](const char *rung) {
    res.found = true;
    res.rung = rung;
    res.start = st.starts();
    res.next = {true, seatOrder(st), {}};
    return res;
  };
  if (ctx.rejectNode >= 0) {
    res.failure = describePlacementFailure(st, ctx.rejectNode, ctx.rejectReason);
    res.provenInfeasible = true;
    st.record(TraceArm::Ladder, ctx.rejectNode, -1, TraceOutcome::Infeasible, res.failure->message);
    return res;
  }
  std::vector<int> failed;
  auto rung = [&](const char *name, RungResult r) {
    st.record(TraceArm::Ladder, -1, -1, rungOutcome(r), name);
    return r == RungResult::Scheduled;
  };
  if (rung("rau-refinement", rauRefinement(st, warm, failed))) return finish("rau-refinement");
  const std::vector<int> died = failed.empty() ? warm.failed : failed;
  if (rung("deepest-retry", deepestRetry(st, died, failed))) return finish("deepest-retry");
  const bool touched = st.seatedCount() > 0;
  if (rung("initial-placement", initialPlacement(st, opts, failed))) return finish("initial-placement");
  if (rung("cost-based-placement", costBasedPlacement(st, opts, failed))) return finish("cost-based-placement");
  // The tail reruns from empty only when earlier rungs left seats behind; from an empty start it
  // would repeat the same deterministic work.
  if (touched) {
    st.clear(TraceArm::Ladder, "clear-and-retry tail");
    if (rung("initial-placement", initialPlacement(st, opts, failed))) return finish("initial-placement");
    if (rung("cost-based-placement", costBasedPlacement(st, opts, failed))) return finish("cost-based-placement");
  }

  int op = -1;
  if (!failed.empty() && !st.seated(failed.back())) op = failed.back();
  for (int v : ctx.byPriority)
    if (op < 0 && !st.seated(v)) op = v;
  if (op >= 0) res.failure = describePlacementFailure(st, op, failureCause(st, op));
  res.next = {true, seatOrder(st), failed};

  st.clear(TraceArm::Ladder, "iterative repair from an empty table");
  if (rung("iterative-repair", iterativeRepair(st, int64_t{opts.repairStepsPerOp} * std::max(n, 1))
                                   ? RungResult::Scheduled
                                   : RungResult::Failed))
    return finish("iterative-repair");
  if (static_cast<int>(exactSearchOps(ctx.problem).size()) <= opts.exactOpLimit) {
    st.clear(TraceArm::Ladder, "exact search");
    const ExactOutcome outcome = exactModuloSearch(st, opts.exactBudget);
    if (outcome == ExactOutcome::Found) {
      rung("exact-search", RungResult::Scheduled);
      return finish("exact-search");
    }
    res.provenInfeasible = outcome == ExactOutcome::Infeasible;
    st.record(TraceArm::Ladder, -1, -1, TraceOutcome::Failed,
              outcome == ExactOutcome::Infeasible ? "exact-search: no schedule exists at this II"
                                                  : "exact-search: budget exhausted");
  }
  return res;
}

}  // namespace tilesched
