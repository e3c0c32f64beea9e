// Memory and barrier edges from the model's effect table (docs/decisions.md "Memory and
// synchronisation edges", "Ring buffers"). The ops of a block are read in program order, once
// per iteration: once for a block that is no loop; for a loop, twice (the second pass is the next
// iteration: its edges from the first pass have distance 1), or, when the body indexes rings,
// once more than the most slots a ring has, so that a slot is seen coming round. Per memory
// location (a slot of a ring is one) the builder keeps the last writes and the reads since, as a
// compiler's memory-dependence pass does. Only the nearest conflicting access gets an edge: with
// latencies >= 0 the path through it implies every farther one, so the edge count stays linear in
// the accesses. Only edges that leave the first pass are kept: the passes repeat the same body,
// so every later pair has the same edge one or more iterations earlier.
#include "graph/EffectEdges.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "graph/RingSlots.h"

namespace tilesched {
namespace {

// One buffer an access refers to: the root of its views and, when the view that takes the root
// selects one of its slots (`ttg.memdesc_index %ring[%slot]`), the slot's index value.
struct Target {
  const Value *root = nullptr;
  const Value *index = nullptr;
  int ring = -1;                 // index into the rings, once they are known
  std::optional<RingSlot> slot;  // a proven ring: the slot's rotation
};

// What one node does to one memory space. No targets: every location of the space (global
// memory, a fence's `all`, or buffers tilesched cannot name).
struct Access {
  MemSpace space = MemSpace::Global;
  bool write = false;   // data spaces: write / readwrite / all / alloc; barrier: write / arrive / all
  bool serial = false;  // `all`: conflicts with every access, also with barrier writes
  MemAccess kind = MemAccess::None;
  std::vector<Target> targets;
  const Operation *op = nullptr;  // the op (the node or one nested in it) that accesses
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

// A slot of one rotation in one pass: (clock, period, slot). The synchronisation of a wait or an
// arrive on a ring's barrier reaches the accesses of that slot (docs/decisions.md "Ring buffers").
using Scope = std::tuple<int, int, int>;

bool sameRotation(const Scope &a, const Scope &b) {
  return std::get<0>(a) == std::get<0>(b) && std::get<1>(a) == std::get<1>(b);
}

// The synchronisation classes of a node's ordered accesses in one pass.
struct SyncClasses {
  bool plain = false;         // shared / tensor / barrier memory outside proven rings
  bool global = false;        // global memory: its addresses advance with the iteration
  std::vector<Scope> scopes;  // ring slots

  // Whether a wait (acquire) or arrive (release) on `scope` (none: every location), issued in
  // `pass`, orders this access of pass `accessPass`: everything but ring slots it cannot reach
  // and global memory of another iteration (nothing is carried across iterations in global
  // memory, docs/decisions.md "Memory and synchronisation edges").
  bool reachedBy(const std::optional<Scope> &scope, int pass, int accessPass) const {
    if (plain || (global && pass == accessPass)) return true;
    for (const Scope &s : scopes)
      if (!scope || s == *scope || !sameRotation(s, *scope)) return true;
    return false;
  }
};

// A wait's or an arrive's reach: one ring slot, or everything (`scope` empty).
struct SyncOp {
  int code = -1;
  std::optional<Scope> scope;
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
        slots_(block) {
    for (int i = 0; i < n_; ++i) nodeOf_[block.ops[i]] = i;
  }

