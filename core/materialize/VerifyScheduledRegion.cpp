// The hard postcondition of MaterializeSchedule (seed 002 verify_scheduled_region; facts §4.5
// verifiers and invariants). Everything is recomputed from the view, not read back from the
// steps that built the plan.
#include <algorithm>
#include <cstdint>

#include "materialize/Skeletons.h"

namespace tilesched {

namespace {

class Verifier {
public:
  Verifier(const ScheduleView &view, const MaterializedSchedule &plan, const MaterializeOptions &opts,
           const std::vector<std::string> &names, DiagnosticEngine &diags)
      : view_(view), plan_(plan), opts_(opts), names_(names), diags_(diags) {}

  bool run() {
    checkSequence();
    if (ok_) checkDominance();
    for (const PipeValue &p : plan_.pipes) checkPipe(p);
    for (const MutexValue &m : plan_.mutexes) checkMutex(m);
    return ok_;
  }

private:
  std::string name(int node) const {
    return node < static_cast<int>(names_.size()) ? names_[node] : "op#" + std::to_string(node);
  }
  std::string where(int node) const {
    const OpSchedule &s = view_.info(node);
    return name(node) + " (stage " + std::to_string(s.stage) + ", order " + std::to_string(s.order) + ")";
  }
  void fail(int node, const std::string &message) {
    ok_ = false;
    diags_.error(node >= 0 ? view_.op(node).nameRange : view_.block().range, "materialization: " + message);
  }

  // Every op exactly once, in strictly increasing (stage, order), with stage and order set
  // (facts §4.5 AWS-attr verifier); (stage, order) unique (seed 003 stage/order invariant).
  void checkSequence() {
    std::vector<int> seen(view_.numNodes(), 0);
    int prev = -1;
    for (const RegionItem &item : plan_.sequence) {
      if (item.kind != RegionItem::Kind::Op) continue;
      int node = item.index;
      if (node < 0 || node >= view_.numNodes() || seen[node]++) {
        fail(node < view_.numNodes() ? node : -1, "the rebuilt block lists op#" + std::to_string(node) + " twice");
        continue;
      }
      const OpSchedule &s = view_.info(node);
      if (s.stage < 0 || s.order < 0) fail(node, where(node) + " has no valid nv_tile.aws.stage / order");
      if (prev >= 0) {
        const OpSchedule &q = view_.info(prev);
        if (q.stage == s.stage && q.order == s.order)
          fail(node, where(node) + " and " + name(prev) + " share one (stage, order)");
        else if (!view_.before(prev, node)) fail(node, where(node) + " is rebuilt after " + where(prev));
      }
      prev = node;
    }
    for (int i = 0; i < view_.numNodes(); ++i)
      if (!seen[i]) fail(i, name(i) + " is missing from the rebuilt block");
  }

  // Rebuilding in (stage, order) must keep every definition above its uses, or the printed
  // block would not parse back.
  void checkDominance() {
    std::vector<int> position(view_.numNodes(), -1);
    for (size_t i = 0; i < plan_.sequence.size(); ++i)
      if (plan_.sequence[i].kind == RegionItem::Kind::Op) position[plan_.sequence[i].index] = static_cast<int>(i);
    auto definedAt = [&](const Value *v) {
      int def = v->definingOp ? view_.nodeOf(v->definingOp) : -1;
      return std::make_pair(def, def >= 0 ? position[def] : -1);
    };
    for (size_t i = 0; i < plan_.sequence.size(); ++i) {
      const RegionItem &item = plan_.sequence[i];
      if (item.kind == RegionItem::Kind::Op) {
        for (const Value *u : view_.uses(item.index)) {
          auto [def, at] = definedAt(u);
          if (def >= 0 && at > static_cast<int>(i))
            fail(item.index, "cannot rebuild the block in (stage, order): " + where(item.index) + " reads " + u->name +
                                 " before " + where(def) +
                                 " defines it (the schedule puts a consumer ahead of its producer)");
        }
      } else if (item.kind == RegionItem::Kind::Pipe) {
        const PipeValue &p = plan_.pipes[item.index];
        for (const Value *v : p.operands) {
          auto [def, at] = definedAt(v);
          if (def >= 0 && at > static_cast<int>(i))
            fail(def, p.name + " is spliced in before " + where(def) + " defines its operand " + v->name);
        }
      }
    }
  }

