#include "generate/sat/SatExact.h"

#include <algorithm>
#include <climits>
#include <limits>
#include <map>

#include <cadical.hpp>

#include "generate/GraphAlgorithms.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

// Counts the solver's conflicts: CaDiCaL asks a learner once per learned clause, i.e. once per
// conflict, and this one takes none.
class ConflictCounter : public CaDiCaL::Learner {
public:
  bool learning(int) override {
    ++count;
    return false;
  }
  void learn(int) override {}
  int64_t count = 0;
};

// The work budget's rates (docs/decisions.md, "Exact II by SAT"), so that a unit costs about a seat
// probe's time: a clause, built and loaded, about one probe; a conflict about one probe per 256
// clauses of the model (the propagation behind a conflict runs over the model).
constexpr int64_t kUnitsPerClause = 1;
// The windows question's conflicts cost 5-10 ns per clause of the model (its row and stage
// literals propagate over every edge and run at each decision), about 16 times the II
// question's, so they are charged at 16 clauses a unit.
constexpr int64_t kClausesPerConflictUnit = 256;
constexpr int64_t kWindowClausesPerConflictUnit = 16;

// Unfolded footprint rows [offset, offset + length) in which an op holds `units` units of
// `resource`, read from the spans of its fold; consecutive spans that hold a resource alike are
// one run, in the order the runs begin.
struct ResourceRun {
  int resource = 0, offset = 0, length = 0, units = 0;
};

std::vector<ResourceRun> resourceRuns(const FoldedFootprint &fp) {
  std::vector<ResourceRun> runs;
  std::vector<int> latest;  // per resource: its last run in `runs`, -1 before its first
  for (const FoldedFootprint::Span &span : fp.spans)
    for (int i = span.resourceBegin; i < span.resourceEnd;) {
      const int r = fp.spanResources[i];
      int j = i;
      while (j < span.resourceEnd && fp.spanResources[j] == r) ++j;
      if (r >= static_cast<int>(latest.size())) latest.resize(r + 1, -1);
      if (latest[r] >= 0 && runs[latest[r]].offset + runs[latest[r]].length == span.begin &&
          runs[latest[r]].units == j - i) {
        runs[latest[r]].length += span.end - span.begin;
      } else {
        latest[r] = static_cast<int>(runs.size());
        runs.push_back({r, span.begin, span.end - span.begin, j - i});
      }
      i = j;
    }
  return runs;
}

class SatModel {
public:
  // The II question (SatExact.h): the components of footprint ops in their windows against
  // their anchors. Stops adding clauses past `maxClauses`: the model is then incomplete
  // (complete() is false). `countOnly`: the clauses are counted, the solver gets none.
  SatModel(const IIContext &ctx, int64_t maxClauses, bool countOnly) : SatModel(ctx, maxClauses, false, countOnly) {
    buildWindows();
    for (size_t i = 0; i < modelled_.size() && complete(); ++i) encodeEdges(modelled_[i]);
    for (size_t i = 0; i < modelled_.size() && complete(); ++i) encodeRows(modelled_[i]);
    if (complete()) encodeCapacities();
  }

  // The windows question (solveWindowsBySat): every op in its given window, every edge, a
  // same-depth group in one stage, the slots and pools per modulo row by runs of rows.
  SatModel(const IIContext &ctx, const std::vector<int64_t> &lo, const std::vector<int64_t> &hi, int64_t maxClauses,
           bool countOnly)
      : SatModel(ctx, maxClauses, true, countOnly) {
    rowFirst_.assign(p_.numNodes, 0);
    for (int v = 0; v < p_.numNodes && complete(); ++v) stageAndRow(v, lo[v], hi[v]);
    for (int v = 0; v < p_.numNodes && complete(); ++v) encodeStageEdges(v);
    if (complete()) encodeGroups();
    if (complete()) encodeRuns();
  }

