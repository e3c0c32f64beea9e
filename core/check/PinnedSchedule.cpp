// Reading a pinned schedule for --check, and completing it where it pins only stage and order
// (docs/decisions.md "Pinned schedules"). It lives beside the checker, which judges what it reads:
// materialize/ writes the nv_tile.aws.* attributes (contract/ScheduleAttributes.h), check/ reads
// them back, and neither uses the generators' search code. Stage and order are taken as written;
// only the cycles inside each stage are derived, and checkSchedule then judges the completed
// schedule.
#include "check/PinnedSchedule.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <tuple>

#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

constexpr int64_t kMaxPin = 1 << 30;

bool pins(const Operation &op) { return op.lookupAttr(kAttrAwsStage) || op.lookupAttr(kAttrAwsOrder); }

// facts §4.3: the Pipe/Mutex page's parser takes i32 only; tileiras nulls any other type, so an
// i64 pin would silently read as 0. tilesched says so instead.
std::optional<int> readI32(const Attribute *a, const char *key, int64_t min, DiagnosticEngine &diags, bool &bad) {
  if (!a) return std::nullopt;
  if (a->kind != Attribute::Kind::Integer || a->type != "i32") {
    diags.error(a->range, std::string("'") + key + "' must be an i32 integer, e.g. " + key + " = " +
                              (min > 0 ? "8" : "1") +
                              " : i32 (tileiras reads an i64 or index value as absent, facts §4.3)");
    bad = true;
    return std::nullopt;
  }
  if (a->intValue < min || a->intValue > kMaxPin) {
    diags.error(a->range, std::string("'") + key + "' must be in [" + std::to_string(min) + ", " +
                              std::to_string(kMaxPin) + "], not " + std::to_string(a->intValue));
    bad = true;
    return std::nullopt;
  }
  return static_cast<int>(a->intValue);
}

// The latest completion (cycle + latency) among the ops placed so far at program positions below
// a bound: a Fenwick tree of maxima, so force_serial_execution costs O(log n) per op.
class CompletionPrefix {
public:
  explicit CompletionPrefix(int n) : tree_(n + 1, INT64_MIN) {}
  void place(int node, int64_t done) {
    for (size_t i = node + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] = std::max(tree_[i], done);
  }
  int64_t before(int node) const {  // over nodes 0 .. node-1
    int64_t m = INT64_MIN;
    for (size_t i = node; i > 0; i -= i & (~i + 1)) m = std::max(m, tree_[i]);
    return m;
  }

private:
  std::vector<int64_t> tree_;
};

// Each op without a pinned cycle takes, in (stage, order), the earliest cycle that is (1) in its
// stage [stage*II, (stage+1)*II), (2) not before the op ordered ahead of it in the stage, (3) no
// earlier than any dependence from an op that already has a cycle allows, nor than the
// completion of an earlier op (program order) that force_serial_execution makes it wait for, and
// (4) free of resource conflicts with the ops placed so far. When (1)-(3) leave no room, the op
// takes the last cycle of its stage; when nothing fits the resources, the earliest cycle of
// (1)-(3): the checker then names the edge, order, constraint or resource that cannot be met.
// With II == 0 (single stage, II not pinned) the cycles are laid out flat and II follows from them.
int deriveCycles(PinnedSchedule &s, const ModuloProblem &problem, int64_t ii) {
  const DependenceGraph &g = problem.graph;
  const std::vector<OpResources> &resources = problem.resources;
  const TargetModel &model = problem.model;
  const ConstraintState *cs = problem.constraints;
  auto marked = [&](int v) {
    return cs && (cs->regionForceSerial || (v < (int)cs->slots.size() && (cs->slots[v].flags & FlagForceSerial)));
  };
  CompletionPrefix anyDone(g.numNodes), markedDone(g.numNodes);
  auto placed = [&](int v) {
    const int64_t done = (int64_t)s.ops[v].cycle + std::max(0, resources[v].latency);
    anyDone.place(v, done);
    if (marked(v)) markedDone.place(v, done);
  };
  const int n = g.numNodes;
  const std::vector<int> byOrder = stableOrder(n, [&](int a, int b) {
    return std::tie(s.ops[a].stage, s.ops[a].order) < std::tie(s.ops[b].stage, s.ops[b].order);
  });
  RowOccupancy occupancy(unitLimits(model), ii);
  std::vector<bool> known(n, false);
  for (int i = 0; i < n; ++i)
    if (s.cyclePinned[i]) {
      occupancy.place(resources[i].footprint, s.ops[i].cycle);
      placed(i);
      known[i] = true;
    }

  int derived = 0;
  int64_t previous = INT64_MIN;
  for (size_t k = 0; k < byOrder.size(); ++k) {
    const int v = byOrder[k];
    if (k == 0 || s.ops[byOrder[k - 1]].stage != s.ops[v].stage) previous = INT64_MIN;
    if (!s.cyclePinned[v]) {
      int64_t first = ii > 0 ? (int64_t)s.ops[v].stage * ii : 0;
      int64_t lower = std::max(first, previous);
      for (int ei : g.pred[v]) {
        const DepEdge &e = g.edges[ei];
        if (!known[e.src] || (ii == 0 && e.distance > 0)) continue;
        lower = std::max(lower, (int64_t)s.ops[e.src].cycle + e.latency - ii * e.distance);
      }
      lower = std::max(lower, (marked(v) ? anyDone : markedDone).before(v));
      // A conflict at cycle c needs one of the op's rows on a held row, so at most
      // (held rows x duration) cycles conflict: a free one follows within that many steps.
      int64_t last = ii > 0 ? first + ii - 1 : INT64_MAX;
      int64_t duration = std::max<int64_t>(1, (int64_t)resources[v].footprint.size());
      int64_t searchEnd = std::min<int64_t>(last, lower + (int64_t)occupancy.placedRows() * duration + 1);
      int64_t cycle = lower > last ? last : lower;
      for (int64_t c = lower; c <= searchEnd; ++c)
        if (occupancy.fits(resources[v].footprint, c)) {
          cycle = c;
          break;
        }
      s.ops[v].cycle = static_cast<int>(std::clamp<int64_t>(cycle, 0, INT_MAX));
      occupancy.place(resources[v].footprint, s.ops[v].cycle);
      placed(v);
      known[v] = true;
      ++derived;
    }
    previous = std::max(previous, (int64_t)s.ops[v].cycle);
  }
  return derived;
}

