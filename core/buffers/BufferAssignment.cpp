#include "buffers/BufferAssignment.h"

#include <algorithm>
#include <climits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "buffers/TileType.h"
#include "ir/OpKinds.h"
#include "materialize/ScheduleView.h"
#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

const char *bufferSpaceName(BufferSpace s) {
  switch (s) {
  case BufferSpace::Smem: return "smem";
  case BufferSpace::Tmem: return "tmem";
  case BufferSpace::Registers: return "registers";
  }
  return "smem";
}

namespace {

// tileiras' class choice for a value it buffers (facts §5 phase 3): with tensor memory on the
// target, a 2-D (or higher) tile of 8-bit or wider elements above 16 KiB goes to TMEM, anything
// else to SMEM.
constexpr int64_t kTmemThresholdBytes = 16 << 10;

// CUDA Tile IR's tiles have no memory space (cuda-tile Ops.td: a tile is a value; only views
// name memory): where one lives is the compiler's choice when it lowers them, so no tile of a
// cuda_tile op is a shared- or tensor-memory buffer of the IR, and none fails a budget.
bool cudaTileOp(const Operation &op) { return op.name.rfind("cuda_tile.", 0) == 0; }

MaterializeInput viewInput(const BufferInput &in) {
  MaterializeInput mi;
  mi.aliases = in.aliases;
  mi.block = in.block;
  mi.analysis = in.analysis;
  return mi;
}

class Assigner {
public:
  explicit Assigner(const BufferInput &in, bool everyRegisterValue = false)
      : in_(in),
        view_(viewInput(in)),
        model_(*in.model),
        ii_(std::max(1, in.analysis->ii)),
        everyRegisterValue_(everyRegisterValue) {
    for (size_t p = 0; p < in.materialized->pipes.size(); ++p) {
      const PipeValue &pipe = in.materialized->pipes[p];
      if (pipe.trivialFallback || !pipe.raw) continue;
      auto [it, inserted] = pipeOf_.try_emplace(pipe.raw, static_cast<int>(p));
      if (!inserted && pipe.depth > in.materialized->pipes[it->second].depth) it->second = static_cast<int>(p);
    }
    // Each read of a value defined in the block: the reader and the iterations between.
    for (int c = 0; c < view_.numNodes(); ++c)
      for (const Value *u : view_.uses(c)) {
        const UseSource src = view_.trace(u);
        if (src.producer >= 0) readers_[src.value].push_back({c, src.distance});
      }
  }

  BufferPlan run() {
    BufferPlan plan;
    allocationsBeforeLoop(plan.buffers);
    for (int n = 0; n < view_.numNodes(); ++n) nodeBuffers(n, plan.buffers);
    shareRegions(plan);
    total(plan);
    return plan;
  }

private:
  TileType typeOf(const Value *v) const { return parseTileType(view_.typeOf(v)); }
  const OpModel *entry(const Operation &op) const { return model_.lookup(op.name); }
  ViewKind viewKind(const Operation &op) const {
    const OpModel *m = entry(op);
    return m && !op.operands.empty() ? m->view : ViewKind::None;
  }
  // The space an op's `alloc` effect names (docs/target-model.md, "Effects"), if any.
  std::optional<BufferSpace> allocSpace(const Operation &op) const {
    const OpModel *m = entry(op);
    if (!m) return std::nullopt;
    if (m->effects.of(MemSpace::Tensor) == MemAccess::Alloc) return BufferSpace::Tmem;
    if (m->effects.of(MemSpace::Shared) == MemAccess::Alloc) return BufferSpace::Smem;
    return std::nullopt;
  }
  // The allocation a view chain starts from (through `alias` and `index` views), or null.
  const Value *allocationOf(const Value *v, bool &indexed) const {
    for (int hops = 0; v && v->definingOp && hops < 1024; ++hops) {
      const Operation &def = *v->definingOp;
      if (allocSpace(def)) return v;
      const ViewKind k = viewKind(def);
      if (k == ViewKind::None) return nullptr;
      indexed |= k == ViewKind::Index;
      v = def.operands[0];
    }
    return nullptr;
  }