  bool complete() const { return clauses_ <= maxClauses_; }
  int64_t clauses() const { return clauses_; }
  bool whole() const { return whole_; }

  SatAnswer solve(int64_t conflictLimit) {
    SatAnswer out;
    if (emptyWindow_) {
      out.verdict = SatVerdict::Infeasible;
      return out;
    }
    ConflictCounter counter;
    solver_.connect_learner(&counter);
    solver_.limit("conflicts", static_cast<int>(std::clamp<int64_t>(conflictLimit, 0, INT_MAX)));
    const int result = solver_.solve();
    solver_.disconnect_learner();
    out.conflicts = counter.count;
    if (result == 20) out.verdict = SatVerdict::Infeasible;
    if (result != 10) return out;
    out.verdict = SatVerdict::Feasible;
    if (whole_) {
      out.start.resize(p_.numNodes);
      for (int v = 0; v < p_.numNodes; ++v) {
        int q = 0;
        while (q + 1 < ii_ && solver_.val(rowAtLeast(v, q + 1)) > 0) ++q;
        out.start[v] = static_cast<int>(decode(v) * ii_ + q);
      }
      return out;
    }
    std::vector<int64_t> placed(p_.numNodes, kNoPath64);
    for (int v : modelled_)
      if (!ctx_.folded[v].empty()) placed[v] = decode(v);
    out.start = completeFootprintSchedule(ctx_, placed);
    return out;
  }

private:
  SatModel(const IIContext &ctx, int64_t maxClauses, bool whole, bool countOnly)
      : ctx_(ctx), p_(ctx.problem), ii_(ctx.ii), maxClauses_(maxClauses), whole_(whole), countOnly_(countOnly) {
    top_ = newVar();
    clause({top_});
    lo_.assign(p_.numNodes, 0);
    hi_.assign(p_.numNodes, -1);
    first_.assign(p_.numNodes, 0);
    rowVar_.assign(p_.numNodes, 0);
  }

  int newVar() { return ++vars_; }
  void clause(std::initializer_list<int> lits) {
    if (++clauses_ > maxClauses_ || countOnly_) return;
    for (int l : lits) solver_.add(l);
    solver_.add(0);
  }

  // [t(v) >= k]: the constant true literal below the window, false above it.
  int atLeast(int v, int64_t k) const {
    if (k <= lo_[v]) return top_;
    if (k > hi_[v]) return -top_;
    return first_[v] + static_cast<int>(k - lo_[v] - 1);
  }

  // Op v's start cycles [lo, hi], order-encoded: [t >= k] implies [t >= k - 1].
  void window(int v, int64_t lo, int64_t hi) {
    lo_[v] = lo;
    hi_[v] = hi;
    if (hi < lo) emptyWindow_ = true;
    first_[v] = vars_ + 1;
    // A window has a clause per cycle: one wider than what is left ends the model here.
    if (hi - lo > maxClauses_ - clauses_) {
      clauses_ = maxClauses_ + 1;
      return;
    }
    if (hi > lo) vars_ += static_cast<int>(hi - lo);
    for (int64_t k = lo + 1; k < hi && complete(); ++k) clause({-atLeast(v, k + 1), atLeast(v, k)});
    modelled_.push_back(v);
  }

  // The windows question's variables: t(v) = s(v) * II + q(v), the stage s order-encoded over
  // the stages of the window [lo, hi] (atLeast, as a window) and the row q over [0, II)
  // (rowAtLeast), so the rows an op holds read q alone and a long horizon costs its stages, not
  // its cycles; two clauses keep t in the window's first and last stages.
  void stageAndRow(int v, int64_t lo, int64_t hi) {
    const int64_t first = floorStages(lo), last = floorStages(hi);
    window(v, first, last);
    if (!complete() || ii_ - 1 > maxClauses_ - clauses_) {  // a clause per row: past what is left
      clauses_ = maxClauses_ + 1;
      return;
    }
    rowFirst_[v] = vars_ + 1;
    vars_ += ii_ - 1;
    for (int k = 1; k + 1 < ii_ && complete(); ++k) clause({-rowAtLeast(v, k + 1), rowAtLeast(v, k)});
    if (!complete() || hi < lo) return;
    clause({atLeast(v, first + 1), rowAtLeast(v, lo - first * ii_)});
    clause({-atLeast(v, last), -rowAtLeast(v, hi - last * ii_ + 1)});
  }

