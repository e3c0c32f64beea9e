#include "generate/exact/WindowSearch.h"

#include <algorithm>
#include <map>

#include "generate/GraphAlgorithms.h"
#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

// Set bits of `bits` in [begin, end), end <= the bit count.
int countBits(const std::vector<uint64_t> &bits, int begin, int end) {
  int count = 0;
  while (begin < end) {
    const int word = begin / 64, offset = begin % 64;
    const int take = std::min(64 - offset, end - begin);
    uint64_t w = bits[word] >> offset;
    if (take < 64) w &= (uint64_t{1} << take) - 1;
    count += __builtin_popcountll(w);
    begin += take;
  }
  return count;
}

// What makes two folded footprints equal, flattened.
std::vector<int64_t> footprintKey(const FoldedFootprint &fp) {
  std::vector<int64_t> key;
  for (const FoldedFootprint::Run &r : fp.runs) {
    key.push_back(r.offset);
    key.push_back(r.length);
    key.push_back(r.poolEnd - r.poolBegin);
    for (int k = r.poolBegin; k < r.poolEnd; ++k) {
      key.push_back(fp.pools[k].first);
      key.push_back(fp.pools[k].second);
    }
  }
  key.push_back(-1);
  for (uint64_t w : fp.bits) key.push_back(static_cast<int64_t>(w));
  return key;
}

}  // namespace

FootprintComponents::FootprintComponents(const IIContext &ctx) {
  const ModuloProblem &p = ctx.problem;
  footprintClass.assign(p.numNodes, -1);
  std::map<std::vector<int64_t>, int> classes;
  std::vector<int> index(p.sccMembers.size(), -1);
  for (int v = 0; v < p.numNodes; ++v) {
    if (ctx.folded[v].empty()) continue;
    auto [it, added] = classes.emplace(footprintKey(ctx.folded[v]), static_cast<int>(classRepresentative.size()));
    if (added) classRepresentative.push_back(v);
    footprintClass[v] = it->second;
    index[p.scc[v]] = 0;
  }
  for (size_t c = 0; c < index.size(); ++c) {
    if (index[c] < 0) continue;
    std::vector<int> members;
    for (int v : p.sccMembers[c])
      if (!ctx.folded[v].empty()) members.push_back(v);
    stableSortIndices(members, [&](int a, int b) { return ctx.priorityRank[a] < ctx.priorityRank[b]; });
    // Row-major queries: a large component's closure answers one source row at a time.
    const size_t k = members.size();
    std::vector<int64_t> d(k * k, kNoPath64);
    for (size_t a = 0; a < k; ++a)
      for (size_t b = 0; b < k; ++b) {
        const int x = ctx.closure.dist(members[a], members[b]);
        if (x != DistanceClosure::kNoPath) d[a * k + b] = x;
      }
    ops.push_back(std::move(members));
    dist.push_back(std::move(d));
  }
}

FootprintComponents FootprintComponents::only(int cls) const {
  FootprintComponents sub;
  sub.footprintClass = footprintClass;
  sub.classRepresentative = classRepresentative;
  for (size_t c = 0; c < ops.size(); ++c) {
    std::vector<size_t> keep;
    for (size_t a = 0; a < ops[c].size(); ++a)
      if (footprintClass[ops[c][a]] == cls) keep.push_back(a);
    if (keep.empty()) continue;
    const size_t k = ops[c].size(), n = keep.size();
    std::vector<int> members(n);
    std::vector<int64_t> d(n * n);
    for (size_t a = 0; a < n; ++a) {
      members[a] = ops[c][keep[a]];
      for (size_t b = 0; b < n; ++b) d[a * n + b] = dist[c][keep[a] * k + keep[b]];
    }
    sub.ops.push_back(std::move(members));
    sub.dist.push_back(std::move(d));
  }
  return sub;
}

