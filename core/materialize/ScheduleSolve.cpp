// Schedule::solve, phase by phase (seed 002 "Schedule::solve" and "Six-Phase State Machine").
#include "materialize/ScheduleSolve.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <numeric>

namespace tilesched {

DisjointSet::DisjointSet(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }

int DisjointSet::find(int x) {
  int root = x;
  while (parent_[root] != root) root = parent_[root];
  while (parent_[x] != root) {
    int next = parent_[x];
    parent_[x] = root;
    x = next;
  }
  return root;
}

void DisjointSet::unite(int a, int b) {
  a = find(a);
  b = find(b);
  if (a == b) return;
  if (b < a) std::swap(a, b);
  parent_[b] = a;
}

// Phase 1. The comparator is lexicographic (stage, order) and never ties (seed 002,
// sub_8F7900): (stage, order) is unique per block, and the node id settles the rest. The view
// keeps each raw value's producers in that order.
void collectCandidateProducers(const ScheduleView &view, const PipePlaceholder &p, SolveState &s) {
  s.work = view.producersOf(p.raw);
}

// Phase 2.
void buildScheduleMaps(const ScheduleView &view, const PipePlaceholder &p, SolveState &s) {
  s.owner.clear();
  walkOps(*view.block().ops[p.consumer], [&](Operation &op) {
    for (const Value *v : op.operands)
      if (view.origin(v) == p.raw) s.owner.emplace(&op, p.consumer);
  });
}

namespace {

// The candidate producer that wrote a use of the raw value (followed through iter_args), or -1:
// a candidate's own op first, then the consumer side of the owner map.
int candidateOf(const SolveState &s, const TracedUse &u) {
  if (!u.src.value || !u.src.value->definingOp) return -1;
  if (u.producerResult) return u.src.producer;
  auto it = s.owner.find(u.src.value->definingOp);
  return it == s.owner.end() ? -1 : it->second;
}

}  // namespace

// Phase 3. Start from the producers of the values the consumer reads, then follow their
// same-origin operands upstream. A producer is live at the consumer when its write issues no
// later than the read: cycle(P) <= cycle(C) + d * II. A producer first met at a larger distance
// is revisited when a shorter one turns up, so each keeps its nearest write.
void closeUnderLiveAtConsumer(const ScheduleView &view, const PipePlaceholder &p, SolveState &s) {
  s.distance.assign(view.numNodes(), SolveState::kNotLive);
  s.dead.clear();
  std::deque<int> queue;
  const OpSchedule &consumer = view.info(p.consumer);
  auto admit = [&](int producer, int distance) {
    const OpSchedule &info = view.info(producer);
    bool inTime = (int64_t)info.cycle <= (int64_t)consumer.cycle + (int64_t)distance * view.ii();
    if (!inTime || (producer == p.consumer && distance == 0)) {
      s.dead.insert(producer);
      return;
    }
    if (s.distance[producer] != SolveState::kNotLive && s.distance[producer] <= distance) return;
    s.distance[producer] = distance;
    queue.push_back(producer);
  };
  for (const TracedUse &u : view.tracedUses(p.consumer)) {
    if (u.origin != p.raw) continue;
    if (int producer = candidateOf(s, u); producer >= 0) admit(producer, u.src.distance);
  }
  while (!queue.empty()) {
    int producer = queue.front();
    queue.pop_front();
    const int base = s.distance[producer];
    for (const TracedUse &w : view.tracedUses(producer)) {
      if (w.origin != p.raw) continue;
      if (int upstream = candidateOf(s, w); upstream >= 0) admit(upstream, base + w.src.distance);
    }
  }
  s.live.clear();
  for (int node : s.work)
    if (s.distance[node] != SolveState::kNotLive) {
      s.live.push_back(node);
      s.dead.erase(node);
    }
}

// Phase 4. The forest starts from the constraint-attribute DSU (seed 002: the UF buckets are
// seeded from Schedule+0x70): producers of one constraint group start together, with the
// absent == 0 quirk putting every unconstrained op in group 0. Then a producer joins the
// producer of each operand that carries the same raw value.
void unionSameOrigin(const ScheduleView &view, const ConstraintState *constraints, const PipePlaceholder &p,
                     SolveState &s) {
  DisjointSet dsu(s.live.size());
  std::vector<int> index(view.numNodes(), -1);  // node -> position in live
  for (size_t i = 0; i < s.live.size(); ++i) index[s.live[i]] = static_cast<int>(i);

  if (constraints && constraints->slots.size() == static_cast<size_t>(view.numNodes())) {
    std::map<uint32_t, int> firstOfGroup;
    for (size_t i = 0; i < s.live.size(); ++i) {
      uint32_t group = constraints->dsu.findNoCompress(constraints->slots[s.live[i]].gid);
      auto [it, inserted] = firstOfGroup.emplace(group, static_cast<int>(i));
      if (!inserted) dsu.unite(it->second, static_cast<int>(i));
    }
  }
  for (size_t i = 0; i < s.live.size(); ++i)
    for (const TracedUse &w : view.tracedUses(s.live[i])) {
      if (w.origin != p.raw) continue;
      int def = candidateOf(s, w);
      if (def >= 0 && index[def] >= 0) dsu.unite(static_cast<int>(i), index[def]);
    }

  s.groups.clear();
  std::map<int, size_t> groupOfRoot;
  for (size_t i = 0; i < s.live.size(); ++i) {
    auto [it, inserted] = groupOfRoot.emplace(dsu.find(static_cast<int>(i)), s.groups.size());
    if (inserted) s.groups.emplace_back();
    s.groups[it->second].push_back(s.live[i]);
  }
}

// Phase 5. The canonical owner of a group is its earliest member by (stage, order).
void chooseEarliestOwners(const ScheduleView &view, SolveState &s) {
  s.canonical.clear();
  for (const std::vector<int> &members : s.groups)
    s.canonical.push_back(
        *std::min_element(members.begin(), members.end(), [&](int a, int b) { return view.before(a, b); }));
}

// Phase 6. One Pipe_ per group; with no live producer, a consumer-only Pipe_ with the scalar
// constructor's default depth 2 (facts §4.1, sub_8E9450 with no producer range) and the
// trivial-fallback flag: later passes diagnose the missing dataflow.
std::vector<PipeSkeleton> emitPipes(const ScheduleView &view, const PipePlaceholder &p, SolveState &s) {
  std::vector<PipeSkeleton> out;
  auto operandsFrom = [&](const std::vector<int> *members) {
    std::vector<const Value *> operands;
    for (const TracedUse &u : view.tracedUses(p.consumer)) {
      if (u.origin != p.raw) continue;
      const Value *v = members ? u.src.value : u.value;
      if (members && std::find(members->begin(), members->end(), candidateOf(s, u)) == members->end()) continue;
      if (std::find(operands.begin(), operands.end(), v) == operands.end()) operands.push_back(v);
    }
    return operands;
  };
  for (size_t g = 0; g < s.groups.size(); ++g) {
    PipeSkeleton k;
    k.raw = p.raw;
    k.members = s.groups[g];
    k.canonical = s.canonical[g];
    k.consumer = p.consumer;
    k.operands = operandsFrom(&k.members);
    k.depth = 1;
    auto handOff = [&](int member, int distance) {
      k.depth = std::max(k.depth, view.ringDepth(member, p.consumer, distance));
      k.stagesCrossed = std::max(k.stagesCrossed, view.stagesCrossed(member, p.consumer, distance));
    };
    for (int member : k.members) handOff(member, s.distance[member]);
    // The live set keeps each producer's nearest write; a consumer that also reads a member's
    // value of an earlier iteration (online softmax: the row max and the running max, its value
    // one iteration back) holds that value longer, and the ring must cover every such read.
    for (const TracedUse &u : view.tracedUses(p.consumer)) {
      if (u.origin != p.raw) continue;
      int member = candidateOf(s, u);
      if (std::find(k.members.begin(), k.members.end(), member) != k.members.end()) handOff(member, u.src.distance);
    }
    out.push_back(std::move(k));
  }
  if (s.live.empty()) {
    PipeSkeleton k;
    k.raw = p.raw;
    k.canonical = p.consumer;
    k.consumer = p.consumer;
    k.operands = operandsFrom(nullptr);
    k.depth = 2;
    k.trivialFallback = true;
    s.trivialFallback = true;
    out.push_back(std::move(k));
  }
  return out;
}

std::vector<PipeSkeleton> solveSchedule(const ScheduleView &view, const ConstraintState *constraints,
                                        const PipePlaceholder &p, SolveState *state) {
  SolveState local;
  SolveState &s = state ? *state : local;
  collectCandidateProducers(view, p, s);
  buildScheduleMaps(view, p, s);
  closeUnderLiveAtConsumer(view, p, s);
  unionSameOrigin(view, constraints, p, s);
  chooseEarliestOwners(view, s);
  return emitPipes(view, p, s);
}

}  // namespace tilesched