  // [q(v) >= k]: true for k <= 0, false for k >= II.
  int rowAtLeast(int v, int64_t k) const {
    if (k <= 0) return top_;
    if (k >= ii_) return -top_;
    return rowFirst_[v] + static_cast<int>(k - 1);
  }

  int64_t floorStages(int64_t cycles) const { return cycles >= 0 ? cycles / ii_ : -((-cycles + ii_ - 1) / ii_); }

  // t(dst) >= t(src) + w with w = d * II + r (0 <= r < II): the stages differ by at least d; by
  // exactly d (literal `more` false) the rows by at least r; by exactly d + 1 (`further` false)
  // the rows by at least r - II. `more` and `further` may hold only where the stages differ by
  // d + 1 and d + 2 or more, so every schedule has a model and every model keeps the edge.
  void encodeStageEdges(int v) {
    for (int ei : p_.succ[v]) {
      const ModuloEdge &e = p_.edges[ei];
      const int64_t w = edgeWeight(e, ii_);
      if (e.dst == v) {  // a self edge holds at any cycle or at none
        if (w > 0) emptyWindow_ = true;
        continue;
      }
      const int64_t d = floorStages(w), r = w - d * ii_;
      const int more = newVar(), further = newVar();
      for (int64_t i = lo_[v]; i <= hi_[v] && complete(); ++i) {
        clause({-atLeast(v, i), atLeast(e.dst, i + d)});
        clause({-more, -atLeast(v, i), atLeast(e.dst, i + d + 1)});
        clause({-further, -atLeast(v, i), atLeast(e.dst, i + d + 2)});
      }
      for (int64_t k = std::max<int64_t>(0, 1 - r); k <= std::min<int64_t>(ii_ - 1, ii_ - r) && complete(); ++k)
        clause({more, -rowAtLeast(v, k), rowAtLeast(e.dst, k + r)});
      for (int64_t k = ii_ - r + 1; k < ii_ && complete(); ++k)
        clause({further, -rowAtLeast(v, k), rowAtLeast(e.dst, k + r - ii_)});
    }
  }

  // Every op of a component with a footprint op gets a window against its anchor (the
  // component's most urgent footprint op); the component with the most footprint ops is anchored
  // at cycle 0. Components in topological order.
  void buildWindows() {
    std::vector<int> anchor(p_.sccMembers.size(), -1), footprintOps(p_.sccMembers.size(), 0);
    for (int v = 0; v < p_.numNodes; ++v) {
      if (ctx_.folded[v].empty()) continue;
      int &a = anchor[p_.scc[v]];
      if (a < 0 || ctx_.priorityRank[v] < ctx_.priorityRank[a]) a = v;
      ++footprintOps[p_.scc[v]];
    }
    size_t fixed = 0;
    for (size_t c = 1; c < footprintOps.size(); ++c)
      if (footprintOps[c] > footprintOps[fixed]) fixed = c;
    for (size_t c = 0; c < anchor.size(); ++c) {
      if (anchor[c] < 0) continue;
      const int64_t anchorHi = c == fixed ? 0 : ii_ - 1;
      const std::vector<int64_t> from = longestInComponent(anchor[c], false);
      const std::vector<int64_t> to = longestInComponent(anchor[c], true);
      for (int v : p_.sccMembers[c]) {
        if (!complete()) return;
        window(v, from[v], anchorHi - to[v]);
      }
    }
  }

