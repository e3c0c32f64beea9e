#include "ExactModuloSolver.h"

#include <algorithm>
#include <map>

namespace tilesched::test {

namespace {

constexpr int64_t kNone = INT64_MIN / 8;

struct Edge {
  int src, dst;
  int64_t latency;
  int distance;
};

struct Instance {
  int n = 0;
  std::vector<Edge> edges;
  std::vector<int> group;     // -1 = none
  std::vector<int> maxDepth;  // 0 = none
  std::vector<Footprint> footprint;
  std::vector<int> capacity;
  bool stageConstraints = false;
};

Instance prepare(const RandomLoop &loop) {
  Instance in;
  in.n = loop.graph.numNodes;
  for (const DepEdge &e : loop.graph.edges) in.edges.push_back({e.src, e.dst, e.latency, e.distance});
  for (const Resource &r : loop.model.resources) in.capacity.push_back(r.capacity);
  std::map<uint32_t, int> groups;
  in.group.assign(in.n, -1);
  in.maxDepth.assign(in.n, 0);
  for (int v = 0; v < in.n; ++v) {
    in.footprint.push_back(loop.resources[v].footprint);
    const ConstraintSlot &s = loop.constraints.slots[v];
    in.maxDepth[v] = static_cast<int>(s.max_depth);
    if (s.gid != 0 || s.leader_gid != 0)
      in.group[v] =
          groups.emplace(loop.constraints.dsu.findNoCompress(s.gid), static_cast<int>(groups.size())).first->second;
    in.stageConstraints = in.stageConstraints || in.group[v] >= 0 || in.maxDepth[v] > 0;
    if (s.flags & FlagForceSerial) {
      const int64_t own = std::max(0, loop.resources[v].latency);
      for (int u = 0; u < in.n; ++u) {
        if (u < v) in.edges.push_back({u, v, std::max(0, loop.resources[u].latency), 0});
        if (u > v) in.edges.push_back({v, u, own, 0});
      }
      in.edges.push_back({v, v, own, 1});
    }
  }
  return in;
}

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

class Solver {
public:
  Solver(const Instance &in, int ii, int64_t &nodes) : in_(in), ii_(ii), nodes_(nodes) {}

  // 1 feasible, 0 infeasible, -1 node limit.
  int run(std::vector<int> *start) {
    const int n = in_.n;
    d_.assign(static_cast<size_t>(n) * n, kNone);
    for (int v = 0; v < n; ++v) at(v, v) = 0;
    for (const Edge &e : in_.edges)
      at(e.src, e.dst) = std::max(at(e.src, e.dst), e.latency - int64_t{ii_} * e.distance);
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (at(i, k) != kNone && at(k, j) != kNone) at(i, j) = std::max(at(i, j), at(i, k) + at(k, j));
    for (int v = 0; v < n; ++v)
      if (at(v, v) > 0) return 0;
    // Two ops of one group sit in one stage, so no path between them may span II cycles.
    for (int u = 0; u < n; ++u)
      for (int v = 0; v < n; ++v)
        if (u != v && in_.group[u] >= 0 && in_.group[u] == in_.group[v] && at(u, v) >= ii_) return 0;
    // Every op starts at cycle >= 0, so an op with max_depth k cannot sit a path of k*II cycles
    // behind another op.
    for (int u = 0; u < n; ++u)
      for (int v = 0; v < n; ++v)
        if (in_.maxDepth[v] > 0 && at(u, v) >= int64_t{in_.maxDepth[v]} * ii_) return 0;
    // Constrained ops first (their conflicts surface early), each next op the one with the most
    // closure links to those already placed.
    order_.clear();
    std::vector<int> links(n, 0);
    std::vector<uint8_t> taken(n, 0);
    for (int v = 0; v < n; ++v) links[v] = (in_.group[v] >= 0 || in_.maxDepth[v] > 0) ? n * n : 0;
    for (int d = 0; d < n; ++d) {
      int best = -1;
      for (int v = 0; v < n; ++v)
        if (!taken[v] && (best < 0 || links[v] > links[best])) best = v;
      taken[best] = 1;
      order_.push_back(best);
      for (int v = 0; v < n; ++v) links[v] += (at(best, v) != kNone) + (at(v, best) != kNone);
    }
    row_.assign(n, 0);
    use_.assign(static_cast<size_t>(ii_) * in_.capacity.size(), 0);
    const int r = dfs(0);
    if (r == 1 && start) {
      std::vector<int64_t> k;
      stagesFeasible(n, &k);
      start->assign(n, 0);
      for (int v = 0; v < n; ++v) (*start)[v] = static_cast<int>(k[v] * ii_ + row_[v]);
    }
    return r;
  }

private:
  int64_t &at(int u, int v) { return d_[static_cast<size_t>(u) * in_.n + v]; }