  // A function argument that is shared or tensor memory (a memdesc, an nv_tileas tile in SMEM or
  // TMEM): the caller allocated it, the loop uses it.
  bool memoryArgument(const Value *v) const {
    if (v->definingOp || !v->ownerBlock || v->ownerBlock == in_.block->body || !v->ownerBlock->parentRegion)
      return false;
    const Operation *owner = v->ownerBlock->parentRegion->parentOp;
    if (!owner || !isFunctionOpName(owner->name)) return false;
    const TileType t = typeOf(v);
    return t.kind == TileType::Kind::MemDesc || t.kind == TileType::Kind::Tmem || t.kind == TileType::Kind::Smem;
  }

  // Allocations made before the loop and used in it, each live through the whole loop. One
  // indexed by a view (Triton's multi-buffered rings, `ttg.memdesc_index %ring[%slot]`) has its
  // leading dimension as its slots.
  void allocationsBeforeLoop(std::vector<Buffer> &out) {
    std::vector<std::pair<const Value *, bool>> allocs;  // (allocation, indexed), first use first
    std::unordered_map<const Value *, size_t> seen;
    for (Operation *op : in_.block->ops)
      walkOps(*op, [&](Operation &o) {
        const bool indexView = viewKind(o) == ViewKind::Index;
        for (size_t i = 0; i < o.operands.size(); ++i) {
          const Value *v = o.operands[i];
          if (!v->definingOp && memoryArgument(v) && seen.try_emplace(v, allocs.size()).second)
            allocs.push_back({v, false});
          if (!v->definingOp || view_.nodeOf(v->definingOp) >= 0) continue;
          bool indexed = indexView && i == 0;
          const Value *alloc = allocationOf(v, indexed);
          if (!alloc) continue;
          auto [it, inserted] = seen.try_emplace(alloc, allocs.size());
          if (inserted) allocs.push_back({alloc, false});
          allocs[it->second].second |= indexed;
        }
      });
    stableSortBy(allocs, [](const auto &a, const auto &b) {
      const SourceLoc &x = a.first->range.begin, &y = b.first->range.begin;
      return std::tie(x.line, x.col) < std::tie(y.line, y.col);
    });
    for (const auto &[alloc, indexed] : allocs) {
      const TileType t = typeOf(alloc);
      Buffer b;
      b.kind = Buffer::Kind::Allocation;
      b.value = alloc->name;
      // A memory argument of the function is memory the loop reads though it does not allocate it.
      b.space = (t.kind == TileType::Kind::MemDesc && t.tensorMemory) || t.kind == TileType::Kind::Tmem
                    ? BufferSpace::Tmem
                : alloc->definingOp ? *allocSpace(*alloc->definingOp)
                                    : BufferSpace::Smem;
      b.element = t.element;
      const bool ring = indexed && t.rank() >= 2 && t.shape[0] > 0;
      b.slots = ring ? static_cast<int>(std::min<int64_t>(t.shape[0], INT_MAX)) : 1;
      b.bytesPerSlot = t.bytes(ring ? 1 : 0);
      b.range = alloc->definingOp ? alloc->definingOp->nameRange : alloc->range;
      b.wholeLoop = true;
      if (alloc->definingOp) planned(*alloc->definingOp, b);
      out.push_back(std::move(b));
    }
  }

  // The planner's placement, when Triton's memory planner ran: the id and offset it gave, and
  // `buffer.copy` slots for an allocation whose type is one slot.
  static void planned(const Operation &alloc, Buffer &b) {
    auto attr = [&](const char *key) -> std::optional<int64_t> {
      const Attribute *a = alloc.lookupAttr(key);
      return a ? a->asInt() : std::nullopt;
    };
    b.plannerId = attr("buffer.id");
    b.plannerOffset = attr("buffer.offset");
    const std::optional<int64_t> copies = attr("buffer.copy");
    if (copies && *copies > 1 && *copies <= 64 && b.slots == 1) b.slots = static_cast<int>(*copies);
  }