  // Longest paths over the edges inside the anchor's component, from it (or, `reverse`, to it):
  // dist(a, v) and dist(v, a) of the distance closure, which the component's ops all have.
  // Bellman-Ford in rounds over the members: no positive cycle at an II the context accepted.
  std::vector<int64_t> longestInComponent(int source, bool reverse) const {
    const std::vector<int> &members = p_.sccMembers[p_.scc[source]];
    std::vector<int64_t> d(p_.numNodes, kNoPath64);
    d[source] = 0;
    for (size_t round = 0; round < members.size(); ++round) {
      bool changed = false;
      for (int v : members) {
        if (d[v] == kNoPath64) continue;
        for (int ei : reverse ? p_.pred[v] : p_.succ[v]) {
          const ModuloEdge &e = p_.edges[ei];
          const int w = reverse ? e.src : e.dst;
          if (p_.scc[w] != p_.scc[source]) continue;
          if (d[v] + edgeWeight(e, ii_) > d[w]) {
            d[w] = d[v] + edgeWeight(e, ii_);
            changed = true;
          }
        }
      }
      if (!changed) break;
    }
    return d;
  }

  void encodeEdges(int v) {
    for (int ei : p_.succ[v]) {
      const ModuloEdge &e = p_.edges[ei];
      if (p_.scc[e.dst] != p_.scc[v]) continue;
      const int64_t w = edgeWeight(e, ii_);
      for (int64_t k = lo_[v]; k <= hi_[v] && complete(); ++k)
        if (k + w > lo_[e.dst]) clause({-atLeast(v, k), atLeast(e.dst, k + w)});
    }
  }

  // row(v, r): v issues in modulo row r; implied by its start cycle.
  void encodeRows(int v) {
    if (ctx_.folded[v].empty()) return;
    rowVar_[v] = vars_ + 1;
    for (int r = 0; r < ii_; ++r) newVar();
    for (int64_t k = lo_[v]; k <= hi_[v] && complete(); ++k)
      clause({-atLeast(v, k), atLeast(v, k + 1), rowVar_[v] + static_cast<int>(moduloRow(k, 0, ii_))});
  }

  // Per slot or pool and modulo row: the units that land there, each the issue-row literal of
  // its holder, at most the capacity of them true.
  void encodeCapacities() {
    // Per resource, (holder, footprint row mod II, units) in holder then row order: a footprint
    // longer than II folds, and a row's literals are gathered from its resource's list only.
    struct Held {
      int v, at, count;
    };
    std::vector<std::vector<Held>> held(p_.capacity.size());
    for (int v : modelled_) {
      std::map<std::pair<int, int>, int> units;  // (resource, folded row) -> units
      const Footprint &fp = p_.footprint[v];
      for (size_t k = 0; k < fp.size(); ++k)
        for (int r : fp[k]) units[{r, static_cast<int>(moduloRow(0, static_cast<int64_t>(k), ii_))}] += 1;
      for (const auto &[key, count] : units)
        if (static_cast<size_t>(key.first) < held.size()) held[key.first].push_back({v, key.second, count});
    }
    for (int r = 0; r < static_cast<int>(p_.capacity.size()); ++r)
      for (int row = 0; row < ii_; ++row) {
        std::vector<int> lits;
        if (!complete()) return;
        for (const auto &[v, at, count] : held[r]) {
          const int lit = rowVar_[v] + static_cast<int>(moduloRow(row - at, 0, ii_));
          if (count > p_.capacity[r]) clause({-lit});
          else lits.insert(lits.end(), count, lit);
        }
        atMost(lits, p_.capacity[r]);
      }
  }

