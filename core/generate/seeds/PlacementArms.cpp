#include "generate/seeds/PlacementArms.h"

#include <algorithm>
#include <numeric>

#include "generate/seeds/CostEvaluators.h"

namespace tilesched {

namespace {

// Trial seats, undone in reverse when the scope ends (seed 000 snapshot/restore).
class TrialSeats {
public:
  TrialSeats(PlacementState &st, TraceArm arm) : st_(st), scope_(st), arm_(arm) {}
  ~TrialSeats() {
    for (auto it = seated_.rbegin(); it != seated_.rend(); ++it) st_.uncommit(*it, arm_);
  }
  TrialSeats(const TrialSeats &) = delete;
  TrialSeats &operator=(const TrialSeats &) = delete;
  void seat(int v, int t) {
    st_.commit(v, t, arm_);
    seated_.push_back(v);
  }

private:
  PlacementState &st_;
  TrialScope scope_;
  TraceArm arm_;
  std::vector<int> seated_;
};

// The verdict that stopped an arm, explained now (the arm's trial seats are undone before the
// arm's own entry is recorded), when the trace is on at all.
void keepRejection(const PlacementState &st, std::optional<TraceEntry> &slot, TraceArm arm, const SeatCandidate &c,
                   const GateVerdict &v) {
  if (!slot && st.trace.enabled()) slot = verdictEntry(st, arm, c, v);
}

struct Sequence {
  bool ok = true;
  std::vector<ArmSeat> seats;
  std::vector<int> held;
  int failedOp = -1;
  int reorderOp = -1;
  std::optional<TraceEntry> rejection;
  CostVector total;
};

// Seats `order` greedily at earliest legal cycles inside `trial`. With `useSnapshot` (retry),
// a seated op is revived and a failing op is marked dead in the overlay.
Sequence seatGreedily(PlacementState &st, TrialSeats &trial, const std::vector<int> &order, bool useSnapshot,
                      TraceArm arm) {
  Sequence s;
  for (int v : order) {
    if (st.seated(v)) continue;
    const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, v), arm);
    if (scan.result != SeatScan::Result::Seated && scan.result != SeatScan::Result::Held)
      keepRejection(st, s.rejection, arm, SeatCandidate::single(st, v), scan.verdict);
    switch (scan.result) {
    case SeatScan::Result::Seated: {
      const CostVector c = seatCost(st, SeatCandidate::single(st, v), scan.cycle);
      trial.seat(v, scan.cycle);
      s.seats.push_back({v, -1, scan.cycle, c});
      s.total += c;
      if (useSnapshot) st.dead[v] = 0;
      break;
    }
    case SeatScan::Result::Held: s.held.push_back(v); break;
    case SeatScan::Result::Reorder:
      s.ok = false;
      s.failedOp = s.reorderOp = v;
      return s;
    case SeatScan::Result::Dead:
    case SeatScan::Result::NoCycle:
      s.ok = false;
      s.failedOp = v;
      if (useSnapshot) st.dead[v] = 1;
      return s;
    }
  }
  return s;
}

ArmResult fromSequence(TraceArm arm, Sequence &&s, ArmMode mode) {
  ArmResult r;
  r.arm = arm;
  r.accepted = s.ok;
  r.failedOp = s.failedOp;
  r.reorderOp = s.reorderOp;
  r.rejection = std::move(s.rejection);
  if (!s.ok) return r;
  r.cost = mode == ArmMode::WholeGroup || s.seats.empty() ? s.total : s.seats.front().cost;
  r.seats = std::move(s.seats);
  r.held = std::move(s.held);
  return r;
}