  // The SMEM tile a TMA op moves (an op with the tma trait that holds an SMEM transport: not a
  // prefetch). One that copies into a given allocation (an operand or result view of one) moves
  // into that allocation's memory, which is counted with the allocation. A nested loop or a region
  // op (scf.if) holds the TMA unit through the ops it contains, but its tiles are those ops'
  // buffers, not its results.
  std::optional<TileType> tmaTile(int n) const {
    const Operation &op = view_.op(n);
    const OpResources &res = (*in_.resources)[n];
    if (res.source == OpResources::Source::Schedule || !op.regions.empty() || cudaTileOp(op)) return std::nullopt;
    bool smemTransport = false;
    for (const FootprintRow &row : res.footprint)
      for (int r : row) smemTransport |= model_.resources[r].name.rfind("tp_smem", 0) == 0;
    if (!(res.traits & TraitTma) || !smemTransport) return std::nullopt;
    // A tile an allocation takes as its initial value (Triton's `ttg.local_alloc` of a
    // `tt.descriptor_load`) is that allocation's memory: the pipeliner makes the allocation the
    // copy's destination, and it is counted once, with the allocation (docs/target-model.md, "One
    // cost per op").
    // Only TMA ops get here, so the scan stays off the path of every other op.
    for (int c = 0; c < view_.numNodes(); ++c) {
      const Operation &user = view_.op(c);
      if (allocSpace(user) && !op.results.empty() && !user.operands.empty() && user.operands[0] == op.results[0])
        return std::nullopt;
    }
    std::vector<TileType> operands, results;
    for (const Value *v : op.operands) operands.push_back(typeOf(v));
    for (const Value *v : op.results) results.push_back(typeOf(v));
    for (const auto *list : {&operands, &results})
      for (const TileType &t : *list)
        if (t.kind == TileType::Kind::MemDesc) return std::nullopt;
    return movedTile(operands, results);
  }

  bool hasTmem() const { return model_.machine.tmemBytes.value_or(0) > 0; }
  // Facts §5's TMEM class: a 2-D tile of elements of 8 bits or more, over the threshold.
  static bool tmemShaped(const TileType &t) {
    const std::optional<int64_t> bytes = t.bytes();
    return t.rank() >= 2 && t.elementBits >= 8 && bytes && *bytes > kTmemThresholdBytes;
  }

  // The space of a Pipe_ payload that is not an allocation or a memory-typed value: Triton's
  // tensors live in registers (its shared data is a memdesc; its tensors, made by Triton ops or
  // in a tt.func, have distributed layouts), CUDA Tile IR's tiles are the compiler's (cudaTileOp);
  // other tiles get tileiras' class; scalars stay in registers. No space: not data, or a view whose allocation is
  // counted.
  std::optional<BufferSpace> payloadSpace(const TileType &t, const Operation &producer) const {
    switch (t.kind) {
    case TileType::Kind::Scalar: return BufferSpace::Registers;
    case TileType::Kind::Tensor: {
      const bool tritonOp = producer.name.rfind("tt.", 0) == 0 || producer.name.rfind("ttg.", 0) == 0 ||
                            producer.name.rfind("ttng.", 0) == 0;
      if (t.encoded || tritonOp || cudaTileOp(producer) || tritonFunction()) return BufferSpace::Registers;
      return hasTmem() && tmemShaped(t) ? BufferSpace::Tmem : BufferSpace::Smem;
    }
    default: return std::nullopt;
    }
  }
  bool tritonFunction() const {
    for (const Operation *op = in_.block->owner; op; op = op->parentOp())
      if (op->name == "tt.func") return true;
    return false;
  }

  // The node of a copy into shared memory (a TMA copy, or a load that became an async copy: an op
  // whose footprint holds the SMEM write transport and writes no SMEM of its own operands) whose
  // tile an allocation takes as its initial value; -1 for anything else. Triton's pipeliner makes
  // the allocation the copy's destination, so the tile is the allocation's memory from the copy on.
  int copiedInto(const Operation &alloc) const {
    if (!allocSpace(alloc) || alloc.operands.empty() || !alloc.operands[0]->definingOp) return -1;
    const int m = view_.nodeOf(alloc.operands[0]->definingOp);
    if (m < 0) return -1;
    // A global load whose tile an allocation takes is the copy the pipeliner makes of it
    // (cp.async or TMA), whatever unit the model prices its transport on.
    const OpModel *load = entry(view_.op(m));
    const MemAccess global = load ? load->effects.of(MemSpace::Global) : MemAccess::None;
    if (global == MemAccess::Read || global == MemAccess::ReadWrite) return m;
    for (const FootprintRow &row : (*in_.resources)[m].footprint)
      for (int r : row)
        if (model_.resources[r].name == "tp_smem_wr") return m;
    return -1;
  }
  // The wait on a TMA copy's token gives the tile the copy wrote to SMEM: that buffer, read
  // through the wait (nv_tileas.async.wait is the completion of an async op, facts §6.1).
  bool awaitsTmaTile(const Operation &op) const {
    if (op.name != "nv_tileas.async.wait" || op.operands.empty() || !op.operands[0]->definingOp) return false;
    const int m = view_.nodeOf(op.operands[0]->definingOp);
    return m >= 0 && tmaTile(m).has_value();
  }

