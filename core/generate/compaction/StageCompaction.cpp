#include "generate/compaction/StageCompaction.h"

#include "generate/compaction/SaturatedTiling.h"

#include <algorithm>
#include <optional>
#include <queue>
#include <string>

#include "generate/GraphAlgorithms.h"
#include "generate/seeds/IIContext.h"
#include "generate/exact/OptimalityProof.h"
#include "generate/seeds/PlacementState.h"
#include "generate/PublishSchedule.h"
#include "generate/sat/SatExact.h"
#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

enum class Verdict { Infeasible, Found, Open };

std::vector<int> completions(const ModuloProblem &p) {
  std::vector<int> c(p.numNodes);
  for (int v = 0; v < p.numNodes; ++v) c[v] = p.completion(v);
  return c;
}

// Stage boundaries op u's result crosses before its last use: along every edge out of it, the
// consumer's stage (plus the iterations the edge skips) past u's own stage.
int64_t crossingsOf(const ModuloProblem &p, int ii, const std::vector<int64_t> &t, int u) {
  int64_t most = 0;
  for (int ei : p.succ[u]) {
    const ModuloEdge &e = p.edges[ei];
    if (e.dst != u) most = std::max<int64_t>(most, floorDiv(t[e.dst], ii) + e.distance - floorDiv(t[u], ii));
  }
  return most;
}

int64_t totalCrossings(const ModuloProblem &p, int ii, const std::vector<int64_t> &t) {
  int64_t sum = 0;
  for (int u = 0; u < p.numNodes; ++u) sum += crossingsOf(p, ii, t, u);
  return sum;
}

// Every op's window of start cycles under a horizon of S stages (StageCompaction.h): from its
// depth to S * II less its tail, and before the last cycle of every max_depth op it reaches.
class StageWindows {
public:
  StageWindows(const IIContext &ctx, std::vector<int64_t> tail) : ctx(ctx), tail_(std::move(tail)) {
    const ModuloProblem &p = ctx.problem;
    std::vector<int64_t> depthFloor(p.numNodes, kNoPath64);
    for (int v = 0; v < p.numNodes; ++v)
      if (p.maxDepth[v] > 0) depthFloor[v] = 1 - int64_t{p.maxDepth[v]} * ctx.ii;
    depthTail_ = longestToward(p, ctx.ii, std::move(depthFloor));
  }

  // False when some op's depth and tail do not fit in `stages` stages: no schedule has so few.
  bool at(int stages, std::vector<int64_t> &lo, std::vector<int64_t> &hi) const {
    const int64_t horizon = int64_t{stages} * ctx.ii;
    const int n = ctx.problem.numNodes;
    lo.assign(n, 0);
    hi.assign(n, 0);
    for (int v = 0; v < n; ++v) {
      if (ctx.depth[v] + tail_[v] > horizon) return false;
      lo[v] = ctx.depth[v];
      hi[v] = horizon - tail_[v];
      if (depthTail_[v] != kNoPath64) hi[v] = std::min(hi[v], -depthTail_[v]);
    }
    return true;
  }

  const IIContext &ctx;

private:
  std::vector<int64_t> tail_;       // longest path from the op to any op's completion
  std::vector<int64_t> depthTail_;  // longest path to a max_depth op, less its last cycle
};

