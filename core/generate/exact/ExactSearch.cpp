#include "generate/exact/ExactSearch.h"

#include <algorithm>

#include "generate/GraphAlgorithms.h"
#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

std::vector<int> exactSearchOps(const ModuloProblem &p) {
  std::vector<int> ops;
  for (int v = 0; v < p.numNodes; ++v)
    if (p.duration(v) > 0 || p.group[v] >= 0 || p.maxDepth[v] > 0) ops.push_back(v);
  return ops;
}

namespace {

constexpr int64_t kNone = INT64_MIN / 4;

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

class ExactSearch {
public:
  ExactSearch(PlacementState &st, int64_t budget)
      : st_(st),
        p_(st.problem()),
        ii_(st.ii()),
        ops_(exactSearchOps(p_)),
        m_(static_cast<int>(ops_.size())),
        budget_(budget),
        rrt_(st.ctx.layout, st.ii()) {
    dist_.assign(static_cast<size_t>(m_) * m_, kNone);
    for (int i = 0; i < m_; ++i)
      for (int j = 0; j < m_; ++j) {
        const int d = st.ctx.closure.dist(ops_[i], ops_[j]);
        if (i != j && d != DistanceClosure::kNoPath) dist_[static_cast<size_t>(i) * m_ + j] = d;
      }
    buildOrder();
    row_.assign(m_, 0);
    // K[i][j]: longest path in the stage system; index 0 is the anchor, index d+1 is order_[d].
    k_.assign(static_cast<size_t>(m_ + 1) * (m_ + 1), kNone);
    k_[0] = 0;
    saved_.resize(static_cast<size_t>(m_) * (m_ + 1) * (m_ + 1));
    in_.resize(m_);
    out_.resize(m_);
    wIn_.resize(m_);
    wOut_.resize(m_);
    fixFirstRow_ = !p_.hasStageConstraints();
    fits_.assign(m_, std::vector<uint64_t>((ii_ + 63) / 64, 0));
  }

  ExactOutcome run() {
    if (m_ > 0 && !search(0)) return exhausted_ ? ExactOutcome::BudgetExhausted : ExactOutcome::Infeasible;
    std::vector<int64_t> start(p_.numNodes, 0);
    std::vector<uint8_t> fixed(p_.numNodes, 0);
    for (int d = 0; d < m_; ++d) {
      const int i = order_[d];
      start[ops_[i]] = ii_ * k(0, d + 1) + row_[i];
      fixed[ops_[i]] = 1;
    }
    // The ops the search left out have no footprint and no stage constraint.
    settleFreeOps(p_, ii_, start, fixed);
    for (int v : stableOrder(p_.numNodes, [&](int a, int b) { return start[a] < start[b]; }))
      st_.commit(v, static_cast<int>(start[v]), TraceArm::Exact);
    return ExactOutcome::Found;
  }

private:
  int64_t &k(int i, int j) { return k_[static_cast<size_t>(i) * (m_ + 1) + j]; }
  int64_t distance(int i, int j) const { return dist_[static_cast<size_t>(i) * m_ + j]; }
  bool sameGroup(int i, int j) const { return p_.group[ops_[i]] >= 0 && p_.group[ops_[i]] == p_.group[ops_[j]]; }

  // Most connected first: each next op has the most closure relations to the ops before it.
  void buildOrder() {
    std::vector<uint8_t> taken(m_, 0);
    std::vector<int> links(m_, 0);
    for (int d = 0; d < m_; ++d) {
      int best = -1;
      for (int i = 0; i < m_; ++i)
        if (!taken[i] &&
            (best < 0 || links[i] > links[best] ||
             (links[i] == links[best] && st_.ctx.priorityRank[ops_[i]] < st_.ctx.priorityRank[ops_[best]])))
          best = i;
      taken[best] = 1;
      order_.push_back(best);
      for (int i = 0; i < m_; ++i)
        links[i] += distance(best, i) != kNone || distance(i, best) != kNone || sameGroup(best, i);
    }
  }

  // Stage-difference weights between a placed op (or the anchor, index 0) and op i at row r.
  // From the anchor: the op starts after every dependence path that can lead to it (depth), so
  // the ops left out of the search still fit at cycle >= 0 (max_depth counts from there).
  int64_t weightTo(int j, int i, int r) const {  // stage(i) - stage(j) >= weight
    if (j == 0) return std::max<int64_t>(0, ceilDiv(st_.ctx.depth[ops_[i]] - r, ii_));
    const int u = order_[j - 1];
    int64_t w = distance(u, i) == kNone ? kNone : ceilDiv(row_[u] - r + distance(u, i), ii_);
    if (sameGroup(u, i)) w = std::max<int64_t>(w, 0);
    return w;
  }
  int64_t weightFrom(int i, int r, int j) const {  // stage(j) - stage(i) >= weight
    if (j == 0) return p_.maxDepth[ops_[i]] > 0 ? -(p_.maxDepth[ops_[i]] - 1) : kNone;
    const int u = order_[j - 1];
    int64_t w = distance(i, u) == kNone ? kNone : ceilDiv(r - row_[u] + distance(i, u), ii_);
    if (sameGroup(u, i)) w = std::max<int64_t>(w, 0);
    return w;
  }

