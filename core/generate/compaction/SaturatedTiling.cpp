#include "generate/compaction/SaturatedTiling.h"

#include "target/ModuloOccupancy.h"

#include <algorithm>
#include <numeric>

namespace tilesched {

namespace {

// An op holding the slot: rows [offset, offset + length) of its footprint.
struct Holder {
  int op = 0;
  int64_t offset = 0, length = 0;
};

int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

// The ops holding resource r, each in one run of single units, when their runs fill exactly II
// rows and they are at most kMaxTilingOps; else none.
std::vector<Holder> saturatedHolders(const ModuloProblem &p, int r, int ii) {
  std::vector<Holder> out;
  int64_t total = 0;
  for (int v = 0; v < p.numNodes; ++v) {
    int64_t begin = 0, first = -1, end = -1;
    for (const Footprint::Run &run : p.footprint[v].runs()) {
      const auto units = std::count(run.row.begin(), run.row.end(), r);
      if (units > 1) return {};
      if (units == 1) {
        if (first >= 0 && end != begin) return {};  // a second run of the slot
        if (first < 0) first = begin;
        end = static_cast<int64_t>(run.end);
      }
      begin = static_cast<int64_t>(run.end);
    }
    if (first < 0) continue;
    out.push_back({v, first, end - first});
    total += end - first;
  }
  if (total != ii || out.size() < 2 || out.size() > static_cast<size_t>(kMaxTilingOps)) return {};
  return out;
}

// Integer difference constraints x[j] - x[i] >= w over k + 1 variables (the last one the zero the
// bounds refer to): feasible iff the longest paths settle within k + 1 rounds.
struct Constraint {
  int from = 0, to = 0;
  int64_t weight = 0;
};

bool feasible(int variables, const std::vector<Constraint> &cs) {
  std::vector<int64_t> x(variables, 0);
  for (int round = 0; round <= variables; ++round) {
    bool changed = false;
    for (const Constraint &c : cs)
      if (x[c.from] + c.weight > x[c.to]) {
        x[c.to] = x[c.from] + c.weight;
        changed = true;
      }
    if (!changed) return true;
  }
  return false;
}

// One order around the ring: op i starts at T + c[i] + II * m[i] (T the first op's start, m[0] =
// 0). The closure bounds m[j] - m[i]; each window bounds m[i] for a given T, by steps that change
// only where T passes lo[i] - c[i] or hi[i] - c[i] + 1 modulo II, so those T (and lo[0]) are all
// that need trying. `windows`: false when the first op's window is too wide to step through.
bool orderFits(const IIContext &ctx, const std::vector<Holder> &h, const std::vector<int64_t> &c,
               const std::vector<int64_t> &lo, const std::vector<int64_t> &hi, bool windows) {
  const int k = static_cast<int>(h.size());
  const int64_t ii = ctx.ii;
  std::vector<Constraint> pairs{{k, 0, 0}, {0, k, 0}};  // m[0] = 0
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      const int d = i == j ? DistanceClosure::kNoPath : ctx.closure.dist(h[i].op, h[j].op);
      if (d != DistanceClosure::kNoPath) pairs.push_back({i, j, ceilDiv(d - c[j] + c[i], ii)});
    }
  if (!windows) return feasible(k + 1, pairs);
  const int64_t lo0 = lo[h[0].op], hi0 = hi[h[0].op];
  std::vector<int64_t> starts{lo0};
  for (int i = 1; i < k; ++i)
    for (int64_t a : {lo[h[i].op] - c[i], hi[h[i].op] - c[i] + 1})
      for (int64_t t = lo0 + moduloRow(a - lo0, 0, ii); t <= hi0; t += ii) starts.push_back(t);
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  for (int64_t t : starts) {
    std::vector<Constraint> cs = pairs;
    for (int i = 1; i < k; ++i) {
      cs.push_back({k, i, ceilDiv(lo[h[i].op] - c[i] - t, ii)});
      cs.push_back({i, k, -floorDiv(hi[h[i].op] - c[i] - t, ii)});
    }
    if (feasible(k + 1, cs)) return true;
  }
  return false;
}

}  // namespace

bool saturatedTilingRefutes(const IIContext &ctx, const std::vector<int64_t> &lo, const std::vector<int64_t> &hi) {
  const ModuloProblem &p = ctx.problem;
  for (int r = 0; r < static_cast<int>(p.capacity.size()); ++r) {
    if (p.capacity[r] != 1) continue;
    const std::vector<Holder> h = saturatedHolders(p, r, ctx.ii);
    if (h.empty()) continue;
    const bool windows = hi[h[0].op] - lo[h[0].op] <= int64_t{kMaxTilingStages} * ctx.ii;
    std::vector<int> rest(h.size() - 1);
    std::iota(rest.begin(), rest.end(), 1);
    bool fits = false;
    do {
      // The first op's run at ring row 0, the others' runs one after another in this order.
      std::vector<Holder> order{h[0]};
      std::vector<int64_t> c{0};
      int64_t row = h[0].length;
      for (int i : rest) {
        order.push_back(h[i]);
        c.push_back(row - h[i].offset + h[0].offset);
        row += h[i].length;
      }
      fits = orderFits(ctx, order, c, lo, hi, windows);
    } while (!fits && std::next_permutation(rest.begin(), rest.end()));
    if (!fits) return true;
  }
  return false;
}

}  // namespace tilesched