  bool addUse(int v, int r, int sign) {
    bool ok = true;
    for (size_t k = 0; k < in_.footprint[v].size(); ++k)
      for (int res : in_.footprint[v][k]) {
        int &u = use_[((r + k) % ii_) * in_.capacity.size() + res];
        u += sign;
        ok = ok && u <= in_.capacity[res];
      }
    return ok;
  }

  // Stages of the first m ops of order_ (by op id) plus an anchor (index n): longest paths by
  // Bellman-Ford.
  bool stagesFeasible(int m, std::vector<int64_t> *stage) {
    struct C {
      int a, b;
      int64_t w;  // stage[b] - stage[a] >= w
    };
    const int z = in_.n;
    std::vector<C> cs;
    for (int i = 0; i < m; ++i) {
      const int u = order_[i];
      cs.push_back({z, u, 0});
      if (in_.maxDepth[u] > 0) cs.push_back({u, z, -(in_.maxDepth[u] - 1)});
      for (int j = 0; j < m; ++j) {
        const int v = order_[j];
        if (u == v) continue;
        if (at(u, v) != kNone) cs.push_back({u, v, ceilDiv(row_[u] - row_[v] + at(u, v), ii_)});
        if (in_.group[u] >= 0 && in_.group[u] == in_.group[v]) cs.push_back({u, v, 0});
      }
    }
    std::vector<int64_t> s(z + 1, kNone);
    s[z] = 0;
    for (int pass = 0; pass <= m + 1; ++pass) {
      bool changed = false;
      for (const C &c : cs)
        if (s[c.a] != kNone && s[c.a] + c.w > s[c.b]) {
          s[c.b] = s[c.a] + c.w;
          changed = true;
        }
      if (!changed) {
        if (stage) *stage = s;
        return true;
      }
    }
    return false;
  }

  int dfs(int d) {
    if (d == in_.n) return 1;
    if (--nodes_ < 0) return -1;
    const int v = order_[d];
    const int rows = d == 0 && !in_.stageConstraints ? 1 : ii_;  // rotation symmetry
    for (int r = 0; r < rows; ++r) {
      row_[v] = r;
      const bool fits = addUse(v, r, +1);
      int res = 0;
      if (fits && stagesFeasible(d + 1, nullptr)) res = dfs(d + 1);
      addUse(v, r, -1);
      if (res != 0) return res;
    }
    return 0;
  }

  const Instance &in_;
  const int ii_;
  int64_t &nodes_;
  std::vector<int64_t> d_;
  std::vector<int> order_, row_;
  std::vector<int> use_;
};

}  // namespace

ExactAnswer exactMinimumII(const RandomLoop &loop, int maxII, int64_t nodeLimit) {
  const Instance in = prepare(loop);
  ExactAnswer answer;
  int64_t nodes = nodeLimit;
  std::vector<int64_t> units(in.capacity.size(), 0);
  for (const Footprint &f : in.footprint)
    for (const FootprintRow &row : f)
      for (int r : row) ++units[r];
  for (int ii = 1; ii <= maxII; ++ii) {
    // Counting alone rules out an II below some resource's total demand; skip the search there.
    bool counted = true;
    for (size_t r = 0; r < units.size(); ++r) counted = counted && units[r] <= int64_t{in.capacity[r]} * ii;
    if (!counted) continue;
    std::vector<int> start;
    const int r = Solver(in, ii, nodes).run(&start);
    if (r < 0) return answer;
    if (r == 1) {
      answer.decided = true;
      answer.ii = ii;
      answer.start = std::move(start);
      return answer;
    }
  }
  answer.decided = true;
  return answer;
}

}  // namespace tilesched::test