  // Header (stage, order) equals the analysis value of its owner (invariant 1); the ring is
  // deep enough for every hand-off it serves and within the slot limit (invariant 2); producer
  // and consumer see one type (type-match verifier); no producer writes after the read.
  void checkPipe(const PipeValue &p) {
    int expectedOwner = p.trivialFallback ? (p.consumers.empty() ? -1 : p.consumers.front())
                                          : (p.producers.empty() ? -1 : p.producers.front());
    for (int member : p.producers)
      if (view_.before(member, expectedOwner)) expectedOwner = member;
    if (expectedOwner < 0 || p.owner != expectedOwner) {
      fail(p.owner, p.name + " is owned by " + (p.owner >= 0 ? name(p.owner) : "nothing") +
                        ", not by its earliest op " + (expectedOwner >= 0 ? name(expectedOwner) : "(none)"));
      return;
    }
    const OpSchedule &o = view_.info(p.owner);
    if (p.stage != o.stage || p.order != o.order)
      fail(p.owner, p.name + " header (stage " + std::to_string(p.stage) + ", order " + std::to_string(p.order) +
                        ") differs from its owner " + where(p.owner));
    if (p.depth < 1 || p.depth > opts_.maxPipeDepth)
      fail(p.owner, p.name + " needs a ring of depth " + std::to_string(p.depth) + ", outside 1.." +
                        std::to_string(opts_.maxPipeDepth) +
                        " (facts §4.5: a Pipe_ is at most as deep as the buffer-assignment slot count)");
    for (int consumer : p.consumers)
      for (const Value *u : view_.uses(consumer)) {
        if (view_.origin(u) != p.raw) continue;
        UseSource src = view_.trace(u);
        if (std::find(p.producers.begin(), p.producers.end(), src.producer) == p.producers.end()) continue;
        int need = view_.ringDepth(src.producer, consumer, src.distance);
        if (need > p.depth)
          fail(consumer, p.name + " has depth " + std::to_string(p.depth) + ", but " + name(consumer) + " reads " +
                             u->name + " from " + name(src.producer) + " " + std::to_string(src.distance) +
                             " iteration(s) later, which needs " + std::to_string(need) + " slots");
        const int64_t write = view_.info(src.producer).cycle;
        const int64_t read = view_.info(consumer).cycle + (int64_t)src.distance * view_.ii();
        if (write > read)
          fail(consumer, p.name + ": " + name(src.producer) + " writes at cycle " + std::to_string(write) + ", after " +
                             name(consumer) + " reads at cycle " + std::to_string(read));
        if (view_.typesDiffer(u, src.value))
          fail(consumer, p.name + ": " + name(consumer) + " reads " + u->name + " as " + u->type + ", but " +
                             name(src.producer) + " writes " + src.value->name + " as " + src.value->type);
      }
  }

  // Header (stage, order) equals its owner's; the named-barrier id is in the pool (invariant 3).
  void checkMutex(const MutexValue &m) {
    if (m.protects.empty() || m.owner != m.protects.front()) {
      fail(m.owner, m.name + " must be owned by the earliest op it protects");
      return;
    }
    const OpSchedule &o = view_.info(m.owner);
    if (m.stage != o.stage || m.order != o.order)
      fail(m.owner, m.name + " header (stage " + std::to_string(m.stage) + ", order " + std::to_string(m.order) +
                        ") differs from its owner " + where(m.owner));
    if (m.barrier < 1 || m.barrier >= opts_.namedBarriers)
      fail(m.owner, "fails to assign named barrier: " + m.name + " needs named barrier " + std::to_string(m.barrier) +
                        ", but a CTA has ids 1.." + std::to_string(opts_.namedBarriers - 1) +
                        " (id 0 is __syncthreads'); the block needs " + std::to_string(plan_.mutexes.size()) +
                        " Mutex_ values");
  }

  const ScheduleView &view_;
  const MaterializedSchedule &plan_;
  const MaterializeOptions &opts_;
  const std::vector<std::string> &names_;
  DiagnosticEngine &diags_;
  bool ok_ = true;
};

}  // namespace

bool verifyScheduledRegion(const ScheduleView &view, const MaterializedSchedule &plan, const MaterializeOptions &opts,
                           const std::vector<std::string> &nodeNames, DiagnosticEngine &diags) {
  return Verifier(view, plan, opts, nodeNames, diags).run();
}

}  // namespace tilesched