// The search for a schedule within a stage horizon at one II (StageCompaction.h): over the ops
// with a footprint or a same-depth group, each in its window [depth, horizon - tail] narrowed by
// the distance closure from the ops placed before it (and to its group's stage), earliest
// deadline first; the cycles of the op's row in the II search's schedule first (that packing of
// the reservation table is known to fit), then the others, earliest first. A node is one op tried
// at one cycle whose rows fit.
class HorizonSearch {
public:
  HorizonSearch(const StageWindows &windows, const std::vector<int64_t> &given, int64_t limit, WorkBudget *budget)
      : ctx_(windows.ctx),
        p_(ctx_.problem),
        ii_(ctx_.ii),
        limit_(limit),
        budget_(budget),
        rrt_(ctx_.layout, ctx_.ii),
        windows_(windows) {
    for (int v : ctx_.byPriority)
      if (!ctx_.folded[v].empty() || p_.group[v] >= 0) {
        ops_.push_back(v);
        givenRow_.push_back(rowOf(given[v]));
      }
    const size_t m = ops_.size();
    dist_.assign(m * m, kNoPath64);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < m; ++j) {
        const int d = ctx_.closure.dist(ops_[i], ops_[j]);
        if (i != j && d != DistanceClosure::kNoPath) dist_[i * m + j] = d;
      }
  }

  int64_t used() const { return used_; }

  // A schedule of at most `stages` stages from cycle 0, searching at most `share` nodes.
  Verdict attempt(int stages, int64_t share, std::vector<int64_t> &start) {
    const size_t m = ops_.size();
    placed_.assign(m, 0);
    start_.assign(m, 0);
    lo_.assign(m, 0);
    hi_.assign(m, 0);
    trail_.clear();
    placedCount_ = 0;
    exhausted_ = false;
    nodeEnd_ = used_ + std::max<int64_t>(0, std::min(share, limit_ - used_));
    std::vector<int64_t> lo, hi;
    if (!windows_.at(stages, lo, hi)) return Verdict::Infeasible;
    for (size_t i = 0; i < m; ++i) {
      lo_[i] = lo[ops_[i]];
      hi_[i] = hi[ops_[i]];
    }
    if (!search()) return exhausted_ ? Verdict::Open : Verdict::Infeasible;
    start.assign(p_.numNodes, 0);
    std::vector<uint8_t> fixed(p_.numNodes, 0);
    for (size_t i = 0; i < m; ++i) {
      start[ops_[i]] = start_[i];
      fixed[ops_[i]] = 1;
      if (!ctx_.folded[ops_[i]].empty()) rrt_.release(ctx_.folded[ops_[i]], rowOf(start_[i]));
    }
    settleFreeOps(p_, ii_, start, fixed);
    return Verdict::Found;
  }

private:
  struct Saved {
    int op;
    int64_t lo, hi;
  };

  int rowOf(int64_t t) const { return static_cast<int>(moduloRow(t, 0, ii_)); }
  int64_t dist(size_t i, size_t j) const { return dist_[i * ops_.size() + j]; }

  // Narrows every unplaced op's window by op i at cycle t; false when one empties.
  bool place(size_t i, int64_t t) {
    placed_[i] = 1;
    start_[i] = t;
    ++placedCount_;
    if (!ctx_.folded[ops_[i]].empty()) rrt_.reserve(ctx_.folded[ops_[i]], rowOf(t));
    const int group = p_.group[ops_[i]];
    const int64_t stageBegin = int64_t{floorDiv(t, ii_)} * ii_;
    bool open = true;
    for (size_t j = 0; j < ops_.size(); ++j) {
      if (placed_[j]) continue;
      int64_t lo = lo_[j], hi = hi_[j];
      if (dist(i, j) != kNoPath64) lo = std::max(lo, t + dist(i, j));
      if (dist(j, i) != kNoPath64) hi = std::min(hi, t - dist(j, i));
      if (group >= 0 && p_.group[ops_[j]] == group) {  // same depth: one stage for the group
        lo = std::max(lo, stageBegin);
        hi = std::min(hi, stageBegin + ii_ - 1);
      }
      if (lo == lo_[j] && hi == hi_[j]) continue;
      trail_.push_back({static_cast<int>(j), lo_[j], hi_[j]});
      lo_[j] = lo;
      hi_[j] = hi;
      open = open && lo <= hi;
    }
    return open;
  }

  void unplace(size_t i, size_t mark) {
    for (; trail_.size() > mark; trail_.pop_back()) {
      lo_[trail_.back().op] = trail_.back().lo;
      hi_[trail_.back().op] = trail_.back().hi;
    }
    if (!ctx_.folded[ops_[i]].empty()) rrt_.release(ctx_.folded[ops_[i]], rowOf(start_[i]));
    --placedCount_;
    placed_[i] = 0;
  }

  bool search() {
    if (placedCount_ == static_cast<int>(ops_.size())) return true;
    size_t pick = ops_.size();
    for (size_t i = 0; i < ops_.size(); ++i)
      if (!placed_[i] && (pick == ops_.size() || hi_[i] < hi_[pick] || (hi_[i] == hi_[pick] && lo_[i] < lo_[pick])))
        pick = i;
    const FoldedFootprint &fp = ctx_.folded[ops_[pick]];
    const int64_t lo = lo_[pick], hi = hi_[pick];
    const int64_t first = lo + moduloRow(givenRow_[pick] - rowOf(lo), 0, ii_);
    for (int64_t t = first; t <= hi; t += ii_)
      if (tryAt(pick, fp, t)) return true;
    for (int64_t t = lo; t <= hi && !exhausted_; ++t)
      if (rowOf(t) != givenRow_[pick] && tryAt(pick, fp, t)) return true;
    return false;
  }

  bool tryAt(size_t pick, const FoldedFootprint &fp, int64_t t) {
    if (exhausted_) return false;
    if (!fp.empty() && !rrt_.probe(fp, rowOf(t))) {
      // A probe that fails has scanned the table all the same.
      if (budget_ && !budget_->spend(rrt_.takeScanUnits())) exhausted_ = true;
      return false;
    }
    if (used_ >= nodeEnd_ || (budget_ && !budget_->spend(1 + rrt_.takeScanUnits()))) {
      exhausted_ = true;
      return false;
    }
    ++used_;
    const size_t mark = trail_.size();
    if (place(pick, t) && search()) return true;
    unplace(pick, mark);
    return false;
  }

  const IIContext &ctx_;
  const ModuloProblem &p_;
  const int ii_;
  const int64_t limit_;
  WorkBudget *budget_;
  ReservationTable rrt_;
  const StageWindows &windows_;
  std::vector<int> ops_;       // the searched ops, by priority
  std::vector<int> givenRow_;  // their rows in the II search's schedule
  std::vector<int64_t> dist_;  // closure between searched ops, row-major
  std::vector<uint8_t> placed_;
  std::vector<int64_t> start_, lo_, hi_;
  std::vector<Saved> trail_;
  int placedCount_ = 0;
  int64_t used_ = 0, nodeEnd_ = 0;
  bool exhausted_ = false;
};