  bool takenByCopyAllocation(const Value *v) const {
    auto readers = readers_.find(v);
    if (readers == readers_.end()) return false;
    for (const auto &[c, distance] : readers->second)
      if (view_.op(c).operands.size() && view_.op(c).operands[0] == v && copiedInto(view_.op(c)) >= 0) return true;
    return false;
  }

  void nodeBuffers(int n, std::vector<Buffer> &out) {
    const Operation &op = view_.op(n);
    const Value *first = op.results.empty() ? nullptr : op.results.front();
    if (std::optional<BufferSpace> space = allocSpace(op); space && first) {
      const TileType t = typeOf(first);
      const int copy = copiedInto(op);
      add(out, n, first, Buffer::Kind::Allocation,
          t.kind == TileType::Kind::MemDesc && t.tensorMemory ? BufferSpace::Tmem : *space, t, copy >= 0);
      planned(op, out.back());
      // The copy's tile is this allocation's memory: it is live from the copy on, one slot for each
      // stage the tile waits between the copy and the allocation.
      if (const int m = copy; m >= 0) {
        out.back().liveBegin = std::min<int64_t>(out.back().liveBegin, view_.info(m).cycle);
        if (auto p = pipeOf_.find(op.operands[0]); p != pipeOf_.end())
          out.back().slots = std::max(out.back().slots, in_.materialized->pipes[p->second].depth);
        // A slot is refilled only after its last reader is done with it: one slot per II the
        // tile lives from its copy to the end of the MMA that reads it (Triton allocates
        // num_stages slots for num_stages - 1 copies in flight for this reason).
        if (out.back().space == BufferSpace::Smem) {
          const int64_t lived = out.back().liveEnd - out.back().liveBegin;
          out.back().slots =
              static_cast<int>(std::max<int64_t>(out.back().slots, std::min<int64_t>((lived + ii_ - 1) / ii_, 64)));
        }
      }
      return;
    }
    if (std::optional<TileType> tile = tmaTile(n)) {
      add(out, n, first, Buffer::Kind::TmaTile, BufferSpace::Smem, *tile);
      const OpModel *m = entry(op);
      out.back().storeTile = m && m->effects.of(MemSpace::Global) == MemAccess::Write;
      return;
    }
    // A TMA store inside a region op (a persistent kernel's epilogue in an scf.if) stages its tile
    // in SMEM while the loop runs: one slot, at the region op's place in the schedule.
    if (!op.regions.empty() && (*in_.resources)[n].source != OpResources::Source::Schedule) {
      std::optional<TileType> staged;
      walkOps(const_cast<Operation &>(op), [&](Operation &inner) {
        const OpModel *m = entry(inner);
        if (&inner == &op || !m || !(m->traits & TraitTma) || m->effects.of(MemSpace::Global) != MemAccess::Write)
          return;
        std::vector<TileType> operands, results;
        for (const Value *v : inner.operands) operands.push_back(typeOf(v));
        for (const Value *v : inner.results) results.push_back(typeOf(v));
        std::optional<TileType> t = movedTile(operands, results);
        if (t && t->bytes() && (!staged || *t->bytes() > *staged->bytes())) staged = t;
      });
      if (staged) {
        add(out, n, nullptr, Buffer::Kind::TmaTile, BufferSpace::Smem, *staged);
        out.back().value = describeOp(op) + " (TMA store tile)";
        out.back().storeTile = true;
      }
    }
    if (awaitsTmaTile(op)) return;  // the tile is the TMA op's buffer
    for (const Value *r : op.results) {
      if (takenByCopyAllocation(r)) continue;  // counted with the allocation (copiedInto)
      const TileType t = typeOf(r);
      if (t.kind == TileType::Kind::Tmem || t.kind == TileType::Kind::Smem) {
        add(out, n, r, Buffer::Kind::Value, t.kind == TileType::Kind::Tmem ? BufferSpace::Tmem : BufferSpace::Smem, t);
        continue;
      }
      if (!pipeOf_.count(r) && !everyRegisterValue_) continue;
      // Uncarried, only a register tensor something reads: what a schedule could make keep copies.
      if (std::optional<BufferSpace> space = payloadSpace(t, op);
          space && (pipeOf_.count(r) || (*space == BufferSpace::Registers && readers_.count(r)))) {
        const RegisterForm form = *space == BufferSpace::Registers ? registerFormOf(op.name) : RegisterForm::Own;
        // A broadcast's registers are its operand's: that buffer is read through it (add).
        if (form == RegisterForm::View) continue;
        add(out, n, r, Buffer::Kind::Value, *space, t);
        out.back().smemForNoTmem = *space == BufferSpace::Smem && !hasTmem() && tmemShaped(t);
        if (form == RegisterForm::Uniform) out.back().bytesPerSlot = t.elementRegisterBytes();
      }
    }
  }