uint64_t splitmix64(uint64_t &x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Every order of the group when there are at most `limit`, else the priority order plus
// deterministic samples. Ready ops have no readiness edges among them, so every order is a
// topological permutation.
std::vector<std::vector<int>> candidateOrders(const std::vector<int> &ops, int limit, uint64_t seed) {
  std::vector<std::vector<int>> out;
  int64_t count = 1;
  for (size_t k = 2; k <= ops.size() && count <= limit; ++k) count *= static_cast<int64_t>(k);
  if (count <= limit) {
    std::vector<int> idx(ops.size());
    std::iota(idx.begin(), idx.end(), 0);
    do {
      std::vector<int> order;
      for (int i : idx) order.push_back(ops[i]);
      out.push_back(std::move(order));
    } while (std::next_permutation(idx.begin(), idx.end()));
    return out;
  }
  out.push_back(ops);
  while (static_cast<int>(out.size()) < limit) {
    std::vector<int> order = ops;
    for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[splitmix64(seed) % (i + 1)]);
    out.push_back(std::move(order));
  }
  return out;
}

std::vector<int> resourceSet(const Footprint &f) {
  std::vector<int> s;
  for (const FootprintRow &row : f) s.insert(s.end(), row.begin(), row.end());
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

bool connected(const ModuloProblem &p, int a, int b) {
  for (int ei : p.succ[a])
    if (p.edges[ei].dst == b) return true;
  for (int ei : p.succ[b])
    if (p.edges[ei].dst == a) return true;
  return false;
}

// The trace of one committed seat: the gate verdicts from the scan start up to the chosen cycle
// (candidates that passed but ranked worse show as "outranked").
void traceSeat(const PlacementState &st, const SeatCandidate &c, int cycle, TraceArm arm) {
  PlacementState::Window w = st.window(c.ops[0]);
  if (c.count == 2) w.earliest = std::max(w.earliest, st.window(c.ops[1]).earliest);
  int first = w.earliest;
  for (int i = 0; i < c.count; ++i)
    if (auto s = st.groupStage(c.ops[i])) first = std::max(first, *s * st.ii());
  for (int t = std::max(first, cycle - st.ii() + 1); t <= cycle; ++t) {
    const GateVerdict v = runGateLadder(st, c, t);
    TraceEntry e = verdictEntry(st, arm, c, v);
    if (v.outcome == GateOutcome::Pass) {
      e.outcome = t == cycle ? TraceOutcome::Seat : TraceOutcome::Outranked;
      if (!st.trace.full()) e.reason = "cost " + seatCost(st, c, t).str();
    }
    st.record(std::move(e));
  }
}

}  // namespace

bool canFuse(const PlacementState &st, int a, int b) {
  const ModuloProblem &p = st.problem();
  if (connected(p, a, b)) return false;
  const std::vector<int> ra = resourceSet(p.footprint[a]);
  if (ra.empty() || ra != resourceSet(p.footprint[b])) return false;
  bool pooled = false;
  for (int r : ra) pooled = pooled || !st.ctx.layout.isSingleton(r);
  if (!pooled) return false;
  return !foldFootprint(composeFootprints(p.footprint[a], p.footprint[b]), st.ii(), st.ctx.layout).selfConflict();
}

ArmResult tryPermute(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b) {
  const int k = std::max<int>(1, static_cast<int>(group.size()));
  const int limit = std::max(1, std::min(b.permutations, b.permuteSeats / k));
  uint64_t seed =
      (static_cast<uint64_t>(st.ii()) << 32) ^ static_cast<uint64_t>(group.front()) ^ (static_cast<uint64_t>(k) << 48);
  ArmResult best;
  best.arm = TraceArm::Permute;
  int tried = 0;
  for (const std::vector<int> &order : candidateOrders(group, limit, seed)) {
    ++tried;
    TrialSeats trial(st, TraceArm::Permute);
    Sequence s = seatGreedily(st, trial, order, false, TraceArm::Permute);
    if (!s.ok) {
      // A G4 rejection moves on to the next order (seed 000: "a different leader ordering").
      if (best.failedOp < 0) best.failedOp = s.failedOp;
      if (best.reorderOp < 0) best.reorderOp = s.reorderOp;
      if (!best.rejection) best.rejection = std::move(s.rejection);
      continue;
    }
    ArmResult r = fromSequence(TraceArm::Permute, std::move(s), ArmMode::WholeGroup);
    if (!best.accepted || r.cost < best.cost) best = std::move(r);
  }
  if (best.accepted) {
    best.reorderOp = best.failedOp = -1;
    best.rejection.reset();
    if (mode == ArmMode::FirstSeat && !best.seats.empty()) best.cost = best.seats.front().cost;
  }
  best.reason = std::to_string(tried) + " order(s) tried";
  return best;
}

