// The checker against an oracle written here from the rules themselves (SPEC §4.8, §5.1, seed 001,
// seed 004), on random small schedules that break every rule now and then: per trial the number of
// violations of each of the 13 kinds must be the oracle's, and over all trials every kind must come
// up. The oracle shares no code with core/check or core/target/ModuloOccupancy: rows are found by
// testing congruence cycle by cycle, groups by a union-find of its own.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "RandomModuloLoop.h"
#include "check/ScheduleChecker.h"

using namespace tilesched;
using tilesched::test::SplitMix;

namespace {

using K = Violation::Kind;
const std::vector<K> kAllKinds = {
    K::Dependence, K::Resource,  K::StageMismatch, K::DuplicateStageOrder, K::OrderMismatch, K::BadII,       K::Shape,
    K::MaxDepth,   K::SameDepth, K::Leader,        K::ForceSerial,         K::MemoryOrder,   K::BarrierOrder};

// Resource 0 is a slot (one unit per row), resource 1 a pool of two units.
const std::vector<int> kLimit = {1, 2};

struct Trial {
  int ii = 1;
  DependenceGraph graph;
  std::vector<OpResources> resources;
  TargetModel model;
  ConstraintState constraints;
  bool constrained = false;
  std::vector<CheckedOp> ops;
};

Trial randomTrial(SplitMix &rng) {
  Trial t;
  const int n = rng.between(2, 5);
  t.ii = rng.chance(0.03) ? rng.between(-1, 0) : rng.between(1, 4);
  Resource tma;
  tma.name = "tma";
  tma.slotId = 1;
  Resource ldst;
  ldst.name = "ldst";
  ldst.isSlot = false;
  ldst.capacity = kLimit[1];
  t.model.resources = {tma, ldst};

  t.graph.numNodes = n;
  t.graph.succ.assign(n, {});
  t.graph.pred.assign(n, {});
  const EdgeKind kinds[] = {EdgeKind::Data, EdgeKind::Carried, EdgeKind::Memory, EdgeKind::Barrier};
  for (int e = rng.between(0, n + 1); e > 0; --e) {
    DepEdge edge;
    edge.src = rng.below(n);
    edge.dst = rng.below(n);
    edge.latency = rng.between(0, 3);
    edge.distance = rng.between(0, 2);
    edge.kind = kinds[rng.below(4)];
    t.graph.succ[edge.src].push_back(static_cast<int>(t.graph.edges.size()));
    t.graph.pred[edge.dst].push_back(static_cast<int>(t.graph.edges.size()));
    t.graph.edges.push_back(edge);
  }

  t.resources.resize(n);
  for (OpResources &r : t.resources) {
    r.latency = rng.between(0, 4);
    for (int k = rng.between(0, 3); k > 0; --k) {
      FootprintRow row;
      for (int u = rng.between(0, 2); u > 0; --u) row.push_back(rng.chance(0.02) ? 7 : rng.below(2));
      r.footprint.push_back(row);
    }
  }

  t.constrained = rng.chance(0.6);
  t.constraints.slots.resize(n);
  t.constraints.regionForceSerial = rng.chance(0.05);
  for (ConstraintSlot &s : t.constraints.slots) {
    s.gid = rng.chance(0.4) ? rng.between(1, 3) : 0;
    s.leader_gid = rng.chance(0.3) ? rng.between(0, 3) : s.gid;
    s.max_depth = rng.chance(0.3) ? rng.between(0, 2) : 0;
    s.flags = rng.chance(0.1) ? static_cast<uint32_t>(FlagForceSerial) : 0u;
  }

  // Cycles, then stage = floor(cycle / II) and order = rank by cycle, each now and then broken.
  t.ops.resize(n);
  const int ii = std::max(t.ii, 1);
  for (CheckedOp &op : t.ops) op.cycle = rng.chance(0.03) ? -1 : rng.between(0, 3 * ii);
  for (int i = 0; i < n; ++i) {
    CheckedOp &op = t.ops[i];
    op.stage = op.cycle >= 0 ? op.cycle / ii : 0;
    for (int j = 0; j < n; ++j)
      if (t.ops[j].stage == op.stage && (t.ops[j].cycle < op.cycle || (t.ops[j].cycle == op.cycle && j < i)))
        ++op.order;
  }
  for (CheckedOp &op : t.ops) {
    if (rng.chance(0.08)) op.stage += rng.between(-1, 1);
    if (rng.chance(0.12)) op.order = rng.between(0, n - 1);
  }
  return t;
}

// Is `cycle` in modulo row `row` of a table of `ii` rows? Counted by stepping, not by `%`.
bool inRow(int64_t cycle, int64_t row, int64_t ii) {
  int64_t c = cycle;
  while (c < 0) c += ii;
  while (c >= ii) c -= ii;
  return c == row;
}

int find(std::map<uint32_t, uint32_t> &parent, uint32_t g) {
  if (!parent.count(g)) parent[g] = g;
  while (parent[g] != g) g = parent[g];
  return static_cast<int>(g);
}

// Violations per kind, from the rules as SPEC §4.8 / §5.1 and seed 004 state them.
std::map<K, int> oracle(const Trial &t) {
  std::map<K, int> count;
  const int n = t.graph.numNodes;
  // Shape: a footprint naming a resource the model lacks; nothing else is checked then.
  for (const OpResources &r : t.resources)
    for (const FootprintRow &row : r.footprint)
      for (int x : row) count[K::Shape] += x < 0 || x >= static_cast<int>(kLimit.size());
  if (count[K::Shape]) return count;
  if (t.ii < 1) return {{K::BadII, 1}};
  const int64_t ii = t.ii;
  auto cyc = [&](int v) { return static_cast<int64_t>(t.ops[v].cycle); };
  auto stage = [&](int v) { return t.ops[v].stage; };

  for (const DepEdge &e : t.graph.edges) {
    if (cyc(e.dst) >= cyc(e.src) + e.latency - ii * e.distance) continue;
    ++count[e.kind == EdgeKind::Memory    ? K::MemoryOrder
            : e.kind == EdgeKind::Barrier ? K::BarrierOrder
                                          : K::Dependence];
  }

  for (int r = 0; r < static_cast<int>(kLimit.size()); ++r)
    for (int64_t row = 0; row < ii; ++row) {
      int units = 0;
      for (int v = 0; v < n; ++v)
        for (size_t k = 0; k < t.resources[v].footprint.size(); ++k)
          if (inRow(cyc(v) + static_cast<int64_t>(k), row, ii))
            units +=
                static_cast<int>(std::count(t.resources[v].footprint[k].begin(), t.resources[v].footprint[k].end(), r));
      count[K::Resource] += units > kLimit[r];
    }

  for (int v = 0; v < n; ++v) {
    if (cyc(v) < 0) {
      ++count[K::StageMismatch];
      continue;
    }
    int64_t floorStage = 0;
    while ((floorStage + 1) * ii <= cyc(v)) ++floorStage;
    count[K::StageMismatch] += stage(v) != floorStage;
  }

  // (stage, order) unique: every op after the first of a pair is a duplicate.
  std::map<std::pair<int, int>, int> holders;
  for (int v = 0; v < n; ++v) count[K::DuplicateStageOrder] += holders[{stage(v), t.ops[v].order}]++ > 0;
  // Order ranks by cycle inside a stage: an op is out of order when a lower order starts later.
  for (int v = 0; v < n; ++v) {
    bool late = false;
    for (int u = 0; u < n; ++u)
      late = late || (stage(u) == stage(v) && t.ops[u].order < t.ops[v].order && cyc(u) > cyc(v));
    count[K::OrderMismatch] += late;
  }

  if (!t.constrained) return count;
  const std::vector<ConstraintSlot> &s = t.constraints.slots;
  for (int v = 0; v < n; ++v)
    count[K::MaxDepth] += s[v].max_depth > 0 && stage(v) + 1 > static_cast<int>(s[v].max_depth);

  // Same depth: grouped ops (gid or leader_gid non-zero) share the stage of their gid's first op.
  std::map<uint32_t, int> first;
  for (int v = 0; v < n; ++v)
    if (s[v].gid || s[v].leader_gid) first.emplace(s[v].gid, v);
  for (int v = 0; v < n; ++v)
    if ((s[v].gid || s[v].leader_gid) && stage(v) != stage(first[s[v].gid])) ++count[K::SameDepth];

  // Leader: gids joined by a leader_gid link share one stage; each carried gid of a joined set
  // is compared with the set's earliest first op.
  std::map<uint32_t, uint32_t> parent;
  std::set<uint32_t> linked;
  for (int v = 0; v < n; ++v)
    if (s[v].gid != s[v].leader_gid) {
      parent[find(parent, s[v].gid)] = find(parent, s[v].leader_gid);
      linked.insert(s[v].gid);
      linked.insert(s[v].leader_gid);
    }
  std::map<int, int> anchor;  // root -> earliest first op of the set's carried gids
  for (uint32_t g : linked)
    if (first.count(g)) {
      auto [it, added] = anchor.emplace(find(parent, g), first[g]);
      if (!added) it->second = std::min(it->second, first[g]);
    }
  for (uint32_t g : linked)
    if (first.count(g) && first[g] != anchor[find(parent, g)] && stage(first[g]) != stage(anchor[find(parent, g)]))
      ++count[K::Leader];

  // Force serial: a marked op starts after every earlier op completes, an unmarked op after every
  // earlier marked one, a marked op's latency fits in II, and a marked loop's iterations do not overlap.
  auto marked = [&](int v) { return t.constraints.regionForceSerial || (s[v].flags & FlagForceSerial); };
  auto done = [&](int v) { return cyc(v) + std::max(0, t.resources[v].latency); };
  for (int v = 0; v < n; ++v) {
    int64_t anyDone = INT64_MIN, markedDone = INT64_MIN;
    for (int u = 0; u < v; ++u) {
      anyDone = std::max(anyDone, done(u));
      if (marked(u)) markedDone = std::max(markedDone, done(u));
    }
    count[K::ForceSerial] += cyc(v) < (marked(v) ? anyDone : markedDone);
    count[K::ForceSerial] += marked(v) && t.resources[v].latency > ii;
  }
  if (t.constraints.regionForceSerial) {
    int64_t earliest = INT64_MAX, last = INT64_MIN;
    for (int v = 0; v < n; ++v) {
      earliest = std::min(earliest, cyc(v));
      last = std::max(last, done(v));
    }
    count[K::ForceSerial] += earliest + ii < last;
  }
  return count;
}

}  // namespace