int64_t orderInterchangeableOps(const IIContext &ctx, FootprintComponents &fc, WorkBudget *budget) {
  // Whether two copies of a class's footprint at one row overfill a resource.
  std::vector<int8_t> exclusive(fc.classRepresentative.size(), -1);
  auto strict = [&](int cls) {
    if (exclusive[cls] < 0) {
      ReservationTable rrt(ctx.layout, ctx.ii);
      const FoldedFootprint &fp = ctx.folded[fc.classRepresentative[cls]];
      rrt.reserve(fp, 0);
      exclusive[cls] = rrt.probe(fp, 0) ? 0 : 1;
    }
    return exclusive[cls] == 1;
  };
  int64_t added = 0;
  for (size_t c = 0; c < fc.ops.size(); ++c) {
    const std::vector<int> &ops = fc.ops[c];
    std::vector<int64_t> &d = fc.dist[c];
    const size_t k = ops.size();
    auto twins = [&](int a, int b) {
      if (fc.footprintClass[ops[a]] != fc.footprintClass[ops[b]] || d[a * k + b] != d[b * k + a]) return false;
      for (size_t x = 0; x < k; ++x)
        if (x != size_t(a) && x != size_t(b) && (d[a * k + x] != d[b * k + x] || d[x * k + a] != d[x * k + b]))
          return false;
      return true;
    };
    // Interchangeable ops have equal multisets of closure entries in their rows and columns
    // (the pair's own entries swap places), so only ops of one bucket (a hash of those and the
    // footprint) are compared; and interchangeability is an equivalence (equal closures make
    // every pair of a class the same distance apart both ways), so each op joins the class of
    // the first member it matches.
    if (budget && !budget->spend(1 + static_cast<int64_t>(k * k / 64))) return -1;
    std::map<uint64_t, std::vector<std::vector<int>>> buckets;
    std::vector<int64_t> row(k), column(k);
    for (int a = 0; a < static_cast<int>(k); ++a) {
      for (size_t x = 0; x < k; ++x) {
        row[x] = d[a * k + x];
        column[x] = d[x * k + a];
      }
      std::sort(row.begin(), row.end());
      std::sort(column.begin(), column.end());
      uint64_t bucket = static_cast<uint64_t>(fc.footprintClass[ops[a]]);
      for (const std::vector<int64_t> *entries : {&row, &column})
        for (int64_t x : *entries) bucket = bucket * 0x100000001B3ull ^ static_cast<uint64_t>(x);
      std::vector<std::vector<int>> &classes = buckets[bucket];
      auto it = std::find_if(classes.begin(), classes.end(), [&](const auto &cl) { return twins(cl.front(), a); });
      if (it == classes.end()) classes.push_back({a});
      else it->push_back(a);
    }
    // Classes in order of their first op, so the edges (and the closure) do not depend on the map.
    std::vector<std::vector<int>> classes;
    for (auto &[key, list] : buckets)
      for (std::vector<int> &cl : list)
        if (cl.size() > 1) classes.push_back(std::move(cl));
    std::sort(classes.begin(), classes.end());
    for (std::vector<int> &cl : classes) {
      stableSortIndices(cl, [&](int x, int y) { return ops[x] < ops[y]; });
      const int64_t gap = strict(fc.footprintClass[ops[cl.front()]]) ? 1 : 0;
      for (size_t n = 1; n < cl.size(); ++n) {
        const size_t a = cl[n - 1], b = cl[n];
        if (d[a * k + b] >= gap) continue;
        if (budget && !budget->spend(1 + static_cast<int64_t>(k * k / 64))) return -1;
        // t(b) - t(a) >= gap: every path through the new edge (the diagonal is 0).
        for (size_t i = 0; i < k; ++i) {
          const int64_t ia = d[i * k + a];
          if (ia == kNoPath64) continue;
          for (size_t j = 0; j < k; ++j) {
            const int64_t bj = d[b * k + j];
            if (bj != kNoPath64 && ia + gap + bj > d[i * k + j]) d[i * k + j] = ia + gap + bj;
          }
        }
        ++added;
      }
    }
  }
  return added;
}

WindowSearch::WindowSearch(const IIContext &ctx, const FootprintComponents &fc, std::vector<int> components)
    : ctx_(ctx), fc_(fc), ii_(ctx.ii), compOf_(std::move(components)), rrt_(ctx.layout, ctx.ii) {
  compOps_.resize(compOf_.size());
  for (size_t c = 0; c < compOf_.size(); ++c)
    for (int v : fc.ops[compOf_[c]]) {
      compOps_[c].push_back(static_cast<int>(ops_.size()));
      posInComp_.push_back(static_cast<int>(compOps_[c].size()) - 1);
      comp_.push_back(static_cast<int>(c));
      ops_.push_back(v);
    }
  // Components open largest first: the recurrences whose ops bound each other most.
  anchorOrder_ = stableOrder(compOps_.size(), [&](int a, int b) { return compOps_[a].size() > compOps_[b].size(); });
  const size_t m = ops_.size();
  compPlaced_.assign(compOps_.size(), 0);
  placed_.assign(m, 0);
  start_.assign(m, 0);
  lo_.assign(m, 0);
  hi_.assign(m, 0);
  fits_.assign(fc.classRepresentative.size(), std::vector<uint64_t>((ii_ + 63) / 64, 0));
  for (size_t cls = 0; cls < fits_.size(); ++cls)
    rrt_.markFits(ctx.folded[fc.classRepresentative[cls]], 0, ii_, fits_[cls]);
}

int64_t WindowSearch::dist(int i, int j) const {
  const int c = comp_[i];
  return fc_.dist[compOf_[c]][static_cast<size_t>(posInComp_[i]) * compOps_[c].size() + posInComp_[j]];
}

