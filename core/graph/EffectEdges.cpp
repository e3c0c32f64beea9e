// Memory and barrier edges from the model's effect table (docs/decisions.md "Memory and
// synchronisation edges"). The ops of a block are read in program order, twice for a loop (the
// second pass is the next iteration: its edges from the first pass have distance 1), keeping per
// memory location the last writes and the reads since, as a compiler's memory-dependence pass
// does. Only the nearest conflicting access gets an edge: with latencies >= 0 the path through it
// implies every farther one, so the edge count stays linear in the accesses.
#include "graph/EffectEdges.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace tilesched {
namespace {

// What one node does to one memory space. No roots: every location of the space (global memory,
// a fence's `all`, or buffers tilesched cannot name).
struct Access {
  MemSpace space = MemSpace::Global;
  bool write = false;   // data spaces: write / readwrite / all / alloc; barrier: write / arrive / all
  bool serial = false;  // `all`: conflicts with every access, also with barrier writes
  std::vector<const Value *> roots;
};

struct NodeEffects {
  std::vector<Access> accesses;
  bool ordered = false;  // touches global, shared or tensor memory, or writes a barrier (expect, arrive)
  bool acquire = false;  // a barrier `wait`
  bool release = false;  // a barrier `arrive`
};

// Accesses to one location since it was last written: the writes (one, or on barriers a group
// that commutes: arrivals are counted, not overwritten) and the reads after them.
struct Location {
  std::vector<int> writes, reads;
};

class EffectEdgeBuilder {
public:
  EffectEdgeBuilder(const ScheduledBlock &block, const std::vector<OpResources> &resources, const TargetModel &model,
                    const TypeAliases &aliases)
      : block_(block),
        resources_(resources),
        model_(model),
        aliases_(aliases),
        n_(static_cast<int>(block.ops.size())),
        budget_(16 * n_ + 4096) {
    for (int i = 0; i < n_; ++i) nodeOf_[block.ops[i]] = i;
  }

  std::vector<DepEdge> build(DiagnosticEngine &diags) {
    classifyBarriers();
    for (int i = 0; i < n_; ++i) nodes_.push_back(effectsOf(i));
    const int passes = block_.isLoop ? 2 : 1;
    for (int pass = 0; pass < passes && !overBudget(); ++pass) {
      if (pass == 1) forgetBetweenIterations();
      for (int i = 0; i < n_ && !overBudget(); ++i) visit(pass * n_ + i);
    }
    if (overBudget()) return programOrder(diags);
    std::vector<DepEdge> out;
    for (auto &[key, e] : edges_) out.push_back(e);
    return out;
  }

private:
  using Key = std::tuple<int, int, int>;  // (src, dst, distance)
  enum Space { kGlobal, kShared, kTensor, kBarrier };

  const OpModel *entry(const Operation &op) {
    auto [it, inserted] = entryOf_.try_emplace(op.name, nullptr);
    if (inserted) it->second = model_.lookup(op.name);
    return it->second;
  }

  // The value a view is taken of, back to the first value that is not a view (ttg.memdesc_index,
  // memdesc_trans, ... are `view` ops in the model).
  const Value *rootOf(const Value *v) {
    for (int hops = 0; v && v->definingOp && hops < 1024; ++hops) {
      const OpModel *m = entry(*v->definingOp);
      if (!m || m->view == ViewKind::None || v->definingOp->operands.empty()) break;
      v = v->definingOp->operands[0];
    }
    return v;
  }

  bool allocates(const Operation &op) {
    const OpModel *m = entry(op);
    return m &&
           (m->effects.of(MemSpace::Shared) == MemAccess::Alloc || m->effects.of(MemSpace::Tensor) == MemAccess::Alloc);
  }

  bool insideBlock(const Operation *op) const {
    for (; op; op = op->parentOp())
      if (nodeOf_.count(op)) return true;
    return false;
  }

  // A barrier is what the first operand of an mbarrier op (an op whose effects are all on the
  // barrier space) refers to, in this block: Triton's barrier ops take it first.
  void classifyBarriers() {
    for (Operation *node : block_.ops)
      walkOps(*node, [&](Operation &op) {
        const OpModel *m = entry(op);
        if (!m || m->effects.of(MemSpace::Barrier) == MemAccess::None || op.operands.empty()) return;
        for (MemSpace s : {MemSpace::Global, MemSpace::Shared, MemSpace::Tensor})
          if (m->effects.of(s) != MemAccess::None) return;
        barriers_.insert(rootOf(op.operands[0]));
      });
  }