  // One buffer defined by node n (`v` may be null: a TMA store without a result). Its slots are
  // the depth of the Pipe_ that carries `v`; its live range runs from the node's cycle to the
  // last read of `v` or of a view of it, `d` iterations later at cycle(C) + d*II (at least one
  // cycle: a value read in the cycle it is made still holds its memory then).
  void add(std::vector<Buffer> &out, int n, const Value *v, Buffer::Kind kind, BufferSpace space, const TileType &t,
           bool holdsUntilRead = false) {
    Buffer b;
    b.kind = kind;
    b.value = v ? v->name : describeOp(view_.op(n));
    b.space = space;
    b.element = t.element;
    b.node = n;
    b.range = view_.op(n).nameRange;
    b.liveBegin = view_.info(n).cycle;
    b.liveEnd = b.liveBegin + 1;
    // An accumulator kept in TMEM is allocated once before the loop and lives through all of it.
    b.wholeLoop = (*in_.resources)[n].source == OpResources::Source::OutsideLoop;
    std::vector<const Value *> aliases;
    if (v) aliases.push_back(v);
    for (size_t i = 0; i < aliases.size(); ++i) {
      if (auto p = pipeOf_.find(aliases[i]); p != pipeOf_.end()) {
        const PipeValue &pipe = in_.materialized->pipes[p->second];
        if (b.pipe < 0 || pipe.depth > b.slots) {
          b.pipe = p->second;
          b.slots = pipe.depth;
        }
      }
      auto readers = readers_.find(aliases[i]);
      if (readers == readers_.end()) continue;
      for (const auto &[c, distance] : readers->second) {
        if (space == BufferSpace::Registers) b.reads.push_back({c, distance});
        // An MMA reads a copied tile's slot until it completes (the wgmma is asynchronous).
        const bool mmaRead = holdsUntilRead && ((*in_.resources)[c].traits & TraitWgmma);
        const int64_t reading = mmaRead ? (*in_.resources)[c].latency : 0;
        b.liveEnd = std::max<int64_t>(b.liveEnd, view_.info(c).cycle + int64_t{distance} * ii_ + reading);
        // A view of the buffer made in the loop (a subslice, an index; a broadcast of registers) is
        // read as the buffer.
        const Operation &reader = view_.op(c);
        const bool registerView = space == BufferSpace::Registers && registerFormOf(reader.name) == RegisterForm::View;
        if ((viewKind(reader) != ViewKind::None || awaitsTmaTile(reader) || registerView) &&
            reader.operands[0] == aliases[i] && !reader.results.empty())
          aliases.push_back(reader.results.front());
      }
    }
    if (!b.reads.empty()) b.slots = registerCopies(b);
    b.bytesPerSlot = space == BufferSpace::Registers ? t.registerBytes() : t.bytes();
    out.push_back(std::move(b));
  }