  // A same-depth group's ops in one stage: [s >= i] agrees along the group.
  void encodeGroups() {
    std::vector<int> previous;
    for (int v = 0; v < p_.numNodes; ++v) {
      const int g = p_.group[v];
      if (g < 0) continue;
      if (g >= static_cast<int>(previous.size())) previous.resize(g + 1, -1);
      const int u = previous[g];
      previous[g] = v;
      if (u < 0) continue;
      for (int64_t i = std::min(lo_[u], lo_[v]) + 1; i <= std::max(hi_[u], hi_[v]) && complete(); ++i) {
        clause({-atLeast(u, i), atLeast(v, i)});
        clause({-atLeast(v, i), atLeast(u, i)});
      }
    }
  }

  // The slots and pools by runs of rows, so a footprint that holds an engine for 600 cycles costs
  // what one of 6 does: per op, resource and run of footprint rows [a, a + len) holding m units,
  // a literal per modulo row ρ, implied by every row q with (q + k) mod II = ρ for some k of the
  // run (one interval of rows, two where it wraps); then at most the capacity of them per
  // resource and row. A run of II rows or more holds every row floor(len / II) times whatever
  // the row: it lowers the capacity, and only its remainder gets literals.
  void encodeRuns() {
    std::vector<std::vector<ResourceRun>> runs(p_.numNodes);
    for (int v = 0; v < p_.numNodes; ++v) runs[v] = resourceRuns(ctx_.folded[v]);
    std::vector<std::vector<int>> lits;
    for (int r = 0; r < static_cast<int>(p_.capacity.size()) && complete(); ++r) {
      int64_t left = p_.capacity[r];
      lits.clear();
      for (int v = 0; v < p_.numNodes && complete(); ++v)
        for (const ResourceRun &run : runs[v]) {
          if (run.resource != r) continue;
          const int64_t full = run.length / ii_, len = run.length - full * ii_;
          left -= full * run.units;
          if (len == 0) continue;
          if (lits.empty()) {  // II rows, each about to get a clause: within what is left, or none
            if (ii_ > maxClauses_ - clauses_) {
              clauses_ = maxClauses_ + 1;
              return;
            }
            lits.resize(ii_);
          }
          for (int row = 0; row < ii_ && complete(); ++row) {
            const int64_t from = moduloRow(row - run.offset - len + 1, 0, ii_), to = from + len;  // rows [from, to)
            const int lit = newVar();
            clause({-rowAtLeast(v, from), rowAtLeast(v, to), lit});
            if (to > ii_) clause({rowAtLeast(v, to - ii_), lit});
            lits[row].insert(lits[row].end(), run.units, lit);
          }
        }
      if (left < 0) emptyWindow_ = true;
      for (size_t row = 0; row < lits.size() && complete(); ++row)
        atMost(lits[row], static_cast<int>(std::max<int64_t>(left, 0)));
    }
  }

  // Sinz's sequential counter: s(i, j) = at least j of lits[0..i] are true.
  void atMost(const std::vector<int> &lits, int cap) {
    const int n = static_cast<int>(lits.size());
    if (n <= cap) return;
    if (cap == 0) {
      for (int l : lits) clause({-l});
      return;
    }
    std::vector<int> prev(cap + 1, 0), cur(cap + 1, 0);
    for (int i = 0; i < n && complete(); ++i) {
      const int x = lits[i];
      if (i > 0) clause({-x, -prev[cap]});
      if (i == n - 1) break;
      for (int j = 1; j <= cap; ++j) cur[j] = newVar();
      clause({-x, cur[1]});
      if (i == 0)
        for (int j = 2; j <= cap; ++j) clause({-cur[j]});
      else
        for (int j = 1; j <= cap; ++j) {
          clause({-prev[j], cur[j]});
          if (j > 1) clause({-x, -prev[j - 1], cur[j]});
        }
      std::swap(prev, cur);
    }
  }

  int64_t decode(int v) const {
    int64_t t = lo_[v];
    while (t < hi_[v] && solver_.val(atLeast(v, t + 1)) > 0) ++t;
    return t;
  }