  enum class Buffer { None, Named, Unknown };

  // Named: an allocation or a buffer passed in from outside the loop (a function argument):
  // distinct from every other named buffer. Unknown: a buffer chosen inside the block (a carried
  // value, the result of an op the model does not call a view): it may be any of them.
  Buffer bufferKind(const Value *root) {
    if (root->definingOp && allocates(*root->definingOp)) return Buffer::Named;
    const bool memdesc = barriers_.count(root) || aliases_.resolve(root->type).find("memdesc") != std::string::npos;
    if (!memdesc) return Buffer::None;
    if (root->definingOp || (root->ownerBlock && root->ownerBlock == block_.body)) return Buffer::Unknown;
    return Buffer::Named;
  }

  // The roots an op's operands refer to in one class (barriers or data buffers); empty: all of
  // the space, also when one of them is unknown.
  std::vector<const Value *> operandRoots(const Operation &op, bool barrier) {
    std::vector<const Value *> roots;
    for (const Value *v : op.operands) {
      const Value *r = rootOf(v);
      if (barriers_.count(r) != size_t(barrier)) continue;
      Buffer kind = bufferKind(r);
      if (kind == Buffer::Unknown) return {};
      if (kind == Buffer::Named && std::find(roots.begin(), roots.end(), r) == roots.end()) roots.push_back(r);
    }
    return roots;
  }

  NodeEffects effectsOf(int node) {
    NodeEffects out;
    walkOps(*block_.ops[node], [&](Operation &op) {
      const OpModel *m = entry(op);
      if (!m || !m->effects.any()) return;
      for (int s = 0; s < kNumMemSpaces; ++s) {
        const MemAccess a = m->effects.access[size_t(s)];
        if (a == MemAccess::None) continue;
        Access acc;
        acc.space = MemSpace(s);
        acc.write = a != MemAccess::Read && a != MemAccess::Wait;
        acc.serial = a == MemAccess::All;
        if (a == MemAccess::Alloc) acc.roots.assign(op.results.begin(), op.results.end());
        else if (s != kGlobal && !acc.serial) acc.roots = operandRoots(op, s == kBarrier);
        // An mbarrier lives in shared memory: its expects and arrivals are memory operations the
        // acquire / release order keeps in place like data accesses (docs/decisions.md).
        out.ordered |= s != kBarrier || acc.write;
        out.accesses.push_back(std::move(acc));
        out.acquire |= a == MemAccess::Wait;
        out.release |= a == MemAccess::Arrive;
      }
    });
    return out;
  }

  // Global memory: the loop's addresses advance with the iteration (docs/decisions.md), so nothing
  // is ordered across it. A buffer allocated in the block is a new one in every iteration.
  void forgetBetweenIterations() {
    spaces_[kGlobal] = {};
    for (SpaceState &space : spaces_)
      for (size_t k = 0; k < space.roots.size(); ++k) {
        const Operation *def = space.roots[k]->definingOp;
        if (def && insideBlock(def)) space.locations[k] = {};
      }
  }

  bool overBudget() const { return work_ > budget_; }

  // Codes are pass * n + node: an edge from the first pass into the second has distance 1;
  // edges within the second pass repeat those of the first.
  void edge(int from, int to, EdgeKind kind) {
    ++work_;
    if (from == to || (from >= n_ && to >= n_)) return;
    const int src = from % n_, dst = to % n_, distance = to / n_ - from / n_;
    DepEdge e{src, dst, resources_[src].latency, distance, kind};
    auto [it, inserted] = edges_.try_emplace(Key{src, dst, distance}, e);
    if (!inserted && kind == EdgeKind::Barrier) it->second.kind = kind;  // the synchronisation names the edge
  }

  void edgesFrom(const std::vector<int> &from, int to, EdgeKind kind) {
    for (int f : from) edge(f, to, kind);
  }

  // One access of `code` to location `loc`; `commute`: barrier writes commute with each other.
  void touch(Location &loc, int code, bool write, bool commute, EdgeKind kind) {
    if (!write) {
      edgesFrom(loc.writes, code, kind);
      loc.reads.push_back(code);
      return;
    }
    edgesFrom(loc.reads, code, kind);
    if (!commute) edgesFrom(loc.writes, code, kind);
    if (commute && loc.reads.empty()) {
      loc.writes.push_back(code);
    } else {
      loc.writes = {code};
      loc.reads.clear();
    }
  }

  // Locations in the order the block first touches them (no pointer-keyed iteration).
  struct SpaceState {
    std::vector<const Value *> roots;
    std::vector<Location> locations;
    std::unordered_map<const Value *, size_t> index;
    Location whole;  // accesses to every location

