#include "generate/ExactSearch.h"

#include <algorithm>

namespace tilesched {

namespace {

constexpr int64_t kNone = INT64_MIN / 4;

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

class ExactSearch {
public:
  ExactSearch(PlacementState &st, int64_t budget)
      : st_(st), p_(st.problem()), ii_(st.ii()), n_(p_.numNodes), budget_(budget), rrt_(st.ctx.layout, st.ii()) {
    dist_.assign(static_cast<size_t>(n_) * n_, kNone);
    for (int u = 0; u < n_; ++u)
      for (int v = 0; v < n_; ++v) {
        const int d = st.ctx.closure.dist(u, v);
        if (u != v && d != DistanceClosure::kNoPath) dist_[static_cast<size_t>(u) * n_ + v] = d;
      }
    buildOrder();
    row_.assign(n_, 0);
    // K[i][j]: longest path in the stage system; index 0 is the anchor, index d+1 is order_[d].
    k_.assign(static_cast<size_t>(n_ + 1) * (n_ + 1), kNone);
    k_[0] = 0;
    fixFirstRow_ = !p_.hasStageConstraints();
  }

  ExactOutcome run() {
    if (n_ == 0) return ExactOutcome::Found;
    if (!search(0)) return exhausted_ ? ExactOutcome::BudgetExhausted : ExactOutcome::Infeasible;
    std::vector<int> order(n_);
    for (int d = 0; d < n_; ++d) order[d] = order_[d];
    std::vector<int> start(n_);
    for (int d = 0; d < n_; ++d) start[order_[d]] = ii_ * static_cast<int>(k(0, d + 1)) + row_[order_[d]];
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return start[a] < start[b]; });
    for (int v : order) st_.commit(v, start[v], "exact");
    return ExactOutcome::Found;
  }

private:
  int64_t &k(int i, int j) { return k_[static_cast<size_t>(i) * (n_ + 1) + j]; }
  int64_t distance(int u, int v) const { return dist_[static_cast<size_t>(u) * n_ + v]; }

  // Most connected first: each next op has the most closure relations to the ops before it.
  void buildOrder() {
    std::vector<uint8_t> taken(n_, 0);
    std::vector<int> links(n_, 0);
    for (int d = 0; d < n_; ++d) {
      int best = -1;
      for (int v : st_.ctx.byPriority)
        if (!taken[v] && (best < 0 || links[v] > links[best])) best = v;
      taken[best] = 1;
      order_.push_back(best);
      for (int v = 0; v < n_; ++v)
        links[v] += distance(best, v) != kNone || distance(v, best) != kNone ||
                    (p_.group[v] >= 0 && p_.group[v] == p_.group[best]);
    }
  }

  // Stage-difference weight between an assigned op (or the anchor, index 0) and op x at row r.
  int64_t weightTo(int j, int x, int r) const {  // stage(x) - stage(j) >= weight
    if (j == 0) return 0;
    const int u = order_[j - 1];
    int64_t w = distance(u, x) == kNone ? kNone : ceilDiv(row_[u] - r + distance(u, x), ii_);
    if (p_.group[u] >= 0 && p_.group[u] == p_.group[x]) w = std::max<int64_t>(w, 0);
    return w;
  }
  int64_t weightFrom(int x, int r, int j) const {  // stage(j) - stage(x) >= weight
    if (j == 0) return p_.maxDepth[x] > 0 ? -(p_.maxDepth[x] - 1) : kNone;
    const int u = order_[j - 1];
    int64_t w = distance(x, u) == kNone ? kNone : ceilDiv(r - row_[u] + distance(x, u), ii_);
    if (p_.group[u] >= 0 && p_.group[u] == p_.group[x]) w = std::max<int64_t>(w, 0);
    return w;
  }

  // Adds op order_[d] at row r to the closed stage system; false on a positive cycle.
  bool extend(int d, int r) {
    const int x = order_[d], m = d + 1;  // indices 0..d are placed; x becomes index m
    std::vector<int64_t> in(m, kNone), out(m, kNone), wIn(m), wOut(m);
    for (int j = 0; j < m; ++j) {
      wIn[j] = weightTo(j, x, r);
      wOut[j] = weightFrom(x, r, j);
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < m; ++j) {
        if (wIn[j] != kNone && k(i, j) != kNone) in[i] = std::max(in[i], k(i, j) + wIn[j]);
        if (wOut[j] != kNone && k(j, i) != kNone) out[i] = std::max(out[i], wOut[j] + k(j, i));
      }
    for (int j = 0; j < m; ++j)
      if (wOut[j] != kNone && in[j] != kNone && wOut[j] + in[j] > 0) return false;
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < m; ++j)
        if (in[i] != kNone && out[j] != kNone) k(i, j) = std::max(k(i, j), in[i] + out[j]);
    for (int i = 0; i < m; ++i) {
      k(i, m) = in[i];
      k(m, i) = out[i];
    }
    k(m, m) = 0;
    return true;
  }

  bool search(int d) {
    if (d == n_) return true;
    if (--budget_ < 0) {
      exhausted_ = true;
      return false;
    }
    const int x = order_[d];
    const FoldedFootprint &fp = st_.ctx.folded[x];
    const int rows = fixFirstRow_ && d == 0 ? 1 : ii_;
    const std::vector<int64_t> saved = k_;
    for (int r = 0; r < rows && !exhausted_; ++r) {
      if (!rrt_.probe(fp, r)) continue;
      row_[x] = r;
      if (extend(d, r)) {
        rrt_.commit(x, fp, p_.footprint[x], r);
        if (search(d + 1)) return true;
        rrt_.uncommit(x, fp, p_.footprint[x], r);
      }
      k_ = saved;
    }
    return false;
  }

  PlacementState &st_;
  const ModuloProblem &p_;
  const int ii_, n_;
  int64_t budget_;
  bool exhausted_ = false;
  bool fixFirstRow_ = false;
  ReservationTable rrt_;
  std::vector<int64_t> dist_;
  std::vector<int> order_, row_;
  std::vector<int64_t> k_;
};

}  // namespace

ExactOutcome exactModuloSearch(PlacementState &st, int64_t nodeBudget) { return ExactSearch(st, nodeBudget).run(); }

}  // namespace tilesched
