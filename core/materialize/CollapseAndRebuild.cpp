// After the per-pair solves: collapse duplicate skeletons (seed 002 collapse_skeleton_pipes)
// and lay the block out again in (stage, order) with the Pipe_/Mutex_ values spliced in
// (rebuild_scheduled_region).
#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

#include "materialize/ScheduleSolve.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

// The tile/tensor Pipe_ flavour (facts §4.1, sub_8EA0B0) carries shaped payloads: a type whose
// first parameter list starts with a dimension, `tensor<128x64xf16>`, `!nv_tileas.tmem<128x...>`.
bool isShapedType(const std::string &type) {
  size_t lt = type.find('<');
  if (lt == std::string::npos) return false;
  size_t i = lt + 1;
  while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i]))) ++i;
  return i > lt + 1 && i < type.size() && type[i] == 'x';
}

void sortByStageOrder(const ScheduleView &view, std::vector<int> &nodes) {
  stableSortIndices(nodes, [&](int a, int b) { return view.before(a, b); });
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
}

}  // namespace

std::vector<MutexValue> collapseMutexPlaceholders(const ScheduleView &view,
                                                  const std::vector<MutexPlaceholder> &placeholders) {
  DisjointSet dsu(view.numNodes());
  for (const MutexPlaceholder &p : placeholders)
    for (int op : p.ops) dsu.unite(p.ops.front(), op);

  std::vector<MutexValue> out;
  std::map<int, size_t> mutexOfRoot;
  for (const MutexPlaceholder &p : placeholders) {
    if (p.ops.empty()) continue;
    auto [it, inserted] = mutexOfRoot.emplace(dsu.find(p.ops.front()), out.size());
    if (inserted) out.emplace_back();
    MutexValue &m = out[it->second];
    m.protects.insert(m.protects.end(), p.ops.begin(), p.ops.end());
    if (std::find(m.reasons.begin(), m.reasons.end(), p.reason) == m.reasons.end()) m.reasons.push_back(p.reason);
  }
  for (MutexValue &m : out) {
    sortByStageOrder(view, m.protects);
    m.owner = m.protects.front();
    m.stage = view.info(m.owner).stage;
    m.order = view.info(m.owner).order;
  }
  stableSortBy(out, [&](const MutexValue &a, const MutexValue &b) { return view.before(a.owner, b.owner); });
  for (size_t i = 0; i < out.size(); ++i) out[i].barrier = static_cast<int>(i) + 1;  // id 0 is __syncthreads'
  return out;
}

std::vector<PipeValue> collapsePipeSkeletons(const ScheduleView &view, std::vector<PipeSkeleton> skeletons) {
  std::vector<PipeValue> out;
  std::vector<size_t> firstOf;  // the skeleton each Pipe_ takes its producers from
  // Lookups only, keyed by the skeletons' own groups (not copies: a chain's consumers see ever
  // longer prefixes of it, quadratic in all). Sizes compare before members, so groups of
  // different sizes compare in constant time.
  auto less = [](const PipeSkeleton *a, const PipeSkeleton *b) {
    return std::make_tuple(a->raw, a->members.size()) < std::make_tuple(b->raw, b->members.size()) ||
           (a->raw == b->raw && a->members.size() == b->members.size() && a->members < b->members);
  };
  std::map<const PipeSkeleton *, size_t, decltype(less)> pipeOf(less);
  for (const PipeSkeleton &k : skeletons) {
    auto [it, inserted] = pipeOf.emplace(&k, out.size());
    if (inserted) {
      PipeValue p;
      p.raw = k.raw;
      p.trivialFallback = k.trivialFallback;
      out.push_back(std::move(p));
      firstOf.push_back(static_cast<size_t>(&k - skeletons.data()));
    }
    PipeValue &p = out[it->second];
    p.consumers.push_back(k.consumer);
    for (const Value *v : k.operands)
      if (std::find(p.operands.begin(), p.operands.end(), v) == p.operands.end()) p.operands.push_back(v);
    p.depth = std::max(p.depth, k.depth);
    p.stagesCrossed = std::max(p.stagesCrossed, k.stagesCrossed);
  }
  pipeOf.clear();  // its keys are the groups moved out here
  for (size_t i = 0; i < out.size(); ++i) out[i].producers = std::move(skeletons[firstOf[i]].members);
  for (PipeValue &p : out) {
    sortByStageOrder(view, p.consumers);
    p.owner = p.trivialFallback ? p.consumers.front() : p.producers.front();
    p.stage = view.info(p.owner).stage;
    p.order = view.info(p.owner).order;
    p.payloadType = p.operands.empty() ? p.raw->type : p.operands.front()->type;
    p.tile = isShapedType(view.resolveType(p.payloadType));
    p.anchor = p.owner;
    if (!p.trivialFallback) {
      // After the member that defines the last operand (in (stage, order)), so every operand
      // is defined above the Pipe_.
      p.anchor = -1;
      for (int member : p.producers)
        for (const Value *v : p.operands)
          if (v->definingOp && view.nodeOf(v->definingOp) == member && (p.anchor < 0 || view.before(p.anchor, member)))
            p.anchor = member;
      if (p.anchor < 0) p.anchor = p.producers.back();
    }
  }
  stableSortBy(out, [&](const PipeValue &a, const PipeValue &b) { return view.before(a.owner, b.owner); });
  return out;
}

std::vector<RegionItem> rebuildSequence(const ScheduleView &view, const std::vector<PipeValue> &pipes,
                                        const std::vector<MutexValue> &mutexes) {
  const int n = view.numNodes();
  std::vector<std::vector<int>> mutexesBefore(n), pipesBefore(n), pipesAfter(n);
  for (size_t i = 0; i < mutexes.size(); ++i) mutexesBefore[mutexes[i].owner].push_back(static_cast<int>(i));
  for (size_t i = 0; i < pipes.size(); ++i)
    (pipes[i].trivialFallback ? pipesBefore : pipesAfter)[pipes[i].anchor].push_back(static_cast<int>(i));

  std::vector<RegionItem> seq;
  for (int node : view.stageOrder()) {
    for (int m : mutexesBefore[node]) seq.push_back({RegionItem::Kind::Mutex, m});
    for (int p : pipesBefore[node]) seq.push_back({RegionItem::Kind::Pipe, p});
    seq.push_back({RegionItem::Kind::Op, node});
    for (int p : pipesAfter[node]) seq.push_back({RegionItem::Kind::Pipe, p});
  }
  return seq;
}

}  // namespace tilesched