// Rows where each footprint class fits. A change of op i at cycle t only affects the rows r of
// a class whose folded rows meet i's: r + b + y == t + a + x (mod II) for a run of i at offset a
// (x below its length) and one of the class at offset b (y below its length), so r lies between
// t + (first row of i) - (end of the class's last run) + 1 and t + (end of i's last run) - (first
// row of the class): one range per class.
std::pair<int64_t, int64_t> WindowSearch::affectedRows(int i, int64_t t, size_t cls) const {
  const FoldedFootprint &changed = ctx_.folded[ops_[i]];
  const FoldedFootprint &fp = ctx_.folded[fc_.classRepresentative[cls]];
  const int64_t to = t + changed.runs.back().offset + changed.runs.back().length;
  const int64_t begin = t + changed.runs.front().offset - (fp.runs.back().offset + fp.runs.back().length) + 1;
  return {begin, to - fp.runs.front().offset - begin};
}

// A placement only takes rows, so it re-marks the affected range of each class; its bits before
// are saved, and unplacing restores them (the table is again what it was) instead of re-marking:
// at a long footprint that range is the whole table for every class. The restore charges the
// cells the re-marking would meet, so a work budget ends at the same node as before.
// A class that fits in none of the affected rows fits in none after the placement either: its
// re-marking is charged, not run.
void WindowSearch::refreshFits(int i, int64_t t) {
  for (const std::vector<uint64_t> &bits : fits_) savedFits_.insert(savedFits_.end(), bits.begin(), bits.end());
  for (size_t cls = 0; cls < fits_.size(); ++cls) {
    const auto [begin, length] = affectedRows(i, t, cls);
    const FoldedFootprint &fp = ctx_.folded[fc_.classRepresentative[cls]];
    bool fitting = false;
    forEachModuloRange(begin, std::min<int64_t>(length, ii_), ii_, [&](int64_t from, int64_t to, int64_t) {
      fitting = fitting || nextFit(fits_[cls], from, to) < to;
    });
    if (!fitting) rrt_.chargeScanCells(rrt_.fitScanCells(fp, begin, length));
    else rrt_.markFits(fp, begin, length, fits_[cls]);
  }
}

void WindowSearch::restoreFits(int i, int64_t t) {
  for (size_t cls = fits_.size(); cls-- > 0;) {
    const auto [begin, length] = affectedRows(i, t, cls);
    rrt_.chargeScanCells(rrt_.fitScanCells(ctx_.folded[fc_.classRepresentative[cls]], begin, length));
    std::vector<uint64_t> &bits = fits_[cls];
    std::copy(savedFits_.end() - static_cast<std::ptrdiff_t>(bits.size()), savedFits_.end(), bits.begin());
    savedFits_.resize(savedFits_.size() - bits.size());
  }
}

// Free rows of op i in its window (which repeats every II cycles).
int WindowSearch::freeRows(int i) {
  const std::vector<uint64_t> &bits = fits_[fc_.footprintClass[ops_[i]]];
  const int64_t width = std::min<int64_t>(hi_[i] - lo_[i] + 1, ii_);
  if (width <= 0) return 0;
  const int begin = static_cast<int>(moduloRow(lo_[i], 0, ii_));
  const int end = begin + static_cast<int>(width);
  return end <= ii_ ? countBits(bits, begin, end) : countBits(bits, begin, ii_) + countBits(bits, 0, end - ii_);
}

void WindowSearch::place(int i, int64_t t) {
  const int c = comp_[i];
  placed_[i] = 1;
  start_[i] = t;
  ++placedCount_;
  ++compPlaced_[c];
  rrt_.reserve(ctx_.folded[ops_[i]], static_cast<int>(moduloRow(t, 0, ii_)));
  refreshFits(i, t);
  for (int j : compOps_[c]) {
    if (placed_[j]) continue;
    const bool first = compPlaced_[c] == 1;
    const int64_t lo = first ? t + dist(i, j) : std::max(lo_[j], t + dist(i, j));
    const int64_t hi = first ? t - dist(j, i) : std::min(hi_[j], t - dist(j, i));
    if (!first && lo == lo_[j] && hi == hi_[j]) continue;
    trail_.push_back({j, lo_[j], hi_[j]});
    lo_[j] = lo;
    hi_[j] = hi;
  }
}

void WindowSearch::unplace(int i, size_t trailMark) {
  while (trail_.size() > trailMark) {
    const Saved &s = trail_.back();
    lo_[s.op] = s.lo;
    hi_[s.op] = s.hi;
    trail_.pop_back();
  }
  rrt_.release(ctx_.folded[ops_[i]], static_cast<int>(moduloRow(start_[i], 0, ii_)));
  restoreFits(i, start_[i]);
  --compPlaced_[comp_[i]];
  --placedCount_;
  placed_[i] = 0;
}