ArmResult tryFuse(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b) {
  TrialScope scope(st);
  ArmResult best;
  best.arm = TraceArm::Fuse;
  std::optional<TraceEntry> rejection;
  const int n = std::min<int>(static_cast<int>(group.size()), b.fuseOps);
  int pairs = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int a = group[i], c = group[j];
      if (!canFuse(st, a, c)) continue;
      ++pairs;
      const FoldedFootprint fp = foldFootprint(composeFootprints(st.problem().footprint[a], st.problem().footprint[c]),
                                               st.ii(), st.ctx.layout);
      const SeatCandidate cand{{a, c}, 2, &fp};
      const SeatScan scan = scanForSeat(st, cand, TraceArm::Fuse);
      if (scan.result != SeatScan::Result::Seated) {
        if (scan.result != SeatScan::Result::Held) keepRejection(st, rejection, TraceArm::Fuse, cand, scan.verdict);
        continue;
      }
      const CostVector pairCost = seatCost(st, cand, scan.cycle);
      ArmResult r;
      r.arm = TraceArm::Fuse;
      r.seats.push_back({a, c, scan.cycle, pairCost});
      r.cost = pairCost;
      if (mode == ArmMode::WholeGroup) {
        TrialSeats trial(st, TraceArm::Fuse);
        trial.seat(a, scan.cycle);
        trial.seat(c, scan.cycle);
        Sequence rest = seatGreedily(st, trial, group, false, TraceArm::Fuse);
        if (!rest.ok) {
          if (!rejection) rejection = std::move(rest.rejection);
          continue;
        }
        r.cost += rest.total;
        r.seats.insert(r.seats.end(), rest.seats.begin(), rest.seats.end());
        r.held = std::move(rest.held);
      }
      r.accepted = true;
      if (!best.accepted || r.cost < best.cost) best = std::move(r);
    }
  if (!best.accepted) best.rejection = std::move(rejection);
  best.reason = std::to_string(pairs) + " fusable pair(s)";
  return best;
}

ArmResult tryRetry(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &) {
  if (mode == ArmMode::FirstSeat) {
    // seed 000: re-probe the dead ops and return on the first one that fits again.
    TrialScope scope(st);
    ArmResult r;
    r.arm = TraceArm::Retry;
    for (int v : group) {
      if (!st.dead[v]) continue;
      const SeatScan scan = scanForSeat(st, SeatCandidate::single(st, v), TraceArm::Retry);
      if (scan.result != SeatScan::Result::Seated) {
        if (scan.result != SeatScan::Result::Held)
          keepRejection(st, r.rejection, TraceArm::Retry, SeatCandidate::single(st, v), scan.verdict);
        continue;
      }
      st.dead[v] = 0;
      r.accepted = true;
      r.rejection.reset();
      r.cost = seatCost(st, SeatCandidate::single(st, v), scan.cycle);
      r.seats.push_back({v, -1, scan.cycle, r.cost});
      r.reason = "revived a dead op";
      return r;
    }
    r.reason = "no dead op fits yet";
    return r;
  }
  // seed 001: walk the group through the overlay, reviving what fits and marking what fails.
  TrialSeats trial(st, TraceArm::Retry);
  ArmResult r = fromSequence(TraceArm::Retry, seatGreedily(st, trial, group, true, TraceArm::Retry), mode);
  r.reason = r.accepted ? "group seated" : "an op failed and is marked dead";
  return r;
}