// The earliest schedule that keeps the rows of the ops with a footprint (so the reservation table
// is the same) or a same-depth group: a longest-path fixed point from cycle 0 where such an op
// only takes cycles of its row, and a group takes the stage of its latest member. It is the
// least schedule with these rows, so no op moves later (max_depth holds) and no schedule with
// these rows has fewer stages. Every step raises a cycle and `given` bounds them all, so it ends;
// a component that still moves after many passes keeps `given` (never seen; a guard).
std::vector<int64_t> earliestKeepingRows(const ModuloProblem &p, int ii, const std::vector<int64_t> &given) {
  const int n = p.numNodes;
  std::vector<uint8_t> rowKept(n);
  std::vector<int64_t> row(n), t(n);
  for (int v = 0; v < n; ++v) {
    rowKept[v] = p.duration(v) > 0 || p.group[v] >= 0;
    row[v] = moduloRow(given[v], 0, ii);
    t[v] = rowKept[v] ? row[v] : 0;
  }
  auto fit = [&](int v, int64_t x) { return rowKept[v] ? x + moduloRow(row[v] - x, 0, ii) : x; };
  std::vector<std::vector<int>> groups;
  for (int v = 0; v < n; ++v)
    if (p.group[v] >= 0) {
      if (p.group[v] >= static_cast<int>(groups.size())) groups.resize(p.group[v] + 1);
      groups[p.group[v]].push_back(v);
    }
  const size_t passLimit = 4 * static_cast<size_t>(n) + 8;
  for (bool changed = true; changed;) {
    changed = false;
    for (const std::vector<int> &members : p.sccMembers) {
      size_t pass = 0;
      for (bool moved = true; moved; ++pass) {
        if (pass > passLimit) return given;
        moved = false;
        for (int v : members)
          for (int ei : p.pred[v]) {
            const ModuloEdge &e = p.edges[ei];
            const int64_t cand = fit(v, t[e.src] + edgeWeight(e, ii));
            if (cand > t[v]) {
              t[v] = cand;
              moved = changed = true;
            }
          }
      }
    }
    for (const std::vector<int> &members : groups) {
      int64_t stage = 0;
      for (int v : members) stage = std::max<int64_t>(stage, floorDiv(t[v], ii));
      for (int v : members)
        if (t[v] != stage * ii + row[v]) {
          t[v] = stage * ii + row[v];
          changed = true;
        }
    }
  }
  return t;
}