bool WindowSearch::search() {
  if (placedCount_ == static_cast<int>(ops_.size())) return true;
  // Fail-first inside the open components; an op without a free row fails the node.
  int pick = -1, best = ii_ + 1;
  for (int c : anchorOrder_) {
    if (compPlaced_[c] == 0 || compPlaced_[c] == static_cast<int>(compOps_[c].size())) continue;
    for (int j : compOps_[c]) {
      if (placed_[j]) continue;
      const int rows = freeRows(j);
      if (rows == 0) return false;
      if (rows < best) {
        best = rows;
        pick = j;
      }
    }
  }
  int64_t lo = 0, hi = 0;
  if (pick >= 0) {
    lo = lo_[pick];
    hi = hi_[pick];
  } else {
    for (int c : anchorOrder_)
      if (pick < 0 && compPlaced_[c] == 0) pick = compOps_[c].front();
    hi = placedCount_ == 0 && rotationFixed_ ? 0 : ii_ - 1;
  }
  // fits_ is current (place and unplace refresh it), and the op's footprint is its class's.
  const std::vector<uint64_t> &fits = fits_[fc_.footprintClass[ops_[pick]]];
  for (int64_t t = lo; t <= hi; ++t) {
    // Straight to the next row where the op fits (the rows past the table's end wrap to row 0).
    const int64_t row = moduloRow(t, 0, ii_), next = nextFit(fits, row, ii_);
    if (next != row) {
      const int64_t to = next < ii_ ? next : nextFit(fits, 0, row) + ii_;
      if (to == row + ii_) break;  // no row fits
      t += to - row - 1;
      continue;
    }
    // A node, with the fit scans that place and unplace made since the last one.
    if (++nodes_ > nodeLimit_ || (budget_ && !budget_->spend(1 + rrt_.takeScanUnits()))) {
      exhausted_ = true;
      return false;
    }
    const size_t mark = trail_.size();
    place(pick, t);
    if (search()) return true;
    unplace(pick, mark);
    if (exhausted_) return false;
  }
  return false;
}

ExactOutcome WindowSearch::run(int64_t nodeLimit, WorkBudget *budget) {
  nodeLimit_ = nodeLimit;
  budget_ = budget;
  nodes_ = 0;
  exhausted_ = false;
  rotationFixed_ = !ctx_.problem.hasStageConstraints();
  if (search()) return ExactOutcome::Found;
  return exhausted_ ? ExactOutcome::BudgetExhausted : ExactOutcome::Infeasible;
}

std::vector<int> WindowSearch::completeSchedule() const {
  std::vector<int64_t> placed(ctx_.problem.numNodes, kNoPath64);
  for (size_t i = 0; i < ops_.size(); ++i) placed[ops_[i]] = start_[i];
  return completeFootprintSchedule(ctx_, placed);
}

std::vector<int> completeFootprintSchedule(const IIContext &ctx, const std::vector<int64_t> &placed) {
  const ModuloProblem &p = ctx.problem;
  const int ii = ctx.ii;
  std::vector<int64_t> t(p.numNodes, kNoPath64);
  for (const std::vector<int> &members : p.sccMembers) {
    // Without placed ops a component starts at cycle 0 or after its predecessors.
    bool anyPlaced = false;
    for (int v : members) anyPlaced = anyPlaced || placed[v] != kNoPath64;
    int64_t shift = 0;
    for (;;) {
      for (int v : members) t[v] = placed[v] != kNoPath64 ? placed[v] + shift : anyPlaced ? kNoPath64 : 0;
      // Longest paths into the free ops: the placed ops are sources, as are earlier components.
      for (size_t pass = 0; pass <= members.size(); ++pass) {
        bool changed = false;
        for (int v : members) {
          if (placed[v] != kNoPath64) continue;
          for (int ei : p.pred[v]) {
            const ModuloEdge &e = p.edges[ei];
            if (t[e.src] == kNoPath64) continue;
            const int64_t cand = t[e.src] + edgeWeight(e, ii);
            if (cand > t[v]) {
              t[v] = cand;
              changed = true;
            }
          }
        }
        if (!changed) break;
      }
      int64_t need = 0;
      for (int v : members) {
        if (placed[v] == kNoPath64) continue;
        for (int ei : p.pred[v]) {
          const ModuloEdge &e = p.edges[ei];
          if (t[e.src] != kNoPath64) need = std::max(need, t[e.src] + edgeWeight(e, ii) - t[v]);
        }
      }
      if (need <= 0) break;
      shift += ceilDiv(need, ii) * ii;
    }
  }
  std::vector<int> start(p.numNodes);
  for (int v = 0; v < p.numNodes; ++v) start[v] = static_cast<int>(t[v]);
  return start;
}

}  // namespace tilesched