// One iteration's length when every op sits in stage 0 and II is not pinned: iterations do not
// overlap, and carried edges stretch it like the serial generator's II (seed 000).
int flatII(const PinnedSchedule &s, const DependenceGraph &g, const std::vector<OpResources> &resources) {
  int64_t length = 1;
  for (int i = 0; i < g.numNodes; ++i)
    length = std::max<int64_t>(
        length,
        (int64_t)s.ops[i].cycle + std::max<int64_t>({1, resources[i].latency, (int64_t)resources[i].footprint.size()}));
  for (const DepEdge &e : g.edges) {
    if (e.distance == 0) continue;
    int64_t need = (int64_t)s.ops[e.src].cycle + e.latency - s.ops[e.dst].cycle;
    length = std::max<int64_t>(length, (need + e.distance - 1) / e.distance);
  }
  return static_cast<int>(std::min<int64_t>(length, kMaxPin));
}

// The stage count is the loop's nv_tile.aws.stage_count when pinned; otherwise the number of II
// windows up to the last completion, as the cost-based generator counts it (so a tail of
// latency past the last stage's start adds a stage a peeling pass has to drain).
void completeStageCount(PinnedSchedule &s, const ScheduledBlock &block, const DependenceGraph &g,
                        const std::vector<OpResources> &resources, DiagnosticEngine &diags, bool &bad) {
  int highest = 0;
  for (int i = 0; i < g.numNodes; ++i)
    if (s.ops[i].stage > s.ops[highest].stage) highest = i;
  const int pinnedStages = s.stageCount;
  const Operation *holder = block.scheduleHolder();
  const Attribute *attr = holder ? holder->lookupAttr(kAttrAwsStageCount) : nullptr;
  if (std::optional<int> count = readI32(attr, kAttrAwsStageCount, 1, diags, bad)) {
    s.stageCount = *count;
    if (*count < pinnedStages) {
      Violation v;
      v.kind = Violation::Kind::StageMismatch;
      v.node = highest;
      v.message = "this op pins stage " + std::to_string(pinnedStages - 1) + ", but the " + block.owner->name +
                  " pins nv_tile.aws.stage_count = " + std::to_string(*count);
      s.violations.push_back(std::move(v));
    }
    return;
  }
  if (s.ii < 1) return;
  int64_t end = 0;
  for (int i = 0; i < g.numNodes; ++i)
    end = std::max<int64_t>(end, (int64_t)s.ops[i].cycle + std::max<int64_t>({1, resources[i].latency,
                                                                              (int64_t)resources[i].footprint.size()}));
  s.stageCount = std::max<int64_t>(pinnedStages, std::min<int64_t>((end + s.ii - 1) / s.ii, kMaxPin));
}