ArmResult tryCostBased(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b) {
  ArmResult r;
  r.arm = TraceArm::CostBased;
  TrialSeats trial(st, TraceArm::CostBased);
  CostVector total;
  std::vector<uint8_t> held(st.problem().numNodes, 0);
  for (;;) {
    int bestOp = -1, bestCycle = 0;
    CostVector bestCost = CostVector::infinite();
    int ranked = 0, remaining = 0;
    for (int v : group) {
      if (st.seated(v) || held[v]) continue;
      ++remaining;
      if (st.dead[v]) continue;  // seed 000: the arm skips snapshot-dead ops
      if (ranked++ >= b.costBasedOps) continue;
      const SeatCandidate cand = SeatCandidate::single(st, v);
      const PlacementState::Window w = st.window(v);
      int first = w.earliest;
      if (auto s = st.groupStage(v)) first = std::max(first, *s * st.ii());
      const int last = static_cast<int>(std::min<int64_t>(w.latest, int64_t{first} + st.ii() - 1));
      bool any = false;
      GateVerdict lastVerdict;
      lastVerdict.op = v;
      lastVerdict.cycle = first;
      if (first > last) lastVerdict.outcome = GateOutcome::Window;
      for (int t = first; t <= last && st.spend(); ++t) {
        const GateVerdict g = runGateLadder(st, cand, t);
        // The candidates the arm discards are traced; the one it keeps is traced when committed.
        if (g.outcome != GateOutcome::Pass && st.tracing()) st.record(verdictEntry(st, TraceArm::CostBased, cand, g));
        if (g.outcome == GateOutcome::Hold) {
          held[v] = 1;
          r.held.push_back(v);
          break;
        }
        if (g.outcome != GateOutcome::Pass) lastVerdict = g;
        if (g.outcome == GateOutcome::Dead) break;
        if (g.outcome != GateOutcome::Pass) continue;  // G3 / G4 discard this candidate cycle
        any = true;
        const CostVector c = seatCost(st, cand, t);
        if (c < bestCost) {
          bestCost = c;
          bestOp = v;
          bestCycle = t;
        }
      }
      if (!any && !held[v]) {
        st.dead[v] = 1;
        if (r.failedOp < 0) r.failedOp = v;
        keepRejection(st, r.rejection, TraceArm::CostBased, cand, lastVerdict);
      }
    }
    if (bestOp < 0) {
      // Done when every op left is held over (G1); otherwise some op has no legal seat.
      r.accepted = remaining == 0;
      r.cost = total;
      r.reason = r.accepted ? "group seated" : "no legal (op, cycle) pair";
      if (r.accepted) r.rejection.reset();
      return r;
    }
    r.seats.push_back({bestOp, -1, bestCycle, bestCost});
    total += bestCost;
    if (mode == ArmMode::FirstSeat) {
      r.accepted = true;
      r.rejection.reset();
      r.cost = bestCost;
      r.reason = "global minimum " + bestCost.str();
      return r;
    }
    trial.seat(bestOp, bestCycle);
  }
}

void commitProposal(PlacementState &st, const ArmResult &r, ArmMode mode) {
  if (st.tracing())
    for (int v : r.held)
      if (!st.released[v]) st.record(holdEntry(st, r.arm, v));
  const size_t n = mode == ArmMode::WholeGroup ? r.seats.size() : std::min<size_t>(1, r.seats.size());
  for (size_t i = 0; i < n; ++i) {
    const ArmSeat &s = r.seats[i];
    if (s.partner < 0) {
      if (st.tracing()) traceSeat(st, SeatCandidate::single(st, s.op), s.cycle, r.arm);
      st.commit(s.op, s.cycle, r.arm, st.tracing() ? "cost " + s.cost.str() : std::string());
      continue;
    }
    const FoldedFootprint fp = foldFootprint(
        composeFootprints(st.problem().footprint[s.op], st.problem().footprint[s.partner]), st.ii(), st.ctx.layout);
    if (st.tracing()) traceSeat(st, SeatCandidate{{s.op, s.partner}, 2, &fp}, s.cycle, r.arm);
    st.commit(s.op, s.cycle, r.arm, st.tracing() ? "fused with " + st.name(s.partner) + ", cost " + s.cost.str() : "");
    st.commit(s.partner, s.cycle, r.arm, st.tracing() ? "fused with " + st.name(s.op) : "");
  }
}

}  // namespace tilesched
