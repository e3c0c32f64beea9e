#include "perf/LoopDemand.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "buffers/Figures.h"
#include "buffers/TileType.h"
#include "graph/RingSlots.h"
#include "graph/ScheduledBlock.h"
#include "ir/OpKinds.h"

namespace tilesched {

namespace {

// A flattened loop's guarded epilogue runs once per inner trip; the IR does not give the trip.
constexpr Range kGuardedWeight{1.0 / 128, 1.0 / 16};
constexpr double kAssumedTrips = 16;
constexpr int kCmpiEq = 0;

class DemandReader {
public:
  DemandReader(const BufferInput &in, const GpuPerformance &gpu) : in_(in), model_(*in.model), gpu_(gpu) {
    for (size_t n = 0; n < in.block->ops.size(); ++n) nodeOf_[in.block->ops[n]] = static_cast<int>(n);
    for (Operation *op : in.block->ops) walkOps(*op, [&](Operation &o) { noteUses(o); });
    if (in.block->terminator) noteUses(*in.block->terminator);
  }

  LoopDemand run() {
    for (Operation *op : in_.block->ops)
      walkOps(*op, [&](Operation &o) {
        const OpModel *m = entry(o);
        loopHasMma_ |= m && (m->traits & TraitWgmma);
      });
    for (Operation *op : in_.block->ops) visit(*op, {1, 1});
    // A TMA store stages its tile in SMEM. One in this loop or in a loop around it (a persistent
    // kernel's epilogue) needs that SMEM while the loop's rings are live; one after every loop
    // reuses theirs (Triton's allocator overlays buffers that are never live together).
    std::unordered_set<const Operation *> loops;
    Operation *function = in_.block->owner;
    for (; function && !isFunctionOpName(function->name); function = function->parentOp())
      if (loopKindOf(function->name)) loops.insert(function);
    if (function)
      walkOps(*function, [&](Operation &o) {
        const OpModel *m = entry(o);
        // CUDA Tile IR leaves a tile's memory to the compiler (docs/decisions.md, "Buffer assignment").
        if (!m || !(m->traits & TraitTma) || movement(m) != Moves::GlobalWrite || o.name.rfind("cuda_tile.", 0) == 0)
          return;
        bool inLoop = false;
        for (const Operation *p = o.parentOp(); p && !inLoop; p = p->parentOp()) inLoop = loops.count(p) > 0;
        if (inLoop) d_.tmaStoreTile = std::max(d_.tmaStoreTile, tileBytes(o).value_or(0));
      });
    d_.tensorCycles = tensor_;
    double best = 0;
    for (const auto &[root, cycles] : elementwiseByOp_)
      if (cycles.mid() > best) best = cycles.mid(), d_.costliestElementwise = root;
    if (!unmeasured_.empty()) {
      std::string names;
      for (const std::string &op : unmeasured_) names += (names.empty() ? "" : ", ") + op;
      note("elementwise ops without a measured rate (" + names + "): between the unmeasured span's rates");
    }
    return std::move(d_);
  }

private:
  void noteUses(Operation &o) {
    for (Value *v : o.operands) users_[v].push_back(&o);
  }

  TileType typeOf(const Value *v) const { return parseTileType(in_.aliases->resolve(v->type)); }
  const OpModel *entry(const Operation &op) const { return model_.lookup(op.name); }

  // The op is one of the layout-only ops (expand_dims, broadcast, views, constants): no footprint.
  bool layoutOnly(const Operation &op) const {
    const OpModel *m = entry(op);
    if (!m) return false;
    if (m->layoutConversion) {
      auto n = nodeOf_.find(&op);  // an SMEM round trip only where resources say so
      return n == nodeOf_.end() || (*in_.resources)[n->second].footprint.empty();
    }
    return m->footprint.empty() && !m->shapeCost && !(m->traits & (TraitTma | TraitWgmma)) && !m->effects.any();
  }

