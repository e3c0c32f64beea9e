#include "generate/SatExact.h"

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
constexpr int64_t kClausesPerConflictUnit = 256;
int64_t conflictWeight(int64_t clauses) { return 1 + clauses / kClausesPerConflictUnit; }

class SatModel {
public:
  // Stops adding clauses past `maxClauses`: the model is then incomplete (complete() is false).
  SatModel(const IIContext &ctx, int64_t maxClauses)
      : ctx_(ctx), p_(ctx.problem), ii_(ctx.ii), maxClauses_(maxClauses) {
    top_ = newVar();
    clause({top_});
    lo_.assign(p_.numNodes, 0);
    hi_.assign(p_.numNodes, -1);
    first_.assign(p_.numNodes, 0);
    rowVar_.assign(p_.numNodes, 0);
    buildWindows();
    for (size_t i = 0; i < modelled_.size() && complete(); ++i) encodeEdges(modelled_[i]);
    for (size_t i = 0; i < modelled_.size() && complete(); ++i) encodeRows(modelled_[i]);
    if (complete()) encodeCapacities();
  }

  bool complete() const { return clauses_ <= maxClauses_; }
  int64_t clauses() const { return clauses_; }

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
    std::vector<int64_t> placed(p_.numNodes, kNoPath64);
    for (int v : modelled_)
      if (!ctx_.folded[v].empty()) placed[v] = decode(v);
    out.start = completeFootprintSchedule(ctx_, placed);
    return out;
  }

private:
  int newVar() { return ++vars_; }
  void clause(std::initializer_list<int> lits) {
    if (++clauses_ > maxClauses_) return;
    for (int l : lits) solver_.add(l);
    solver_.add(0);
  }

  // [t(v) >= k]: the constant true literal below the window, false above it.
  int atLeast(int v, int64_t k) const {
    if (k <= lo_[v]) return top_;
    if (k > hi_[v]) return -top_;
    return first_[v] + static_cast<int>(k - lo_[v] - 1);
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
        lo_[v] = from[v];
        hi_[v] = anchorHi - to[v];
        if (hi_[v] < lo_[v]) emptyWindow_ = true;
        first_[v] = vars_ + 1;
        // A window has a clause per cycle: one wider than what is left ends the model here.
        if (hi_[v] - lo_[v] > maxClauses_ - clauses_) {
          clauses_ = maxClauses_ + 1;
          return;
        }
        if (hi_[v] > lo_[v]) vars_ += static_cast<int>(hi_[v] - lo_[v]);
        for (int64_t k = lo_[v] + 1; k < hi_[v] && complete(); ++k) clause({-atLeast(v, k + 1), atLeast(v, k)});
        modelled_.push_back(v);
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
    // (resource, footprint row mod II) -> units, per op: a footprint longer than II folds.
    std::vector<std::map<std::pair<int, int>, int>> units(p_.numNodes);
    for (int v : modelled_) {
      const Footprint &fp = p_.footprint[v];
      for (size_t k = 0; k < fp.size(); ++k)
        for (int r : fp[k]) units[v][{r, static_cast<int>(moduloRow(0, static_cast<int64_t>(k), ii_))}] += 1;
    }
    for (int r = 0; r < static_cast<int>(p_.capacity.size()); ++r)
      for (int row = 0; row < ii_; ++row) {
        std::vector<int> lits;
        if (!complete()) return;
        for (int v : modelled_)
          for (const auto &[key, count] : units[v]) {
            if (key.first != r) continue;
            const int lit = rowVar_[v] + static_cast<int>(moduloRow(row - key.second, 0, ii_));
            if (count > p_.capacity[r]) clause({-lit});
            else lits.insert(lits.end(), count, lit);
          }
        atMost(lits, p_.capacity[r]);
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
  int64_t clauses_ = 0;
  mutable CaDiCaL::Solver solver_;
  int vars_ = 0;
  int top_ = 0;
  bool emptyWindow_ = false;
  std::vector<int> modelled_;     // ops with a window, component by component
  std::vector<int64_t> lo_, hi_;  // per op: its window of start cycles
  std::vector<int> first_;        // per op: the variable of [t >= lo + 1]
  std::vector<int> rowVar_;       // per op with a footprint: the variable of row 0
};

}  // namespace

SatAnswer solveIIBySat(const IIContext &ctx, int64_t conflictLimit, WorkBudget *budget) {
  const int64_t left = budget ? budget->remaining() : std::numeric_limits<int64_t>::max();
  SatModel model(ctx, left / kUnitsPerClause);
  if (!model.complete()) {  // the model alone would overdraw the budget: it is never finished
    budget->spendAll();
    SatAnswer out;
    out.clauses = model.clauses();
    out.workSpent = true;
    return out;
  }
  const int64_t weight = conflictWeight(model.clauses());
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

}  // namespace tilesched