// Stage scheduling: rows fixed, an op (a same-depth group as one) moves one stage earlier or
// later while every edge, max_depth and the horizon hold and its results and its operands cross
// fewer stage boundaries. Each move lowers the total, so the loop ends.
void shortenLifetimes(const ModuloProblem &p, int ii, int stages, std::vector<int64_t> &t) {
  const int64_t horizon = int64_t{stages} * ii;
  std::vector<std::vector<int>> units;
  std::vector<int> unitOfGroup;
  for (int v = 0; v < p.numNodes; ++v) {
    const int g = p.group[v];
    if (g < 0) {
      units.push_back({v});
      continue;
    }
    if (g >= static_cast<int>(unitOfGroup.size())) unitOfGroup.resize(g + 1, -1);
    if (unitOfGroup[g] < 0) {
      unitOfGroup[g] = static_cast<int>(units.size());
      units.emplace_back();
    }
    units[unitOfGroup[g]].push_back(v);
  }
  std::vector<int> inUnit(p.numNodes, -1), counted(p.numNodes, -1);
  int stamp = 0;
  auto affected = [&](const std::vector<int> &unit) {
    ++stamp;
    int64_t sum = 0;
    auto add = [&](int u) {
      if (counted[u] == stamp) return;
      counted[u] = stamp;
      sum += crossingsOf(p, ii, t, u);
    };
    for (int v : unit) {
      add(v);
      for (int ei : p.pred[v]) add(p.edges[ei].src);
    }
    return sum;
  };
  auto legal = [&](int id, const std::vector<int> &unit, int64_t delta) {
    for (int v : unit) {
      const int64_t moved = t[v] + delta;
      if (moved < 0 || moved + p.completion(v) > horizon) return false;
      if (p.maxDepth[v] > 0 && moved >= int64_t{p.maxDepth[v]} * ii) return false;
      for (int ei : p.pred[v]) {
        const ModuloEdge &e = p.edges[ei];
        if (inUnit[e.src] != id && moved < t[e.src] + edgeWeight(e, ii)) return false;
      }
      for (int ei : p.succ[v]) {
        const ModuloEdge &e = p.edges[ei];
        if (inUnit[e.dst] != id && t[e.dst] < moved + edgeWeight(e, ii)) return false;
      }
    }
    return true;
  };
  for (size_t id = 0; id < units.size(); ++id)
    for (int v : units[id]) inUnit[v] = static_cast<int>(id);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t id = 0; id < units.size(); ++id)
      for (const int64_t delta : {-int64_t{ii}, int64_t{ii}}) {
        const std::vector<int> &unit = units[id];
        if (!legal(static_cast<int>(id), unit, delta)) continue;
        const int64_t before = affected(unit);
        for (int v : unit) t[v] += delta;
        if (affected(unit) < before) {
          changed = true;
          continue;
        }
        for (int v : unit) t[v] -= delta;
      }
  }
}

void recordAttempt(TraceRecorder &trace, int ii, int count, Verdict v, const std::string &found,
                   const std::string &none, const std::string &open) {
  if (trace.enabled())
    trace.record(ii, TraceArm::Compaction, -1, -1,
                 v == Verdict::Found        ? TraceOutcome::Found
                 : v == Verdict::Infeasible ? TraceOutcome::Infeasible
                                            : TraceOutcome::Open,
                 std::to_string(count) + " stage(s): " +
                     (v == Verdict::Found        ? found
                      : v == Verdict::Infeasible ? none
                                                 : open));
}

// The fewest stages the search finds, from the critical-path bound `out.stageBound` (which it
// raises over every stage count it proves infeasible) up to the II search's; `kept` becomes a
// schedule with that many stages when it is fewer.
int searchStages(const StageWindows &windows, int stages, int64_t limit, WorkBudget *budget, TraceRecorder &trace,
                 CompactionOutcome &out, std::vector<int64_t> &kept) {
  HorizonSearch search(windows, kept, limit, budget);
  auto attempt = [&](int count, int64_t share) {
    std::vector<int64_t> found;
    const Verdict v = search.attempt(count, share, found);
    if (v == Verdict::Found) kept = std::move(found);
    recordAttempt(trace, windows.ctx.ii, count, v, "the exact search found a schedule",
                  "the exact search exhausted every placement", "the search budget ran out");
    return v;
  };
  // The descent looks for fewer stages than `stages`, one at a time while it keeps finding them,
  // with three quarters of the budget; the climb from the bound then proves stage counts
  // infeasible with the rest (and all of it once the descent stops short of the bound).
  int best = stages;
  const int64_t descent = limit - limit / 4;
  for (int target = best - 1; target > out.stageBound && search.used() < descent; --target) {
    if (attempt(target, descent - search.used()) != Verdict::Found) break;
    best = target;
  }
  while (out.stageBound < best && search.used() < limit) {
    const Verdict v = attempt(out.stageBound, limit - search.used());
    if (v == Verdict::Infeasible) {
      ++out.stageBound;
      continue;
    }
    if (v == Verdict::Found) best = out.stageBound;
    break;
  }
  return best;
}