  EffectOrder build(DiagnosticEngine &diags) {
    arefs_ = loopArefs(block_, [&](const Value &v) { return leadingDimension(aliases_.resolve(v.type)); });
    classifyBarriers();
    for (int i = 0; i < n_; ++i) nodes_.push_back(effectsOf(i));
    findRings(diags);
    passes_ = 1;
    if (block_.isLoop) {
      int slots = 1;
      for (const Ring &r : rings_)
        if (r.proven) slots = std::max(slots, r.slots);
      passes_ = slots + 1;
    }
    // The block's budget: 16 steps per op and pass (+ 4 096) for each two passes.
    budget_ = (16LL * n_ + 4096) * std::max(2, passes_) / 2;
    for (int pass = 0; pass < passes_ && !overBudget(); ++pass) {
      if (pass > 0) forgetBetweenIterations();
      for (int i = 0; i < n_ && !overBudget(); ++i) visit(pass * n_ + i);
    }
    EffectOrder out;
    if (overBudget()) {
      out.edges = programOrder(diags);
      for (Ring &r : rings_)
        if (r.proven) {
          r.proven = false;
          r.reason = "the block's memory accesses are too many to order one by one; they are kept in program order";
        }
    } else {
      // Effect edges of one pair share the latency (the source's), so the one of the smallest
      // distance implies the others (a wait reaches a later access in several iterations).
      for (auto &[key, e] : edges_)
        if (out.edges.empty() || out.edges.back().src != e.src || out.edges.back().dst != e.dst) out.edges.push_back(e);
      for (DepEdge &e : out.edges) e.ring = ringOf(e);
    }
    out.rings = std::move(rings_);
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

  // A view that selects one slot of its operand 0 by its operand 1: the model says `index`, or a
  // view drops operand 0's leading dimension (Triton's older `memdesc_subview %ring[%slot, 0, 0]`).
  bool selectsSlot(const Operation &view, const OpModel &m) {
    if (view.operands.size() < 2 || view.results.empty()) return false;
    const std::optional<int> from = memdescRank(aliases_.resolve(view.operands[0]->type));
    const std::optional<int> to = memdescRank(aliases_.resolve(view.results[0]->type));
    if (from && to) return *to == *from - 1;
    return m.view == ViewKind::Index;
  }

  // The value a view is taken of, back to the first value that is not a view (ttg.memdesc_index,
  // memdesc_trans, ... are `view` ops in the model), and the slot index of the view applied to it.
  Target targetOf(const Value *v) {
    Target t;
    for (int hops = 0; v && v->definingOp && hops < 1024; ++hops) {
      // An aref's buffer is a slot of the aref's rotation (loopArefs); the aref itself one of its barriers'.
      if (const ArefBuffer ab = arefs_.empty() ? ArefBuffer{} : arefBufferOf(*v); arefs_.count(ab.aref)) {
        t.index = ab.aref;
        if (ab.buffer == v) break;
        v = ab.buffer;
        continue;
      }
      const OpModel *m = entry(*v->definingOp);
      if (!m || m->view == ViewKind::None || v->definingOp->operands.empty()) break;
      t.index = selectsSlot(*v->definingOp, *m) ? v->definingOp->operands[1] : nullptr;
      v = v->definingOp->operands[0];
    }
    t.root = v;
    return t;
  }
  const Value *rootOf(const Value *v) { return targetOf(v).root; }

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
    if ((root->definingOp && allocates(*root->definingOp)) || arefs_.count(root)) return Buffer::Named;
    const bool memdesc = barriers_.count(root) || aliases_.resolve(root->type).find("memdesc") != std::string::npos;
    if (!memdesc) return Buffer::None;
    if (root->definingOp || (root->ownerBlock && root->ownerBlock == block_.body)) return Buffer::Unknown;
    return Buffer::Named;
  }

  // The buffers an op's operands refer to in one class (barriers or data buffers); empty: all of
  // the space, also when one of them is unknown.
  std::vector<Target> operandTargets(const Operation &op, bool barrier) {
    std::vector<Target> targets;
    for (const Value *v : op.operands) {
      Target t = targetOf(v);
      if (barriers_.count(t.root) != size_t(barrier)) continue;
      Buffer kind = bufferKind(t.root);
      if (kind == Buffer::Unknown) return {};
      auto same = [&](const Target &o) { return o.root == t.root && o.index == t.index; };
      if (kind == Buffer::Named && std::none_of(targets.begin(), targets.end(), same)) targets.push_back(t);
    }
    return targets;
  }