  // A register tensor is no ring the materializer allocates: the compiler keeps as many copies as
  // its reads need at once (BufferAssignment.h, Buffer::reads), one when an accumulator is read
  // only by its own MMA and within the MMA's stage.
  int registerCopies(const Buffer &b) const {
    int copies = 1;
    for (const auto &[c, distance] : b.reads)
      copies = std::max(copies, c == b.node ? distance : view_.ringDepth(b.node, c, distance));
    return copies;
  }

  // Whether two live ranges of one iteration ever overlap once the iterations repeat every II.
  bool overlap(const Buffer &a, const Buffer &b) const {
    const int64_t la = a.liveEnd - a.liveBegin, lb = b.liveEnd - b.liveBegin;
    if (la + lb > ii_) return true;
    const int64_t shift = moduloRow(b.liveBegin, -a.liveBegin, ii_);
    return shift < la || shift + lb > ii_;
  }

  // facts §5 phase 4: buffers of one class, element type and size whose live ranges are disjoint
  // share one buffer (the class keeps the union of its members' ranges, so the merge is
  // associative); registers follow the same rule. Only one-slot buffers can: a ring of two or
  // more slots is live in every cycle, and an allocation before the loop in all of them.
  void shareRegions(BufferPlan &plan) {
    std::vector<std::vector<int>> regions;
    std::map<std::pair<int, int64_t>, int> plannerRegion;  // (space, buffer.id) -> region
    for (size_t i = 0; i < plan.buffers.size(); ++i) {
      Buffer &b = plan.buffers[i];
      if (b.plannerId) {  // overlaid by Triton's planner: one backing buffer per id
        auto [it, inserted] = plannerRegion.try_emplace({int(b.space), *b.plannerId}, int(regions.size()));
        if (inserted) regions.emplace_back();
        b.region = it->second;
        regions[size_t(b.region)].push_back(static_cast<int>(i));
      }
      const bool shareable = !b.plannerId && !b.wholeLoop && b.slots == 1 && b.bytesPerSlot;
      if (shareable)
        for (size_t r = 0; r < regions.size() && b.region < 0; ++r) {
          const Buffer &head = plan.buffers[regions[r].front()];
          if (head.plannerId || head.wholeLoop || head.slots != 1 || head.space != b.space ||
              head.element != b.element || head.bytesPerSlot != b.bytesPerSlot)
            continue;
          if (std::none_of(regions[r].begin(), regions[r].end(), [&](int m) { return overlap(plan.buffers[m], b); })) {
            b.region = static_cast<int>(r);
            regions[r].push_back(static_cast<int>(i));
          }
        }
      if (b.region < 0 && !b.plannerId) {
        b.region = static_cast<int>(regions.size());
        regions.push_back({static_cast<int>(i)});
      }
      if (b.bytesPerSlot && *b.bytesPerSlot <= (int64_t{1} << 56) / std::max(1, b.slots))
        b.bytes = *b.bytesPerSlot * b.slots;
    }
  }

  // Each region counts once, at its largest member; buffers the planner placed at an offset
  // take the SMEM up to the end of the highest one instead of their sum.
  // When Triton's memory planner placed the kernel's allocations, they are its SMEM: a tile the
  // loop copies or keeps lands in one of them, so only the planned allocations count there.
  void total(BufferPlan &plan) const {
    MemoryUse &m = plan.memory;
    const bool planned = std::any_of(plan.buffers.begin(), plan.buffers.end(),
                                     [](const Buffer &b) { return b.plannerId && b.space == BufferSpace::Smem; });
    std::map<int, int64_t> regionBytes;
    int64_t placedEnd = 0;
    for (Buffer &b : plan.buffers) {
      b.inPlanned = planned && b.space == BufferSpace::Smem && !b.plannerId && b.kind != Buffer::Kind::Allocation;
      if (b.inPlanned) continue;  // in a planned allocation: not counted again
      if (!b.bytes) {
        ++m.unknownBuffers;
        continue;
      }
      if (b.plannerOffset && b.space == BufferSpace::Smem && *b.plannerOffset >= 0) {
        placedEnd = std::max(placedEnd, std::min<int64_t>(*b.plannerOffset + *b.bytes, int64_t{1} << 62));
        continue;
      }
      int64_t &bytes = regionBytes[b.region];
      bytes = std::max(bytes, *b.bytes);
    }
    std::set<int> counted;
    for (const Buffer &b : plan.buffers) {
      if (!b.bytes || b.inPlanned || (b.plannerOffset && b.space == BufferSpace::Smem) ||
          !counted.insert(b.region).second)
        continue;
      int64_t &sum = b.space == BufferSpace::Smem   ? m.smemBytes
                     : b.space == BufferSpace::Tmem ? m.tmemBytes
                                                    : m.registerBytes;
      sum = std::min<int64_t>(sum + regionBytes[b.region], int64_t{1} << 62);
    }
    m.smemBytes = std::min<int64_t>(m.smemBytes + placedEnd, int64_t{1} << 62);
    m.smemBudget = in_.unlimitedSmem ? std::optional<int>(INT_MAX) : model_.machine.smemBytes;
    m.tmemBudget = model_.machine.tmemBytes;
  }