  const IIContext &ctx_;
  const ModuloProblem &p_;
  const int ii_;
  const int64_t maxClauses_;
  const bool whole_;  // the windows question: every op modelled, a model is the whole schedule
  const bool countOnly_;
  int64_t clauses_ = 0;
  mutable CaDiCaL::Solver solver_;
  int vars_ = 0;
  int top_ = 0;
  bool emptyWindow_ = false;
  std::vector<int> modelled_;     // ops with a window, component by component
  std::vector<int64_t> lo_, hi_;  // per op: its window of start cycles
  std::vector<int> first_;        // per op: the variable of [t >= lo + 1]
  std::vector<int> rowVar_;       // per op with a footprint: the variable of row 0
  std::vector<int> rowFirst_;     // the windows question, per op: the variable of [q >= 1]
};

// The clauses a model may have: what is left of the budget (a model that would overdraw it is
// never finished).
int64_t clauseRoom(const WorkBudget *budget) {
  return std::min(kMaxSatClauses,
                  (budget ? budget->remaining() : std::numeric_limits<int64_t>::max()) / kUnitsPerClause);
}

// Solves a model built within clauseRoom with at most the conflicts the budget still pays for.
SatAnswer answerWithin(SatModel &model, int64_t conflictLimit, WorkBudget *budget) {
  if (!model.complete()) {
    SatAnswer out;
    out.clauses = model.clauses();
    // Over the size cap with budget to spare: the clauses built are charged and the question
    // stays open; over the budget: the budget is spent.
    if (budget && budget->remaining() / kUnitsPerClause <= kMaxSatClauses) {
      budget->spendAll();
      out.workSpent = true;
    } else {
      if (budget) budget->spend(kMaxSatClauses * kUnitsPerClause);
      out.tooLarge = true;
    }
    return out;
  }
  const int64_t weight =
      1 + model.clauses() / (model.whole() ? kWindowClausesPerConflictUnit : kClausesPerConflictUnit);
  int64_t limit = conflictLimit;
  if (budget) {
    budget->spend(model.clauses() * kUnitsPerClause);
    limit = std::min(limit, budget->remaining() / weight);
  }
  SatAnswer out = model.solve(limit);
  out.clauses = model.clauses();
  if (budget) {
    budget->spend(out.conflicts * weight);
    if (out.verdict == SatVerdict::Unknown && limit < conflictLimit) {
      budget->spendAll();
      out.workSpent = true;
    }
  }
  return out;
}

}  // namespace

// A model is counted before it is built: one past its clause room is answered from the count, so
// the solver never holds the clauses of a question it will not be asked (up to a million, about
// 190 MB). A model within it is encoded again for the solver, the same clauses in the same order.
SatAnswer solveIIBySat(const IIContext &ctx, int64_t conflictLimit, WorkBudget *budget) {
  if (SatModel counted(ctx, clauseRoom(budget), true); !counted.complete())
    return answerWithin(counted, conflictLimit, budget);
  SatModel model(ctx, clauseRoom(budget), false);
  return answerWithin(model, conflictLimit, budget);
}

SatAnswer solveWindowsBySat(const IIContext &ctx, const std::vector<int64_t> &lo, const std::vector<int64_t> &hi,
                            int64_t conflictLimit, WorkBudget *budget) {
  if (SatModel counted(ctx, lo, hi, clauseRoom(budget), true); !counted.complete())
    return answerWithin(counted, conflictLimit, budget);
  SatModel model(ctx, lo, hi, clauseRoom(budget), false);
  return answerWithin(model, conflictLimit, budget);
}

std::string satOpenReason(const SatAnswer &a) {
  const std::string spent = " (" + std::to_string(a.conflicts) + " conflicts)";
  if (a.workSpent) return "the work budget ran out (--work-budget) before the SAT solver decided" + spent;
  if (a.tooLarge) return "the SAT model would exceed " + std::to_string(kMaxSatClauses) + " clauses";
  return "the SAT solver's conflict budget ran out" + spent;
}

}  // namespace tilesched