// The SAT solver's turn on the gap the search left (docs/decisions.md, "Fewest stages"): the
// climb from the bound, each probe with at most half of the conflicts left (near the bound the
// horizons are short, so the models are small and the answer is usually there); a climb left
// open hands the rest to a descent from one stage fewer than the best. The models and conflicts
// go on the block's work budget.
int satStages(const StageWindows &windows, int best, int64_t conflicts, WorkBudget *budget, TraceRecorder &trace,
              CompactionOutcome &out, std::vector<int64_t> &kept) {
  int64_t left = conflicts;
  auto probe = [&](int count, int64_t share) {
    std::vector<int64_t> lo, hi;
    SatAnswer a;
    if (windows.at(count, lo, hi)) {
      a = solveWindowsBySat(windows.ctx, lo, hi, share, budget);
      left -= a.conflicts;
    } else {
      a.verdict = SatVerdict::Infeasible;
    }
    const Verdict v = a.verdict == SatVerdict::Feasible     ? Verdict::Found
                      : a.verdict == SatVerdict::Infeasible ? Verdict::Infeasible
                                                            : Verdict::Open;
    if (v == Verdict::Found) {
      kept.assign(a.start.begin(), a.start.end());
      out.solverSchedule = true;
    }
    const std::string spent = " (" + std::to_string(a.conflicts) + " conflicts)";
    recordAttempt(trace, windows.ctx.ii, count, v, "the SAT solver found a schedule" + spent,
                  "the SAT solver proved that no schedule exists" + spent, satOpenReason(a));
    return v;
  };
  auto open = [&] { return left > 0 && !(budget && budget->spent()); };
  while (out.stageBound < best && open()) {
    const Verdict v = probe(out.stageBound, left / 2);
    if (v == Verdict::Found) best = out.stageBound;
    if (v != Verdict::Infeasible) break;
    ++out.stageBound;
  }
  for (int target = best - 1; target > out.stageBound && open(); --target) {
    const Verdict v = probe(target, left / 2);
    if (v == Verdict::Infeasible) out.stageBound = target + 1;
    if (v != Verdict::Found) break;
    best = target;
  }
  return best;
}

// The interval bound (energetic reasoning): in a schedule of S stages op v starts in
// [depth(v), S * II - tail(v)], so what it holds lies in [depth(v), S * II - tail(v) + rows(v)).
// The units a set of ops holds inside a flat interval of L cycles fold onto min(L, II) rows of the
// table, each admitting at most the resource's limit. Cut from the left ([a, S * II)) and from
// the right ([0, b)) per resource, this settles the one-stage question of a saturated unit (every
// op after its first cycle) that a search over placements cannot. The cuts' order does not
// depend on S, so the units and their order are found once and each S only sums them.
class IntervalCuts {
public:
  IntervalCuts(const ModuloProblem &p, const std::vector<int64_t> &depth, const std::vector<int64_t> &tail)
      : capacity_(p.capacity), left_(p.capacity.size()), right_(p.capacity.size()) {
    std::vector<int64_t> units(p.capacity.size(), 0);
    for (int v = 0; v < p.numNodes; ++v) {
      size_t begin = 0;
      for (const Footprint::Run &run : p.footprint[v].runs()) {
        for (int r : run.row) units[size_t(r)] += static_cast<int64_t>(run.end - begin);
        begin = run.end;
      }
      for (size_t r = 0; r < units.size(); ++r) {
        if (units[r] == 0) continue;
        left_[r].emplace_back(-depth[v], units[r]);  // [depth, S·II): S·II - depth cycles
        right_[r].emplace_back(static_cast<int64_t>(p.footprint[v].size()) - tail[v],
                               units[r]);  // [0, S·II - tail + rows)
        units[r] = 0;
      }
    }
    for (size_t r = 0; r < left_.size(); ++r) {
      stableSortBy(left_[r], [](const auto &a, const auto &b) { return a.first < b.first; });
      stableSortBy(right_[r], [](const auto &a, const auto &b) { return a.first < b.first; });
    }
  }