  const BufferInput &in_;
  const ScheduleView view_;
  const TargetModel &model_;
  const int ii_;
  const bool everyRegisterValue_;                  // registerHoldEdges: a register value no Pipe_ carries too
  std::unordered_map<const Value *, int> pipeOf_;  // raw value -> its deepest Pipe_
  std::unordered_map<const Value *, std::vector<std::pair<int, int>>> readers_;  // value -> (reader, distance)
};

// (consumer, producer, distance) -> C -> P edges of latency 1, in that order.
std::vector<DepEdge> lifetimeEdges(const std::set<std::tuple<int, int, int>> &edges) {
  std::vector<DepEdge> out;
  for (const auto &[c, p, distance] : edges) out.push_back({c, p, 1, distance, EdgeKind::Lifetime});
  return out;
}

}  // namespace

BufferPlan assignBuffers(const BufferInput &in) { return Assigner(in).run(); }

std::vector<DepEdge> registerHoldEdges(const BufferInput &in) {
  std::vector<DepEdge> out;
  for (const Buffer &b : Assigner(in, true).run().buffers)
    if (b.space == BufferSpace::Registers && !b.reads.empty()) {
      std::vector<DepEdge> e = slotLimitEdges(in, b, b.slots);
      out.insert(out.end(), e.begin(), e.end());
    }
  return out;
}

std::vector<DepEdge> slotLimitEdges(const BufferInput &in, const Buffer &b, int slots) {
  if (slots < 1) return {};
  std::set<std::tuple<int, int, int>> edges;  // (consumer, producer, distance)
  if (!b.reads.empty()) {
    for (const auto &[c, distance] : b.reads) {
      // A read d iterations later keeps at least d + 1 slots (d for the defining node's own read,
      // in place); an edge of distance 0 against the data edge would be a cycle no schedule meets.
      if (c == b.node ? distance > slots : slots - distance < 1) return {};
      if (c != b.node) edges.insert({c, b.node, slots - distance});
    }
    return lifetimeEdges(edges);
  }
  if (b.pipe < 0) return {};
  const ScheduleView view(viewInput(in));
  const std::vector<PipeValue> &pipes = in.materialized->pipes;
  const Value *raw = pipes[b.pipe].raw;
  for (const PipeValue &pipe : pipes) {
    if (pipe.raw != raw || pipe.trivialFallback) continue;
    for (int c : pipe.consumers)
      for (const Value *u : view.uses(c)) {
        if (view.origin(u) != raw) continue;
        const UseSource src = view.trace(u);
        if (std::find(pipe.producers.begin(), pipe.producers.end(), src.producer) == pipe.producers.end()) continue;
        // A read d iterations later keeps at least d + 1 slots; an edge of distance 0 against the
        // data edge would be a cycle no schedule meets.
        if (slots - src.distance < 1) return {};
        edges.insert({c, src.producer, slots - src.distance});
      }
  }
  return lifetimeEdges(edges);
}

int64_t leastBytes(const BufferPlan &plan, BufferSpace space) {
  int64_t fixed = 0, largest = 0;
  for (const Buffer &b : plan.buffers) {
    if (b.space != space || !b.bytes) continue;
    if (b.wholeLoop) fixed += *b.bytes;
    else largest = std::max(largest, *b.bytesPerSlot);
  }
  return fixed + largest;
}

}  // namespace tilesched