// Each op's stage, order and (when pinned) cycle; an op without both stage and order is an error
// once some op of the block pins one.
void readOpPins(const ScheduledBlock &block, PinnedSchedule &s, DiagnosticEngine &diags, bool &bad) {
  const int n = static_cast<int>(block.ops.size());
  const Operation *firstPinned = nullptr;
  for (const Operation *op : block.ops)
    if (pins(*op)) {
      firstPinned = op;
      break;
    }
  for (int i = 0; i < n; ++i) {
    const Operation &op = *block.ops[i];
    std::optional<int> stage = readI32(op.lookupAttr(kAttrAwsStage), kAttrAwsStage, 0, diags, bad);
    std::optional<int> order = readI32(op.lookupAttr(kAttrAwsOrder), kAttrAwsOrder, 0, diags, bad);
    std::optional<int> cycle = readI32(op.lookupAttr(kAttrAwsCycle), kAttrAwsCycle, 0, diags, bad);
    bool hasStage = op.lookupAttr(kAttrAwsStage), hasOrder = op.lookupAttr(kAttrAwsOrder);
    if (!hasStage || !hasOrder) {
      std::string missing = !hasStage && !hasOrder ? "nv_tile.aws.stage and nv_tile.aws.order"
                                                   : (!hasStage ? "nv_tile.aws.stage" : "nv_tile.aws.order");
      diags.error(op.nameRange,
                  "this op has no " + missing + ", but the block pins a schedule (first pin on line " +
                      std::to_string(firstPinned->range.begin.line) + "): --check needs every op pinned with both",
                  MessageData(MessageId::PinMissing)
                      .with(MessageFieldId::Missing, missing)
                      .with(MessageFieldId::FirstPinLine, firstPinned->range.begin.line)
                      .with(MessageFieldId::Option, "check"));
      bad = true;
      continue;
    }
    if (!stage || !order) continue;
    s.ops[i].stage = *stage;
    s.ops[i].order = *order;
    if (cycle) {
      s.ops[i].cycle = *cycle;
      s.cyclePinned[i] = true;
    }
    s.stageCount = std::max(s.stageCount, *stage + 1);
  }
}

// II: on the loop (or the function); a bare snippet, or a basic block of several, repeats it on each op.
void readPinnedII(const ScheduledBlock &block, PinnedSchedule &s, DiagnosticEngine &diags, bool &bad) {
  if (const Operation *holder = block.scheduleHolder()) {
    if (std::optional<int> ii = readI32(holder->lookupAttr(kAttrAwsII), kAttrAwsII, 1, diags, bad)) {
      s.ii = *ii;
      s.iiPinned = true;
    }
  } else {
    for (const Operation *op : block.ops) {
      std::optional<int> ii = readI32(op->lookupAttr(kAttrAwsII), kAttrAwsII, 1, diags, bad);
      if (!ii) continue;
      if (s.iiPinned && *ii != s.ii) {
        diags.error(op->lookupAttr(kAttrAwsII)->range, "this op pins nv_tile.aws.ii = " + std::to_string(*ii) +
                                                           ", but an earlier op pins " + std::to_string(s.ii));
        bad = true;
      }
      s.ii = *ii;
      s.iiPinned = true;
    }
  }
}

}  // namespace

bool hasPinnedSchedule(const ScheduledBlock &block) {
  for (const Operation *op : block.ops)
    if (pins(*op)) return true;
  return false;
}

std::optional<PinnedSchedule> readPinnedSchedule(const ScheduledBlock &block, const ModuloProblem &problem,
                                                 DiagnosticEngine &diags) {
  const DependenceGraph &graph = problem.graph;
  const std::vector<OpResources> &resources = problem.resources;
  bool bad = false;
  if (block.owner)
    for (const char *key : {kAttrAwsStage, kAttrAwsOrder})
      if (const Attribute *a = block.owner->lookupAttr(key);
          a && (a->kind == Attribute::Kind::DenseArray || a->kind == Attribute::Kind::Array)) {
        diags.error(a->range, std::string("'") + key + "' on the " + block.owner->name +
                                  " (one array for the whole block, facts §4.3) is not read: pin each op with its "
                                  "own i32, e.g. {nv_tile.aws.stage = 0 : i32, nv_tile.aws.order = 1 : i32}");
        bad = true;
      }

  PinnedSchedule s;
  const int n = static_cast<int>(block.ops.size());
  s.ops.resize(n);
  s.cyclePinned.assign(n, false);
  readOpPins(block, s, diags, bad);
  readPinnedII(block, s, diags, bad);
  if (bad) return std::nullopt;
  if (n == 0) return s;

  int derived = 0;
  if (s.iiPinned) {
    derived = deriveCycles(s, problem, s.ii);
  } else {
    derived = deriveCycles(s, problem, 0);
    if (s.stageCount > 1) {
      Violation v;
      v.kind = Violation::Kind::BadII;
      v.message = "the ops pin stages 0.." + std::to_string(s.stageCount - 1) + ", but " +
                  (block.scheduleHolder() ? "the " + block.scheduleHolder()->name : std::string("no op")) +
                  " carries no nv_tile.aws.ii: stage s spans cycles [s*II, (s+1)*II), so a multi-stage schedule "
                  "needs its II (e.g. nv_tile.aws.ii = 8 : i32)";
      s.violations.push_back(std::move(v));
    } else {
      s.ii = flatII(s, graph, resources);
      s.notes.push_back("no nv_tile.aws.ii: every op pins stage 0, so iterations do not overlap and II = " +
                        std::to_string(s.ii) + ", the length of one iteration");
    }
  }
  completeStageCount(s, block, graph, resources, diags, bad);
  if (bad) return std::nullopt;
  if (derived > 0)
    s.notes.push_back("derived nv_tile.aws.cycle for " + std::to_string(derived) +
                      " op(s) that pin only stage and order: each takes the earliest cycle of its stage that keeps "
                      "the order, meets the dependences from ops before it and fits the resources left");
  return s;
}

}  // namespace tilesched
