// Recovering the scheduled depths and the producer/consumer maps from the analysis (seed 003).
#include "materialize/ScheduleView.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <tuple>
#include <unordered_set>

#include "support/Sort.h"

namespace tilesched {

namespace {
const TypeAliases kNoAliases;
}  // namespace

ScheduleView::ScheduleView(const MaterializeInput &in)
    : block_(*in.block), aliases_(in.aliases ? *in.aliases : kNoAliases), outsideLoop_(in.outsideLoop) {
  const ScheduleAnalysis &a = *in.analysis;
  ii_ = std::max(1, a.ii);
  info_ = a.ops;
  info_.resize(block_.ops.size());
  for (size_t i = 0; i < block_.ops.size(); ++i) nodeOf_[block_.ops[i]] = static_cast<int>(i);

  stageOrder_ = stableOrder(block_.ops.size(), [&](int x, int y) { return before(x, y); });

  // iter_args first, so that a carried cycle of handles is represented by its iter_arg whatever
  // value is asked about first.
  std::vector<const Value *> stack;
  if (block_.isLoop && block_.body)
    for (const Value *arg : block_.body->arguments) computeOrigin(arg, stack);

  uses_.resize(block_.ops.size());
  for (size_t n = 0; n < block_.ops.size(); ++n) {
    const int node = static_cast<int>(n);
    std::unordered_set<const Value *> seen;
    walkOps(*block_.ops[n], [&](Operation &op) {
      for (const Value *r : op.results) computeOrigin(r, stack);
      for (const Value *v : op.operands) {
        if (v->definingOp && nodeOf(v->definingOp) == node) continue;  // defined inside this op
        if (!v->definingOp && v->ownerBlock && v->ownerBlock->parentRegion &&
            nodeOf(v->ownerBlock->parentRegion->parentOp) == node)
          continue;  // an argument of a region of this op
        if (seen.insert(v).second) {
          uses_[n].push_back(v);
          computeOrigin(v, stack);
        }
      }
    });
  }
  // In (stage, order), the order Schedule::solve takes its candidates in: each solve copies the
  // list instead of sorting it again (one solve per consumer).
  for (int node : stageOrder_)
    for (const Value *r : block_.ops[node]->results) {
      std::vector<int> &producers = producersOf_[origin(r)];
      if (producers.empty() || producers.back() != node) producers.push_back(node);
    }
  tracedUses_.resize(block_.ops.size());
  for (size_t n = 0; n < block_.ops.size(); ++n)
    for (const Value *u : uses_[n]) {
      TracedUse t{u, origin(u), trace(u)};
      t.producerResult = t.src.producer >= 0 && t.src.value->definingOp == block_.ops[t.src.producer] &&
                         produces(t.src.producer, t.origin);
      tracedUses_[n].push_back(t);
    }
}

bool ScheduleView::before(int a, int b) const {
  return std::tie(info_[a].stage, info_[a].order, a) < std::tie(info_[b].stage, info_[b].order, b);
}

int ScheduleView::nodeOf(const Operation *op) const {
  while (op) {
    if (auto it = nodeOf_.find(op); it != nodeOf_.end()) return it->second;
    op = op->parentOp();
  }
  return -1;
}

bool ScheduleView::isIterArg(const Value *v) const { return block_.loop.nextIterationValue(v) != nullptr; }

// One step of the origin chain; null when `v` is its own origin.
const Value *ScheduleView::forwardedFrom(const Value *v) const {
  if (const Value *next = block_.loop.nextIterationValue(v)) return next;
  if (!v->definingOp || nodeOf(v->definingOp) < 0) return nullptr;
  const std::string type = typeOf(v);
  if (!isTokenType(type)) return nullptr;
  for (const Value *w : v->definingOp->operands)
    if (typeOf(w) == type) return w;
  return nullptr;
}

// Iterative: a chain of forwarding ops can be as long as the block.
const Value *ScheduleView::computeOrigin(const Value *v, std::vector<const Value *> &path) {
  path.clear();
  std::unordered_set<const Value *> onPath;
  const Value *result = nullptr;
  for (const Value *cur = v;;) {
    if (auto it = origin_.find(cur); it != origin_.end()) {
      result = it->second;
      break;
    }
    if (!onPath.insert(cur).second) {  // a carried cycle closes here
      result = cur;
      break;
    }
    path.push_back(cur);
    const Value *next = forwardedFrom(cur);
    if (!next) {
      result = cur;
      break;
    }
    cur = next;
  }
  for (const Value *p : path) origin_[p] = result;
  return result;
}

const Value *ScheduleView::origin(const Value *v) const {
  auto it = origin_.find(v);
  return it == origin_.end() ? v : it->second;
}

UseSource ScheduleView::trace(const Value *v) const {
  UseSource src;
  std::unordered_set<const Value *> seen;
  const Value *cur = v;
  while (isIterArg(cur) && seen.insert(cur).second) {
    cur = block_.loop.nextIterationValue(cur);
    ++src.distance;
  }
  src.value = cur;
  src.producer = cur->definingOp ? nodeOf(cur->definingOp) : -1;
  return src;
}

bool ScheduleView::produces(int node, const Value *raw) const {
  for (const Value *r : block_.ops[node]->results)
    if (origin(r) == raw) return true;
  return false;
}

const std::vector<int> &ScheduleView::producersOf(const Value *raw) const {
  static const std::vector<int> none;
  auto it = producersOf_.find(raw);
  return it == producersOf_.end() ? none : it->second;
}

int ScheduleView::stagesCrossed(int producer, int consumer, int distance) const {
  int64_t crossed = (int64_t)info_[consumer].stage + distance - info_[producer].stage;
  return static_cast<int>(std::clamp<int64_t>(crossed, 0, INT_MAX));
}

int ScheduleView::ringDepth(int producer, int consumer, int distance) const {
  int64_t lifetime = (int64_t)info_[consumer].cycle + (int64_t)distance * ii_ - info_[producer].cycle;
  if (lifetime < 0) lifetime = 0;
  return static_cast<int>(std::min<int64_t>(lifetime / ii_ + 1, INT_MAX));
}

}  // namespace tilesched