TEST_CASE("the checker counts every violation kind as the rules' oracle does", "[check]") {
  SplitMix rng(0xC0FFEE);
  std::map<K, int> seen;
  for (int trial = 0; trial < 20000; ++trial) {
    const Trial t = randomTrial(rng);
    const std::vector<Violation> found =
        checkSchedule({t.graph, t.resources, t.model, t.constrained ? &t.constraints : nullptr, nullptr}, t.ii, t.ops);
    std::map<K, int> got;
    for (const Violation &v : found) ++got[v.kind];
    std::map<K, int> want = oracle(t);
    for (K k : kAllKinds) {
      INFO("trial " << trial << ", kind " << violationKindName(k));
      CHECK(got[k] == want[k]);
      seen[k] += want[k];
    }
  }
  for (K k : kAllKinds) {
    INFO("kind " << violationKindName(k));
    CHECK(seen[k] > 0);
  }
}

TEST_CASE("the 13 violation kinds have 13 distinct lower-case hyphenated names", "[check]") {
  std::set<std::string> names;
  for (K k : kAllKinds) {
    const std::string name = violationKindName(k);
    INFO(name);
    CHECK(!name.empty());
    CHECK(std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; }));
    names.insert(name);
  }
  CHECK(names.size() == kAllKinds.size());
}