  // The first row past r where a weight between op order_[d] and a placed op (or the anchor)
  // changes: ceilDiv(c - r, II) steps at rows r == c (mod II), ceilDiv(r + c, II) at rows
  // r == 1 - c. Rows before it extend the stage system alike.
  int64_t weightsChange(int d, int r) const {
    const int i = order_[d];
    int64_t next = int64_t{r} + ii_;
    auto stepAt = [&](int64_t c) { next = std::min(next, r + 1 + moduloRow(c, -int64_t{r} - 1, ii_)); };
    stepAt(st_.ctx.depth[ops_[i]]);
    for (int j = 0; j < d; ++j) {
      const int u = order_[j];
      if (distance(u, i) != kNone) stepAt(row_[u] + distance(u, i));
      if (distance(i, u) != kNone) stepAt(1 - distance(i, u) + row_[u]);
    }
    return next;
  }

  // Adds op order_[d] at row r to the closed stage system; false on a positive cycle.
  bool extend(int d, int r) {
    const int x = order_[d], n = d + 1;  // indices 0..d are placed; x becomes index n
    int64_t *in = in_.data(), *out = out_.data(), *wIn = wIn_.data(), *wOut = wOut_.data();
    for (int j = 0; j < n; ++j) {
      in[j] = out[j] = kNone;
      wIn[j] = weightTo(j, x, r);
      wOut[j] = weightFrom(x, r, j);
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (wIn[j] != kNone && k(i, j) != kNone) in[i] = std::max(in[i], k(i, j) + wIn[j]);
        if (wOut[j] != kNone && k(j, i) != kNone) out[i] = std::max(out[i], wOut[j] + k(j, i));
      }
    for (int j = 0; j < n; ++j)
      if (wOut[j] != kNone && in[j] != kNone && wOut[j] + in[j] > 0) return false;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (in[i] != kNone && out[j] != kNone) k(i, j) = std::max(k(i, j), in[i] + out[j]);
    for (int i = 0; i < n; ++i) {
      k(i, n) = in[i];
      k(n, i) = out[i];
    }
    k(n, n) = 0;
    return true;
  }

  // extend(d, .) writes only K[0..d+1][0..d+1]; a deeper level restores its own block, so
  // saving this block undoes an attempt (the whole matrix and a heap copy per node cost more
  // than the extension itself).
  void saveBlock(int d) {
    int64_t *save = &saved_[static_cast<size_t>(d) * (m_ + 1) * (m_ + 1)];
    for (int i = 0; i <= d + 1; ++i) std::copy_n(&k(i, 0), d + 2, save + static_cast<size_t>(i) * (d + 2));
  }
  void restoreBlock(int d) {
    const int64_t *save = &saved_[static_cast<size_t>(d) * (m_ + 1) * (m_ + 1)];
    for (int i = 0; i <= d + 1; ++i) std::copy_n(save + static_cast<size_t>(i) * (d + 2), d + 2, &k(i, 0));
  }

  // The unit of work is a stage-system extension (O(depth^2)). Each is charged to this search's
  // limit and to the block's work budget, so --work-budget bounds the exact search too.
  bool search(int d) {
    if (d == m_) return true;
    const int x = order_[d], v = ops_[x];
    const FoldedFootprint &fp = st_.ctx.folded[v];
    const int rows = fixFirstRow_ && d == 0 ? 1 : ii_;
    // The rows where the op fits, all at once: the table is the same before each row is tried.
    std::vector<uint64_t> &fits = fits_[d];
    std::fill(fits.begin(), fits.end(), 0);
    rrt_.markFits(fp, 0, rows, fits);
    // The scan is charged whatever it finds: a node where nothing fits is work too.
    if (!st_.spend(rrt_.takeScanUnits())) {
      exhausted_ = true;
      return false;
    }
    saveBlock(d);
    // Rows up to `same` extend the system as the last one did: a failed extension fails them
    // all, and a successful one is still in K (deeper levels restore their own blocks).
    int64_t same = 0;
    bool extended = false;
    for (int r = static_cast<int>(nextFit(fits, 0, rows)); r < rows && !exhausted_;
         r = static_cast<int>(nextFit(fits, r + 1, rows))) {
      if (--budget_ < 0 || !st_.spend()) {
        exhausted_ = true;
        break;
      }
      row_[x] = r;
      if (r >= same) {
        if (extended) restoreBlock(d);
        extended = extend(d, r);
        same = weightsChange(d, r);
      }
      if (!extended) continue;
      rrt_.reserve(fp, r);
      if (search(d + 1)) return true;
      rrt_.release(fp, r);
    }
    if (extended) restoreBlock(d);
    return false;
  }

  PlacementState &st_;
  const ModuloProblem &p_;
  const int ii_;
  const std::vector<int> ops_;  // the searched ops
  const int m_;
  int64_t budget_;
  bool exhausted_ = false;
  bool fixFirstRow_ = false;
  ReservationTable rrt_;
  std::vector<int64_t> dist_;     // closure between searched ops (local indices)
  std::vector<int> order_, row_;  // search order and rows, by local index
  std::vector<int64_t> k_;
  std::vector<int64_t> saved_;                  // per depth, the K block an attempt may change
  std::vector<int64_t> in_, out_, wIn_, wOut_;  // extend's scratch rows
  std::vector<std::vector<uint64_t>> fits_;     // per depth, the rows its op fits in
};

}  // namespace

ExactOutcome exactModuloSearch(PlacementState &st, int64_t budget) { return ExactSearch(st, budget).run(); }

}  // namespace tilesched