  std::optional<int64_t> tileBytes(const Operation &op) const {
    std::vector<TileType> operands, results;
    for (const Value *v : op.operands) operands.push_back(typeOf(v));
    for (const Value *v : op.results) results.push_back(typeOf(v));
    if (std::optional<TileType> t = movedTile(operands, results))
      if (std::optional<int64_t> b = t->bytes()) return b;
    std::optional<int64_t> largest;
    for (const auto *list : {&results, &operands})
      for (const TileType &t : *list)
        if (t.rank() >= 1 && t.elementBits > 0)
          if (std::optional<int64_t> b = t.bytes(); b && (!largest || *b > *largest)) largest = b;
    return largest;
  }

  bool copiesIntoSmem(const Operation &op, const OpModel *m) const {
    if (m && ((m->traits & TraitTma) || m->effects.of(MemSpace::Shared) == MemAccess::Write)) return true;
    for (const Value *v : op.operands)
      if (typeOf(v).kind == TileType::Kind::MemDesc) return true;
    return false;
  }

  // Walks forward from `from`'s results through the ops that use them (at most 4096 values):
  // `step(user, value, next)` returns true to stop with a find, or adds the values to follow.
  template <typename Step>
  bool reaches(const Operation &from, Step step) const {
    std::vector<const Value *> work(from.results.begin(), from.results.end());
    std::unordered_set<const Value *> seen(work.begin(), work.end());
    for (size_t i = 0; i < work.size() && i < 4096; ++i) {
      auto it = users_.find(work[i]);
      if (it == users_.end()) continue;
      for (const Operation *u : it->second) {
        std::vector<const Value *> next;
        if (step(*u, work[i], next)) return true;
        for (const Value *v : next)
          if (seen.insert(v).second) work.push_back(v);
      }
    }
    return false;
  }

  // Whether the load's value reaches an operand of an MMA through the ops that use it.
  bool reachesMma(const Operation &load) const {
    return reaches(load, [&](const Operation &u, const Value *, std::vector<const Value *> &next) {
      const OpModel *m = entry(u);
      if (m && (m->traits & TraitWgmma)) return true;
      next.assign(u.results.begin(), u.results.end());
      return false;
    });
  }

  // Whether an elementwise op reads the MMA's result in the same iteration or, through the
  // loop's carried value, in the next (attention's softmax, the rescaled accumulator): the MMA
  // is then waited for by the warps that do that work.
  bool readByElementwise(const Operation &mma) const {
    return reaches(mma, [&](const Operation &u, const Value *v, std::vector<const Value *> &next) {
      if (&u == in_.block->terminator && in_.block->isLoop) {
        for (const Value *arg : in_.block->body->arguments)
          if (in_.block->loop.nextIterationValue(arg) == v) next.push_back(arg);
        return false;
      }
      if (elementwise(u)) return true;
      if (layoutOnly(u)) next.assign(u.results.begin(), u.results.end());
      return false;
    });
  }

  bool elementwise(const Operation &op) const {
    if (!op.regions.empty() && rootOpName(model_, op.name).find("reduce") == std::string::npos &&
        rootOpName(model_, op.name).find("scan") == std::string::npos)
      return false;
    const OpModel *m = entry(op);
    if (m && ((m->traits & (TraitTma | TraitWgmma)) || m->effects.any() || movement(m) != Moves::None)) return false;
    if (m && holds(*m, model_, "tp_")) return false;  // TMEM and other transports: not ALU work
    if (layoutOnly(op) || op.results.empty()) return false;
    const TileType t = typeOf(op.results.front());
    return t.kind == TileType::Kind::Tensor && t.rank() >= 1;
  }

  static double elementsOf(const TileType &t) {
    double n = 1;
    for (int64_t e : t.shape) n *= e > 0 ? double(e) : 1;
    return n;
  }

