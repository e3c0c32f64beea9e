#include "generate/seeds/DistanceClosure.h"

#include <algorithm>

#include "generate/GraphAlgorithms.h"

namespace tilesched {

namespace {

int clampToInt(int64_t x) {
  if (x <= kNoPath64 / 2) return DistanceClosure::kNoPath;
  return static_cast<int>(std::clamp<int64_t>(x, INT_MIN + 1, INT_MAX));
}

}  // namespace

DistanceClosure::DistanceClosure(const ModuloProblem &p, int ii) : p_(p), ii_(ii) {
  const int n = p.numNodes;
  denseOf_.assign(n, -1);
  localIndex_.assign(n, -1);
  whole_ = n <= kWholeGraphLimit;
  auto addDense = [&](std::vector<int> nodes) {
    Dense d;
    d.nodes = std::move(nodes);
    for (size_t i = 0; i < d.nodes.size(); ++i) {
      denseOf_[d.nodes[i]] = static_cast<int>(dense_.size());
      localIndex_[d.nodes[i]] = static_cast<int>(i);
    }
    dense_.push_back(std::move(d));
  };
  if (whole_) {
    std::vector<int> all(n);
    for (int v = 0; v < n; ++v) all[v] = v;
    addDense(std::move(all));
  } else {
    for (const std::vector<int> &members : p.sccMembers)
      if (static_cast<int>(members.size()) <= kDenseComponentLimit) addDense(members);
  }
  for (Dense &d : dense_) buildDense(d);
}

// Floyd–Warshall in max-plus over one dense block, edges restricted to the block.
void DistanceClosure::buildDense(Dense &d) const {
  const int m = static_cast<int>(d.nodes.size());
  std::vector<int64_t> a(static_cast<size_t>(m) * m, kNoPath64);
  for (int i = 0; i < m; ++i) a[static_cast<size_t>(i) * m + i] = 0;
  const int block = denseOf_[d.nodes.front()];
  for (int i = 0; i < m; ++i)
    for (int ei : p_.succ[d.nodes[i]]) {
      const ModuloEdge &e = p_.edges[ei];
      if (denseOf_[e.dst] != block) continue;
      int64_t &cell = a[static_cast<size_t>(i) * m + localIndex_[e.dst]];
      cell = std::max(cell, edgeWeight(e, ii_));
    }
  for (int k = 0; k < m; ++k)
    for (int i = 0; i < m; ++i) {
      const int64_t ik = a[static_cast<size_t>(i) * m + k];
      if (ik == kNoPath64) continue;
      const int64_t *rowK = &a[static_cast<size_t>(k) * m];
      int64_t *rowI = &a[static_cast<size_t>(i) * m];
      for (int j = 0; j < m; ++j)
        if (rowK[j] != kNoPath64 && ik + rowK[j] > rowI[j]) rowI[j] = ik + rowK[j];
    }
  d.matrix.resize(a.size());
  for (size_t i = 0; i < a.size(); ++i) d.matrix[i] = a[i] == kNoPath64 ? kNoPath : clampToInt(a[i]);
}

const std::vector<int> &DistanceClosure::rowFrom(int u) const {
  for (const auto &[src, row] : rows_)
    if (src == u) return row;
  const int n = p_.numNodes;
  std::vector<int64_t> d(n, kNoPath64);
  std::vector<uint8_t> queued(n, 0);
  std::vector<int> relaxed(n, 0);
  std::deque<int> queue{u};
  d[u] = 0;
  queued[u] = 1;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    queued[v] = 0;
    if (++relaxed[v] > n) break;  // only reachable below RecMII; callers never probe there
    for (int ei : p_.succ[v]) {
      const ModuloEdge &e = p_.edges[ei];
      const int64_t cand = d[v] + edgeWeight(e, ii_);
      if (cand > d[e.dst]) {
        d[e.dst] = cand;
        if (!queued[e.dst]) {
          queued[e.dst] = 1;
          queue.push_back(e.dst);
        }
      }
    }
  }
  std::vector<int> row(n);
  for (int v = 0; v < n; ++v) row[v] = d[v] == kNoPath64 ? kNoPath : clampToInt(d[v]);
  row[u] = std::max(row[u], 0);
  if (rows_.size() == kRowCacheLimit) rows_.pop_front();
  rows_.emplace_back(u, std::move(row));
  return rows_.back().second;
}

bool DistanceClosure::isDense(int u, int v) const { return denseOf_[u] >= 0 && denseOf_[u] == denseOf_[v]; }

int DistanceClosure::dist(int u, int v) const {
  if (u == v) return 0;
  if (isDense(u, v)) {
    const Dense &d = dense_[denseOf_[u]];
    return d.matrix[static_cast<size_t>(localIndex_[u]) * d.nodes.size() + localIndex_[v]];
  }
  // Components are numbered topologically: no path leads to an earlier component, and two
  // small components' members only meet through a row.
  if (p_.scc[u] > p_.scc[v]) return kNoPath;
  return rowFrom(u)[v];
}

}  // namespace tilesched