  // A full wait (`all`) that names what it waits for — it takes the results of asynchronous ops
  // of the block, and has no count of groups left pending (`pendings`, `num` above 0) — waits
  // for those ops only: it accesses what they access (warp_group_dot_wait of the wgmma whose
  // result it takes, a commit group of its copies). Empty: it is not such a wait.
  std::vector<Target> awaitedTargets(const Operation &op, MemSpace space, int depth) {
    for (const char *count : {"pendings", "num"})
      if (const Attribute *a = op.lookupAttr(count); a && (!a->asInt() || *a->asInt() != 0)) return {};
    std::vector<Target> targets;
    bool any = false;
    for (const Value *v : op.operands) {
      const Operation *producer = v->definingOp;
      const OpModel *m = producer && insideBlock(producer) ? entry(*producer) : nullptr;
      if (!m || m->view != ViewKind::None) continue;
      const MemAccess a = m->effects.of(space);
      if (a == MemAccess::None) continue;
      std::vector<Target> of = a == MemAccess::All
                                   ? (depth < 4 ? awaitedTargets(*producer, space, depth + 1) : std::vector<Target>{})
                                   : operandTargets(*producer, false);
      if (of.empty()) return {};
      any = true;
      for (const Target &t : of)
        if (std::none_of(targets.begin(), targets.end(),
                         [&](const Target &o) { return o.root == t.root && o.index == t.index; }))
          targets.push_back(t);
    }
    return any ? targets : std::vector<Target>{};
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
        acc.kind = a;
        acc.op = &op;
        acc.write = a != MemAccess::Read && a != MemAccess::Wait;
        acc.serial = a == MemAccess::All;
        if (a == MemAccess::Alloc) {
          for (const Value *r : op.results) {
            Target t;
            t.root = r;
            acc.targets.push_back(t);
          }
        } else if (acc.serial && s != kBarrier && s != kGlobal) {
          acc.targets = awaitedTargets(op, MemSpace(s), 0);
          acc.serial = acc.targets.empty();
        } else if (s != kGlobal && !acc.serial) {
          acc.targets = operandTargets(op, s == kBarrier);
        }
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

  // The rings: buffers the block indexes by a slot. A ring is proven when every access to it
  // names a slot, all of one rotation, through at most as many slots as it has; otherwise its
  // accesses stay one location and a note at the first access that stops the proof says why.
  void findRings(DiagnosticEngine &diags) {
    std::unordered_set<const Value *> indexed;
    for (const NodeEffects &fx : nodes_)
      for (const Access &a : fx.accesses)
        for (const Target &t : a.targets)
          if (t.index) indexed.insert(t.root);
    if (indexed.empty()) return;
    std::unordered_map<const Value *, int> ringOf;
    std::vector<const Operation *> spoiler;  // per ring: the access its reason is about
    std::vector<std::optional<RingSlot>> rotation;
    for (NodeEffects &fx : nodes_)
      for (Access &a : fx.accesses)
        for (Target &t : a.targets) {
          if (!indexed.count(t.root)) continue;
          auto [it, inserted] = ringOf.try_emplace(t.root, static_cast<int>(rings_.size()));
          if (inserted) {
            Ring r;
            r.value = t.root->name;
            r.barrier = barriers_.count(t.root) != 0;
            const auto aref = arefs_.find(t.root);  // its type may not show its buffers
            r.slots = aref != arefs_.end() ? aref->second.buffers
                                           : leadingDimension(aliases_.resolve(t.root->type)).value_or(0);
            r.proven = true;
            rings_.push_back(r);
            spoiler.push_back(nullptr);
            rotation.emplace_back();
          }
          t.ring = it->second;
          Ring &ring = rings_[size_t(t.ring)];
          if (!ring.proven) continue;
          std::string why;
          std::optional<RingSlot> slot;
          if (!t.index) {
            why = "it is also accessed as a whole, by " + a.op->name;
          } else {
            auto [known, fresh] = slotOf_.try_emplace(t.index);
            auto aref = arefs_.find(t.index);
            if (fresh) known->second = aref != arefs_.end() ? aref->second.slot : slots_.slotOf(t.index);
            if (aref != arefs_.end()) ring.depthFrom = Ring::Depth::Aref;
            slot = known->second.slot;
            why = known->second.reason;
          }
          const std::optional<RingSlot> &seen = rotation[size_t(t.ring)];
          if (slot && seen && !slot->sameRotation(*seen))
            why = "its slots follow two rotations whose relative position tilesched cannot tell";
          else if (slot && ring.slots == 0) why = "its type does not show how many slots it has";
          else if (slot && slot->period > ring.slots)
            why = "its slot rotates through " + std::to_string(slot->period) + " values, but it has " +
                  std::to_string(ring.slots) + " slots";
          if (!slot || !why.empty()) {
            ring.proven = false;
            ring.reason = why;
            spoiler[size_t(t.ring)] = a.op;
            continue;
          }
          rotation[size_t(t.ring)] = slot;
        }
    for (size_t k = 0; k < rings_.size(); ++k) {
      Ring &ring = rings_[k];
      if (ring.proven) {
        if (ring.depthFrom != Ring::Depth::Aref && rotation[k]->period < ring.slots)
          ring.depthFrom = Ring::Depth::Rotation;
        ring.slots = rotation[k]->period;
        continue;
      }
      diags.note(spoiler[k]->nameRange, "the slots of ring " + ring.value + " are ordered as one location: " +
                                            ring.reason + " (docs/decisions.md, \"Ring buffers\")");
    }
    for (NodeEffects &fx : nodes_)
      for (Access &a : fx.accesses)
        for (Target &t : a.targets)
          if (t.ring >= 0 && rings_[size_t(t.ring)].proven) t.slot = slotOf_.at(t.index).slot;
  }

  // Global memory: the loop's addresses advance with the iteration (docs/decisions.md), so nothing
  // is ordered across it. A buffer allocated in the block is a new one in every iteration.
  void forgetBetweenIterations() {
    spaces_[kGlobal] = {};
    for (SpaceState &space : spaces_)
      for (size_t k = 0; k < space.roots.size(); ++k) {
        const Operation *def = space.roots[k]->definingOp;
        if (def && insideBlock(def)) space.states[k] = {};
      }
  }

  bool overBudget() const { return work_ > budget_; }

  // Codes are pass * n + node: an edge from the first pass into pass p has distance p; edges
  // between later passes repeat those of the first.
  void edge(int from, int to, EdgeKind kind) {
    ++work_;
    if (from == to || from >= n_) return;
    const int src = from % n_, dst = to % n_, distance = to / n_ - from / n_;
    auto [it, inserted] =
        edges_.try_emplace(Key{src, dst, distance}, DepEdge{src, dst, resources_[src].latency, distance, kind});
    if (!inserted && kind == EdgeKind::Barrier) it->second.kind = kind;  // the synchronisation names the edge
  }

  // The ring whose slot comes round at the edge's distance: the source's slot in iteration i is
  // the destination's in iteration i + distance (one ring of both ops first); -1 if none.
  int ringOf(const DepEdge &e) const {
    if (e.distance == 0) return -1;
    int found = -1;
    for (const Access &a : nodes_[size_t(e.src)].accesses)
      for (const Target &t : a.targets)
        for (const Access &b : nodes_[size_t(e.dst)].accesses)
          for (const Target &u : b.targets) {
            if (!t.slot || !u.slot || !t.slot->sameRotation(*u.slot)) continue;
            const int period = t.slot->period;
            if (((t.slot->offset - u.slot->offset - e.distance) % period + period) % period != 0) continue;
            if (t.ring == u.ring) return t.ring;
            if (found < 0) found = t.ring;
          }
    return found;
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

  // An access to every location `outer` covers, seen from one inside it: the accesses to the
  // whole came before this one.
  void after(const Location &outer, int code, bool write, bool commute, EdgeKind kind) {
    if (!write) {
      edgesFrom(outer.writes, code, kind);
    } else {
      edgesFrom(outer.reads, code, kind);
      if (!commute) edgesFrom(outer.writes, code, kind);
    }
  }

  // One buffer: the whole of it, and for a proven ring each slot.
  struct BufferState {
    Location whole;
    std::vector<Location> slots;
  };

  // Buffers in the order the block first touches them (no pointer-keyed iteration).
  struct SpaceState {
    std::vector<const Value *> roots;
    std::vector<BufferState> states;
    std::unordered_map<const Value *, size_t> index;
    Location whole;  // accesses to every location

    BufferState &at(const Value *root) {
      auto [it, inserted] = index.try_emplace(root, roots.size());
      if (inserted) {
        roots.push_back(root);
        states.emplace_back();
      }
      return states[it->second];
    }
  };

  // Every location of a buffer, written or read by one access to all of it.
  void touchAll(BufferState &b, int code, bool write, bool commute, EdgeKind kind) {
    for (Location &loc : b.slots) {
      ++work_;
      if (write) touch(loc, code, true, commute, kind);
      else edgesFrom(loc.writes, code, kind);
    }
    touch(b.whole, code, write, commute, kind);
  }

  void apply(const Access &a, int code) {
    SpaceState &st = spaces_[size_t(a.space)];
    const EdgeKind kind = a.space == MemSpace::Barrier ? EdgeKind::Barrier : EdgeKind::Memory;
    const bool commute = a.space == MemSpace::Barrier && !a.serial;
    if (!a.targets.empty()) {
      for (const Target &t : a.targets) {
        after(st.whole, code, a.write, commute, kind);
        BufferState &b = st.at(t.root);
        if (!t.slot) {
          touchAll(b, code, a.write, commute, kind);
          continue;
        }
        after(b.whole, code, a.write, commute, kind);
        const int period = t.slot->period;
        if (b.slots.empty()) b.slots.resize(size_t(period));
        touch(b.slots[size_t((t.slot->offset + code / n_) % period)], code, a.write, commute, kind);
      }
      return;
    }
    for (BufferState &b : st.states) touchAll(b, code, a.write, commute, kind);
    touch(st.whole, code, a.write, commute, kind);
  }

  // The ring slot every target of a node's accesses of `kind` names, in pass `pass`; nothing when
  // one of them is no proven ring's slot (the wait or arrive then reaches everything).
  SyncOp syncOf(const NodeEffects &fx, MemAccess kind, int code) {
    SyncOp op{code, std::nullopt};
    bool first = true;
    for (const Access &a : fx.accesses) {
      if (a.kind != kind) continue;
      if (a.targets.empty()) return {code, std::nullopt};
      for (const Target &t : a.targets) {
        if (!t.slot) return {code, std::nullopt};
        const Scope s{t.slot->clock, t.slot->period, (t.slot->offset + code / n_) % t.slot->period};
        if (!first && s != *op.scope) return {code, std::nullopt};
        op.scope = s;
        first = false;
      }
    }
    return op;
  }

  SyncClasses classesOf(const NodeEffects &fx, int code) {
    SyncClasses c;
    for (const Access &a : fx.accesses) {
      if (a.space == MemSpace::Barrier && !a.write) continue;  // a wait is no ordered access
      if (a.space == MemSpace::Global) {
        c.global = true;
        continue;
      }
      if (a.targets.empty()) c.plain = true;
      for (const Target &t : a.targets) {
        if (!t.slot) {
          c.plain = true;
          continue;
        }
        c.scopes.push_back(Scope{t.slot->clock, t.slot->period, (t.slot->offset + code / n_) % t.slot->period});
      }
    }
    return c;
  }

  // Whether an earlier wait or arrive and a later one keep their order: both reach everything,
  // or the same slot, or slots tilesched cannot compare.
  static bool sequenced(const SyncOp &a, const SyncOp &b) {
    return !a.scope || !b.scope || *a.scope == *b.scope || !sameRotation(*a.scope, *b.scope);
  }

  void visit(int code) {
    const NodeEffects &fx = nodes_[size_t(code % n_)];
    for (const Access &a : fx.accesses) apply(a, code);
    // A wait acquires: later memory accesses (barrier writes included) stay after it. An arrive
    // releases: earlier ones stay before it. A wait or an arrive on a slot of a ring's barriers
    // reaches the accesses of that slot, not those of the ring's other slots (docs/decisions.md
    // "Ring buffers"). Waits (and arrives) that reach the same accesses keep their order among
    // themselves, so one edge each suffices.
    if (fx.ordered) {
      SyncClasses c = classesOf(fx, code);
      for (const SyncOp &w : waits_)
        if (c.reachedBy(w.scope, w.code / n_, code / n_)) edge(w.code, code, EdgeKind::Barrier);
      pending_.push_back({code, std::move(c)});
    }
    if (fx.acquire) {
      const SyncOp w = syncOf(fx, MemAccess::Wait, code);
      keepOrder(waits_, w);
    }
    if (fx.release) {
      const SyncOp r = syncOf(fx, MemAccess::Arrive, code);
      std::vector<std::pair<int, SyncClasses>> kept;
      for (auto &[from, c] : pending_) {
        ++work_;
        const bool reached = c.reachedBy(r.scope, code / n_, from / n_);
        if (reached) edge(from, code, EdgeKind::Barrier);
        // Released, and every later arrive that reaches it comes after this one.
        const bool settled = reached && (!r.scope || (!c.plain && !c.global && onlyIn(c, *r.scope)));
        if (!settled) kept.emplace_back(from, std::move(c));
      }
      pending_ = std::move(kept);
      keepOrder(arrives_, r);
    }
  }

  static bool onlyIn(const SyncClasses &c, const Scope &scope) {
    return std::all_of(c.scopes.begin(), c.scopes.end(), [&](const Scope &s) { return s == scope; });
  }

  // A new wait (or arrive) after the earlier ones it is sequenced with. It replaces those that
  // reach nothing it does not reach: all of them when it reaches everything, else those of its slot.
  void keepOrder(std::vector<SyncOp> &list, const SyncOp &op) {
    std::vector<SyncOp> kept;
    for (const SyncOp &earlier : list) {
      ++work_;
      const bool sameSlot = op.scope && earlier.scope && *op.scope == *earlier.scope;
      if (sequenced(earlier, op)) edge(earlier.code, op.code, EdgeKind::Barrier);
      if (op.scope && !sameSlot) kept.push_back(earlier);
    }
    kept.push_back(op);
    list = std::move(kept);
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
  int passes_ = 1;
  long long budget_ = 0;
  long long work_ = 0;
  SlotAnalysis slots_;
  std::unordered_map<const Value *, SlotOrReason> slotOf_;
  std::vector<Ring> rings_;
  std::unordered_map<const Value *, Aref> arefs_;
  std::unordered_map<const Operation *, int> nodeOf_;
  std::unordered_map<std::string, const OpModel *> entryOf_;
  std::unordered_set<const Value *> barriers_;
  std::vector<NodeEffects> nodes_;
  SpaceState spaces_[kNumMemSpaces];
  std::vector<SyncOp> waits_, arrives_;               // the latest waits / arrives, one per reach
  std::vector<std::pair<int, SyncClasses>> pending_;  // ordered accesses no arrive has settled yet
  std::map<Key, DepEdge> edges_;
};

}  // namespace

EffectOrder buildEffectEdges(const ScheduledBlock &block, const std::vector<OpResources> &resources,
                             const TargetModel &model, const TypeAliases &aliases, DiagnosticEngine &diags) {
  return EffectEdgeBuilder(block, resources, model, aliases).build(diags);
}

}  // namespace tilesched