  void visitRegionOp(Operation &op, Range w) {
    if (loopKindOf(op.name)) {
      std::optional<int64_t> trips = constantTripCount(viewLoop(op));
      if (!trips) note("a nested loop's trip count (" + describeOp(op) + "): assumed 16");
      // A trip count past a million is taken as a million: the figures stay finite and print alike.
      w = w * (trips ? double(std::min<int64_t>(std::max<int64_t>(*trips, 0), 1000000)) : kAssumedTrips);
      for (auto &region : op.regions)
        for (auto &block : region->blocks)
          for (auto &inner : block->operations) visit(*inner, w);
      return;
    }
    // scf.if: a branch guarded by an equality test is the rare one.
    bool guarded = false;
    if (!op.operands.empty() && op.operands[0]->definingOp && op.operands[0]->definingOp->name == "arith.cmpi")
      guarded = cmpiPredicate(*op.operands[0]->definingOp) == kCmpiEq;
    if (guarded)
      note("a branch taken when a counter equals a value (" + describeOp(op) + "): once per 16 to 128 iterations");
    for (size_t r = 0; r < op.regions.size(); ++r)
      for (auto &block : op.regions[r]->blocks)
        for (auto &inner : block->operations) visit(*inner, guarded && r == 0 ? w * kGuardedWeight : w);
  }

  // Whether the op's model entry holds a unit whose name starts with `prefix` (the transports:
  // tp_gnic_rd, tp_smem_wr, ...), for ops whose entry states no memory effects.
  static bool holds(const OpModel &m, const TargetModel &model, std::string_view prefix) {
    for (const FootprintRow &row : m.footprint)
      for (int r : row)
        if (std::string_view(model.resources[size_t(r)].name).substr(0, prefix.size()) == prefix) return true;
    return false;
  }

  enum class Moves { None, GlobalRead, GlobalWrite, Smem };
  Moves movement(const OpModel *m) const {
    if (!m) return Moves::None;
    const MemAccess global = m->effects.of(MemSpace::Global);
    const bool tma = (m->traits & TraitTma) != 0;
    if (global == MemAccess::Read || global == MemAccess::ReadWrite || holds(*m, model_, "tp_gnic_rd") ||
        (tma && holds(*m, model_, "tp_smem_wr")))
      return Moves::GlobalRead;
    if (global == MemAccess::Write || holds(*m, model_, "tp_gnic_wr") || (tma && holds(*m, model_, "tp_smem_rd")))
      return Moves::GlobalWrite;
    if (m->effects.of(MemSpace::Shared) != MemAccess::None || holds(*m, model_, "tp_smem")) return Moves::Smem;
    return Moves::None;
  }

  void visit(Operation &op, Range w) {
    if (op.isTerminator()) return;
    if (!op.regions.empty() && !elementwise(op)) return visitRegionOp(op, w);
    const OpModel *m = entry(op);
    if (m && (m->traits & TraitWgmma)) return mma(op, w);
    switch (movement(m)) {
    case Moves::GlobalRead: {
      const double bytes = double(tileBytes(op).value_or(0));
      // A copy into SMEM (a memdesc destination, TMA) in a loop with an MMA stages its operands.
      const bool feeds = reachesMma(op) || (loopHasMma_ && copiesIntoSmem(op, m));
      (feeds ? d_.l2Bytes : d_.hbmBytes) = (feeds ? d_.l2Bytes : d_.hbmBytes) + w * bytes;
      if (auto n = nodeOf_.find(&op); n != nodeOf_.end())
        d_.loads.push_back({n->second, static_cast<int64_t>(bytes), feeds});
      return;
    }
    case Moves::GlobalWrite: {
      const double bytes = double(tileBytes(op).value_or(0));
      d_.hbmBytes = d_.hbmBytes + w * bytes;
      return;
    }
    case Moves::Smem:
      // A layout conversion through SMEM writes and reads its tile; a register-only one is free.
      if (m->layoutConversion && layoutOnly(op)) return;
      d_.smemBytes = d_.smemBytes + w * ((m->layoutConversion ? 2.0 : 1.0) * double(tileBytes(op).value_or(0)));
      return;
    case Moves::None: break;
    }
    if (elementwise(op)) elementwiseWork(op, w);
  }