    Location &at(const Value *root) {
      auto [it, inserted] = index.try_emplace(root, roots.size());
      if (inserted) {
        roots.push_back(root);
        locations.emplace_back();
      }
      return locations[it->second];
    }
  };

  void apply(const Access &a, int code) {
    SpaceState &st = spaces_[size_t(a.space)];
    const EdgeKind kind = a.space == MemSpace::Barrier ? EdgeKind::Barrier : EdgeKind::Memory;
    const bool commute = a.space == MemSpace::Barrier && !a.serial;
    if (!a.roots.empty()) {
      for (const Value *r : a.roots) {
        // The accesses to every location before it touched this one too.
        if (!a.write) {
          edgesFrom(st.whole.writes, code, kind);
        } else {
          edgesFrom(st.whole.reads, code, kind);
          if (!commute) edgesFrom(st.whole.writes, code, kind);
        }
        touch(st.at(r), code, a.write, commute, kind);
      }
      return;
    }
    for (Location &loc : st.locations) {
      ++work_;
      if (a.write) touch(loc, code, true, commute, kind);
      else edgesFrom(loc.writes, code, kind);
    }
    touch(st.whole, code, a.write, commute, kind);
  }

  void visit(int code) {
    const NodeEffects &fx = nodes_[size_t(code % n_)];
    for (const Access &a : fx.accesses) apply(a, code);
    // A wait acquires: later memory accesses (barrier writes included) stay after it. An arrive
    // releases: earlier ones stay before it. Waits (and arrives) keep their order among
    // themselves, so one edge each suffices.
    if (fx.ordered) {
      if (lastAcquire_ >= 0) edge(lastAcquire_, code, EdgeKind::Barrier);
      sinceRelease_.push_back(code);
    }
    if (fx.acquire) {
      if (lastAcquire_ >= 0) edge(lastAcquire_, code, EdgeKind::Barrier);
      lastAcquire_ = code;
    }
    if (fx.release) {
      edgesFrom(sinceRelease_, code, EdgeKind::Barrier);
      if (lastRelease_ >= 0) edge(lastRelease_, code, EdgeKind::Barrier);
      lastRelease_ = code;
      sinceRelease_.clear();
    }
  }

  // Too many accesses to order one by one: every op with an effect after the previous one, and
  // (in a loop) the last before the first of the next iteration. Conservative, and linear.
  std::vector<DepEdge> programOrder(DiagnosticEngine &diags) {
    std::vector<int> effectful;
    for (int i = 0; i < n_; ++i)
      if (!nodes_[size_t(i)].accesses.empty()) effectful.push_back(i);
    diags.warning(block_.owner ? block_.owner->nameRange : block_.range,
                  std::to_string(effectful.size()) +
                      " ops of this block touch memory in ways too many to order one by one (more than " +
                      std::to_string(budget_) +
                      " steps); they are kept in program order, which is safe but may cost overlap");
    std::vector<DepEdge> out;
    for (size_t k = 1; k < effectful.size(); ++k)
      out.push_back(
          {effectful[k - 1], effectful[k], resources_[size_t(effectful[k - 1])].latency, 0, EdgeKind::Memory});
    if (block_.isLoop && !effectful.empty())
      out.push_back(
          {effectful.back(), effectful.front(), resources_[size_t(effectful.back())].latency, 1, EdgeKind::Memory});
    return out;  // in (src, dst) order already: effectful ascends, and the carried edge leaves the last
  }

  const ScheduledBlock &block_;
  const std::vector<OpResources> &resources_;
  const TargetModel &model_;
  const TypeAliases &aliases_;
  const int n_;
  const long long budget_;
  long long work_ = 0;
  std::unordered_map<const Operation *, int> nodeOf_;
  std::unordered_map<std::string, const OpModel *> entryOf_;
  std::unordered_set<const Value *> barriers_;
  std::vector<NodeEffects> nodes_;
  SpaceState spaces_[kNumMemSpaces];
  int lastAcquire_ = -1, lastRelease_ = -1;
  std::vector<int> sinceRelease_;
  std::map<Key, DepEdge> edges_;
};

}  // namespace

std::vector<DepEdge> buildEffectEdges(const ScheduledBlock &block, const std::vector<OpResources> &resources,
                                      const TargetModel &model, const TypeAliases &aliases, DiagnosticEngine &diags) {
  return EffectEdgeBuilder(block, resources, model, aliases).build(diags);
}

}  // namespace tilesched