  bool admit(int ii, int stages) const {
    const int64_t horizon = int64_t{stages} * ii;
    for (size_t r = 0; r < capacity_.size(); ++r)
      if (exceeds(left_[r], horizon, ii, capacity_[r]) || exceeds(right_[r], horizon, ii, capacity_[r])) return false;
    return true;
  }

private:
  // Each cut: (interval length - S·II, units), ascending.
  static bool exceeds(const std::vector<std::pair<int64_t, int64_t>> &cuts, int64_t horizon, int ii, int64_t limit) {
    int64_t sum = 0;
    for (const auto &[offset, units] : cuts)
      if ((sum += units) > limit * std::min<int64_t>(std::max<int64_t>(horizon + offset, 0), ii)) return true;
    return false;
  }

  std::vector<int> capacity_;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> left_, right_;
};

// A list schedule inside a horizon of `stages` stages: the ops whose distance-0 predecessors are
// seated, most urgent deadline first (S * II - tail, then depth, then program order), each at the
// first cycle its seated neighbours' edges and the reservation table allow, by its deadline.
// Where one unit is saturated and the critical path is short, the branch and bound's dive meets
// the tight rows last and backtracks among hundreds of ops; deadlines order them up front
// (origami mat_inv: 3 -> 2 stages in microseconds). Blocks with same-depth groups, max_depth or
// force-serial ops are left to the search. A probe costs `budget` a unit per row of its window,
// and the table cells its scan met.
std::optional<std::vector<int64_t>> deadlineSchedule(const IIContext &ctx, int stages,
                                                     const std::vector<int64_t> &depth,
                                                     const std::vector<int64_t> &tail, WorkBudget *budget) {
  const ModuloProblem &p = ctx.problem;
  const int ii = ctx.ii, n = p.numNodes;
  if (p.hasStageConstraints() || p.regionForceSerial) return std::nullopt;
  for (int v = 0; v < n; ++v)
    if (p.forceSerial[v] || p.pendingLeader[v] >= 0) return std::nullopt;
  const int64_t horizon = int64_t{stages} * ii;
  std::vector<int64_t> start(n, -1);
  std::vector<int> waiting(n, 0);
  for (const ModuloEdge &e : p.edges)
    if (e.distance == 0 && e.src != e.dst) ++waiting[e.dst];
  // Most urgent first: by deadline, then depth, then program order, as a rank a min-heap pops.
  const std::vector<int> byUrgency = stableOrder(
      size_t(n), [&](int a, int b) { return tail[a] != tail[b] ? tail[a] > tail[b] : depth[a] < depth[b]; });
  std::vector<int> rank(n);
  for (int i = 0; i < n; ++i) rank[byUrgency[i]] = i;
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int v = 0; v < n; ++v)
    if (waiting[v] == 0) ready.push(rank[v]);
  ReservationTable rrt(ctx.layout, ii);
  auto rowOf = [ii](int64_t t) { return static_cast<int>(moduloRow(t, 0, ii)); };
  while (!ready.empty()) {
    const int v = byUrgency[ready.top()];
    ready.pop();
    int64_t lo = depth[v], hi = horizon - tail[v];
    for (int ei : p.pred[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.src != v && start[e.src] >= 0) lo = std::max(lo, start[e.src] + e.latency - int64_t{ii} * e.distance);
    }
    for (int ei : p.succ[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.dst != v && start[e.dst] >= 0) hi = std::min(hi, start[e.dst] - e.latency + int64_t{ii} * e.distance);
    }
    if (lo > hi) return std::nullopt;
    const FoldedFootprint &fp = ctx.folded[v];
    if (fp.empty()) {
      start[v] = lo;
    } else {
      start[v] = rrt.firstFit(fp, lo, hi - lo + 1);
      if (budget && !budget->spend(std::min<int64_t>(hi - lo + 1, ii) + rrt.takeScanUnits())) return std::nullopt;
      if (start[v] < 0) return std::nullopt;
      rrt.reserve(fp, rowOf(start[v]));
    }
    for (int ei : p.succ[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.distance == 0 && e.dst != v && --waiting[e.dst] == 0) ready.push(rank[e.dst]);
    }
  }
  for (int v = 0; v < n; ++v)
    if (start[v] < 0) return std::nullopt;  // a distance-0 cycle: never ready
  return start;
}

}  // namespace