  void mma(const Operation &op, Range w) {
    std::string element;
    std::optional<int64_t> flops = mmaFlops(op, *in_.aliases, &element);
    if (!flops) {
      d_.flopsKnown = false;
      return;
    }
    d_.flops = static_cast<int64_t>(std::min(double(d_.flops) + double(*flops) * w.lo, 1e18));
    const int64_t scale = gpu_.mmaScale(element);
    if (scale == 0) {
      note(element + " MMA (" + describeOp(op) + "): no tensor-core rate for this type");
      return;
    }
    const TileType b = typeOf(op.operands[1]);
    const int64_t n = b.rank() >= 1 ? b.shape.back() : 0;
    const double rate = double(gpu_.mmaRate(n)) / 1000.0 * double(scale) / 1000.0;
    const Range cycles = w * (double(*flops) / rate);
    tensor_ = tensor_ + cycles;
    if (readByElementwise(op)) d_.syncTensorCycles = d_.syncTensorCycles + cycles;
  }

  void elementwiseWork(const Operation &op, Range w) {
    std::string root = rootOpName(model_, op.name);
    const TileType *shapeFrom = nullptr;
    TileType result = typeOf(op.results.front()), operand;
    shapeFrom = &result;
    std::string rateOp = root;
    if (!op.regions.empty() && !op.operands.empty()) {  // a reduction: its operand's elements at its combiner's rate
      operand = typeOf(op.operands.front());
      shapeFrom = &operand;
      for (auto &block : op.regions.front()->blocks)
        for (auto &inner : block->operations)
          if (!inner->isTerminator()) rateOp = rootOpName(model_, inner->name);
      root = rateOp;
    }
    const int64_t rate = gpu_.elementwiseRate(rateOp);
    const MilliSpan span = rate ? MilliSpan{rate, rate} : gpu_.unmeasuredElementwisePerCycle;
    const double elements = elementsOf(*shapeFrom);
    // The slower rate gives the longer time.
    const Range cycles = Range{elements * 1000.0 / double(span.high), elements * 1000.0 / double(span.low)} * w;
    d_.elementwiseCycles = d_.elementwiseCycles + cycles;
    Range &byOp = elementwiseByOp_[root];
    byOp = byOp + cycles;
    if (!rate) unmeasured_.insert(root);
  }

  void note(const std::string &text) {
    if (std::find(d_.assumptions.begin(), d_.assumptions.end(), text) == d_.assumptions.end())
      d_.assumptions.push_back(text);
  }

  const BufferInput &in_;
  const TargetModel &model_;
  const GpuPerformance &gpu_;
  LoopDemand d_;
  bool loopHasMma_ = false;
  Range tensor_;
  std::unordered_map<const Operation *, int> nodeOf_;
  std::unordered_map<const Value *, std::vector<const Operation *>> users_;
  std::map<std::string, Range> elementwiseByOp_;
  std::set<std::string> unmeasured_;
};

}  // namespace

std::string rootOpName(const TargetModel &model, const std::string &opName) {
  std::string name = opName;
  const OpModel *m = model.lookup(name);
  for (int hops = 0; m && !m->like.empty() && hops < 64; ++hops) {
    name = m->like;
    m = model.lookup(name);
  }
  return m ? m->pattern : opName;
}

bool computesInRegisters(const TargetModel &model, const Operation &op) {
  const OpModel *m = model.lookup(op.name);
  if (!m || m->effects.any() || (m->traits & (TraitTma | TraitWgmma | TraitAsyncPipeline)) || m->footprint.empty())
    return false;
  for (const FootprintRow &row : m->footprint)
    for (int r : row)
      if (model.resources[size_t(r)].name.rfind("tp_", 0) == 0) return false;
  return true;
}

LoopDemand loopDemand(const BufferInput &in, const GpuPerformance &gpu) { return DemandReader(in, gpu).run(); }

}  // namespace tilesched