CompactionOutcome compactStages(const ModuloProblem &p, const ResourceLayout &layout, int ii, std::vector<int> start,
                                int64_t limit, WorkBudget *budget, TraceRecorder &trace) {
  CompactionOutcome out;
  const std::vector<int> completion = completions(p);
  // The II search's schedule from cycle 0 on: its first op in stage 0, as it is published.
  if (!start.empty()) {
    const int lowest = *std::min_element(start.begin(), start.end());
    for (int &t : start) t -= floorDiv(lowest, ii) * ii;
  }
  out.stagesFrom = out.stagesTo = countStages(ii, start, completion);
  std::vector<int64_t> kept(start.begin(), start.end());
  out.crossingsFrom = out.crossingsTo = totalCrossings(p, ii, kept);
  out.start = std::move(start);
  // The critical-path bound: each op starts after its depth, and its tail has yet to complete.
  std::vector<int64_t> tail = longestToward(p, ii, std::vector<int64_t>(completion.begin(), completion.end()));
  const std::vector<int64_t> depth = depthsAt(p, ii);
  int64_t span = 1;
  for (int v = 0; v < p.numNodes; ++v) span = std::max(span, depth[v] + tail[v]);
  out.stageBound = static_cast<int>(std::min<int64_t>((span + ii - 1) / ii, out.stagesFrom));
  if (out.stageBound < out.stagesFrom) {
    const IntervalCuts cuts(p, depth, tail);
    while (out.stageBound < out.stagesFrom && !cuts.admit(ii, out.stageBound)) ++out.stageBound;
  }
  if (limit <= 0) return out;
  // First the II search's rows at their earliest stages, then the exact search over rows while
  // the bound is not reached.
  kept = earliestKeepingRows(p, ii, kept);
  int best = countStages(ii, std::vector<int>(kept.begin(), kept.end()), completion);
  if (out.stageBound < best) {
    const IIContext ctx(p, layout, ii);
    while (out.stageBound < best) {
      std::optional<std::vector<int64_t>> listed = deadlineSchedule(ctx, best - 1, depth, tail, budget);
      if (!listed) break;
      kept = std::move(*listed);
      best = countStages(ii, std::vector<int>(kept.begin(), kept.end()), completion);
    }
    if (out.stageBound < best) {
      const StageWindows windows(ctx, std::move(tail));
      std::vector<int64_t> lo, hi;
      while (out.stageBound < best && windows.at(out.stageBound, lo, hi) && saturatedTilingRefutes(ctx, lo, hi)) {
        recordAttempt(trace, ii, out.stageBound, Verdict::Infeasible, "",
                      "the ops of a one-unit slot they fill tile its rows in no order their windows allow", "");
        ++out.stageBound;
      }
      if (out.stageBound < best) best = searchStages(windows, best, limit, budget, trace, out, kept);
      if (out.stageBound < best) best = satStages(windows, best, satConflicts(limit), budget, trace, out, kept);
    }
  }
  shortenLifetimes(p, ii, best, kept);
  // As it is published (first op in stage 0): a found schedule may need fewer than it was asked.
  best = countStages(ii, std::vector<int>(kept.begin(), kept.end()), completion);
  const int64_t crossings = totalCrossings(p, ii, kept);
  if (std::make_pair(best, crossings) >= std::make_pair(out.stagesFrom, out.crossingsFrom)) {
    out.solverSchedule = false;
    return out;
  }
  out.stagesTo = best;
  out.crossingsTo = crossings;
  out.start.assign(kept.begin(), kept.end());
  if (trace.enabled()) {
    // The compacted schedule's seats, on a table of their own (the replay ends on it).
    trace.freshTable();
    for (int v : stableOrder(p.numNodes, [&](int a, int b) { return kept[a] < kept[b]; }))
      trace.record(ii, TraceArm::Compaction, v, static_cast<int>(kept[v]), TraceOutcome::Commit, "");
    trace.record(ii, TraceArm::Compaction, -1, -1, TraceOutcome::Schedule,
                 "compacted from " + std::to_string(out.stagesFrom) + " to " + std::to_string(best) +
                     " stages, stage crossings of values from " + std::to_string(out.crossingsFrom) + " to " +
                     std::to_string(crossings));
  }
  return out;
}

}  // namespace tilesched
