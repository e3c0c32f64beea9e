#include "perf/PerformanceEstimate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "buffers/Figures.h"
#include "buffers/TileType.h"
#include "materialize/ScheduleView.h"

namespace tilesched {

namespace {

double lo(const MilliSpan &s) { return double(s.low) / 1000.0; }
double hi(const MilliSpan &s) { return double(s.high) / 1000.0; }

// bytes over a rate span: the fast end gives the short time.
Range over(const Range &bytes, const MilliSpan &rate) { return {bytes.lo / hi(rate), bytes.hi / lo(rate)}; }

std::optional<int64_t> moduleInt(const Operation *op, const char *key) {
  for (; op; op = op->parentOp())
    if (const Attribute *a = op->lookupAttr(key))
      if (std::optional<int64_t> v = a->asInt()) return v;
  return std::nullopt;
}

// Registers per thread a tensor takes: its 32-bit words over the threads (a tensor of pointers:
// TileType::registerBytes).
double tensorRegisters(const TileType &t, int threads) {
  if (t.kind != TileType::Kind::Tensor) return 0;
  double elements = 1;
  for (int64_t e : t.shape) elements *= e > 0 ? double(e) : 1;
  const double words = t.elementBits > 0 ? elements * t.elementBits / 32.0 : double(t.registerBytes().value_or(0)) / 4;
  return std::ceil(words / threads);
}

class Estimator {
public:
  explicit Estimator(const PerfInput &in) : in_(in), b_(*in.buffers), gpu_(*in.gpu) {}

  PerfOutcome run() {
    PerfEstimate e;
    e.gpu = gpu_.gpu;
    e.modelName = in_.gpuModel;
    e.clockMhz = gpu_.clockMhz;
    e.seedUnits = !b_.model->iiInSmCycles();
    const std::optional<int64_t> warps = moduleInt(b_.block->owner, "ttg.num-warps");
    const std::vector<BlockAgent> none;
    const std::vector<BlockAgent> &agents = in_.agents ? *in_.agents : none;
    const bool stated = warps && *warps >= 1 && *warps <= 64;
    const bool agentsStated =
        !agents.empty() && std::all_of(agents.begin(), agents.end(), [](const BlockAgent &a) { return a.warpsGiven; });
    e.warpsAssumed = !stated && !agentsStated;
    e.warps = !agents.empty() ? ctaWarps(*b_.block, agents) : stated ? static_cast<int>(*warps) : 4;
    if (e.warpsAssumed) e.assumptions.push_back("4 warps per CTA (the IR states no ttg.num-warps)");
    const int threads = 32 * e.warps;
    e.registersLimit = static_cast<int>(gpu_.registersPerThread.low / 1000);
    // Each agent's tensors are held by its own warps, at its own register count (setmaxnreg: the
    // agents' max_regs, facts §7.3); the figure reported is the most any agent needs.
    e.registersPerThread = agents.empty() ? registersPerThread(b_, threads, gpu_) : 0;
    ctaRegisters_ = agents.empty() ? allocated(e.registersPerThread) * threads : 0;
    for (const BlockAgent &a : agents) {
      const int regs = registersPerThread(b_, 32 * a.warps, gpu_, &a.ops);
      e.registersPerThread = std::max(e.registersPerThread, regs);
      ctaRegisters_ += allocated(regs) * 32 * a.warps;
    }
    e.registersOver = e.registersPerThread > e.registersLimit;
    e.registerBytes = in_.plan->memory.registerBytes;
    e.registerFileBytes = gpu_.registerFileBytes();
    e.registersOverFile = e.registerBytes > e.registerFileBytes;
    const std::optional<int64_t> shared = moduleInt(b_.block->owner, "ttg.shared");
    e.smemFromIR = shared.has_value();
    demand_ = loopDemand(b_, gpu_);
    for (const std::string &a : demand_.assumptions) e.assumptions.push_back(a);
    e.flops = demand_.flops;
    e.flopsKnown = demand_.flopsKnown;
    // The plan counts a TMA store's tile where the loop issues it; one elsewhere in the kernel
    // (an epilogue) still takes its SMEM.
    bool storeCounted = false;
    for (const Buffer &b : in_.plan->buffers) storeCounted |= b.storeTile;
    e.ours = estimate(e, stagesAhead(),
                      shared ? *shared : in_.plan->memory.smemBytes + (storeCounted ? 0 : demand_.tmaStoreTile),
                      threads, e.registerBytes);
    if (in_.triton && in_.triton->any())
      e.triton = estimate(e, tritonStagesAhead(), shared ? *shared : tritonSmem(), threads, 0);
    if (e.ours.ctasPerSm < 1 && !(e.triton && e.triton->ctasPerSm >= 1))
      return {std::nullopt, "no CTA fits on an SM of the " + gpu_.gpu + ": its buffers need " +
                                bytesText(in_.plan->memory.smemBytes) + " of SMEM"};
    // Scalar arithmetic and barriers are no tile, copy or tensor-core op: nothing to time.
    if (e.ours.bounds.empty())
      return {std::nullopt, "the " + gpu_.gpu +
                                "'s measured rates price none of this loop's work (no tile, copy or tensor-core op): "
                                "no time to estimate"};
    if (e.flopsKnown && e.flops > 0 && e.ours.ctasPerSm >= 1 && e.ours.ns.lo > 0) {
      const double perNs = double(e.flops) * lo(gpu_.smCount) / 1000.0;  // TFLOP/s = FLOP / ns / 1000
      e.tflopsPerGpu = Range{perNs / e.ours.ns.hi, perNs / e.ours.ns.lo};
    }
    return {std::move(e), {}};
  }

private:
  // Registers are allocated per warp in units of 256: per thread, a multiple of 8, at most a thread's.
  int64_t allocated(int registers) const {
    return (std::min<int64_t>(registers, gpu_.registersPerThread.low / 1000) + 7) / 8 * 8;
  }

  // Tensor memory is 128 lanes of 512 32-bit columns per SM (the model's TMEM budget), and
  // tcgen05.alloc takes a power of two of columns, at least 32 (PTX ISA, tcgen05.alloc): a CTA
  // holds its buffers' columns rounded up so.
  static constexpr int64_t kTmemColumnBytes = 128 * 4;
  int64_t tmemAllocated() const {
    int64_t columns = 32;
    while (columns * kTmemColumnBytes < in_.plan->memory.tmemBytes && columns < (int64_t(1) << 40)) columns *= 2;
    return columns * kTmemColumnBytes;
  }
  // CTAs per SM by tensor memory; unlimited when the CTA holds none or the model has none.
  int64_t byTmem() const {
    const MemoryUse &m = in_.plan->memory;
    if (m.tmemBytes <= 0 || !m.tmemBudget) return std::numeric_limits<int64_t>::max();
    return *m.tmemBudget / tmemAllocated();
  }

  // CTAs per SM, as the tightest of SMEM, TMEM, registers, threads and the SM's CTA limit allow. A CTA's
  // registers are at most the SM's: the compiler spills to launch one. `kept`: the register
  // tensors a CTA's schedule keeps across stages (its buffer plan's), each CTA its own copies in
  // the SM's register file; 0 for a schedule whose plan is not ours (Triton's).
  void occupancy(ScheduleEstimate &s, int registers, int threads, int64_t kept) const {
    const int64_t smemPerSm = gpu_.smemBytesPerSm.low / 1000, reserved = gpu_.smemReservedPerCta.low / 1000;
    const int64_t bySmem = smemPerSm / std::max<int64_t>(1, s.smemPerCta + reserved);
    const int64_t regs = allocated(registers), perSm = gpu_.registersPerSm.low / 1000;
    const int64_t byRegs = perSm / std::max<int64_t>(1, std::min(ctaRegisters_, perSm));
    int64_t c = gpu_.ctasPerSm.low / 1000;
    s.ctaLimit = "the SM's CTA limit";
    auto limit = [&](int64_t by, const std::string &words) {
      if (by < c) c = by, s.ctaLimit = words;
    };
    limit(gpu_.threadsPerSm.low / 1000 / threads, "threads (" + std::to_string(threads) + " per CTA)");
    limit(byRegs, "registers (" + std::to_string(regs) + " per thread)");
    limit(bySmem, "shared memory (" + bytesText(s.smemPerCta) + " per CTA)");
    if (kept > 0)
      limit(std::max<int64_t>(1, gpu_.registerFileBytes() / kept),
            "register tensors the schedule keeps (" + bytesText(kept) + " per CTA)");
    limit(byTmem(), "tensor memory (" + bytesText(in_.plan->memory.tmemBytes) + " per CTA, " +
                        bytesText(tmemAllocated()) + " allocated)");
    s.ctasPerSm = static_cast<int>(std::min<int64_t>(c, 1 << 16));  // a user model's limit may be any figure
  }

  int tritonAhead(int node) const {
    return size_t(node) < in_.triton->ops.size() ? in_.triton->ops[size_t(node)].pipelinedLatency : 0;
  }

  // What Triton allocates: the buffers made before the loop; for each load it pipelines a ring of
  // one slot per stage it runs ahead plus the one its consumer reads (num_stages slots); one slot
  // of each SMEM tile the loop stores a register tensor into (a local_alloc of a converted load:
  // LowerLoops hoists it and writes it with local_store once the MMA has read it), except a
  // pipelined load's own tile, which is its ring; and the SMEM a TMA store writes from.
  int64_t tritonSmem() const {
    int64_t bytes = demand_.tmaStoreTile;
    std::unordered_set<const Value *> ringed;  // results of the loads Triton pipelines
    for (const GlobalLoad &l : demand_.loads)
      if (const int ahead = tritonAhead(l.node); ahead > 0 && l.feedsMma) {
        bytes += l.bytes * (ahead + 1);
        for (const Value *r : b_.block->ops[size_t(l.node)]->results) ringed.insert(r);
      }
    for (const Buffer &b : in_.plan->buffers) {
      if (b.space != BufferSpace::Smem || !b.bytes) continue;
      if (b.wholeLoop) {
        bytes += *b.bytes;
      } else if (b.kind == Buffer::Kind::Allocation && b.node >= 0 && b.bytesPerSlot) {
        const Operation &alloc = *b_.block->ops[size_t(b.node)];
        if (!alloc.operands.empty() && alloc.operands[0] && !ringed.count(alloc.operands[0])) bytes += *b.bytesPerSlot;
      }
    }
    return bytes;
  }

  // Per top-level load: the stages its nearest reader runs after it in tilesched's schedule (the
  // materializer's view of who reads what); a load no op reads keeps its tile to the last stage.
  std::unordered_map<int, int> stagesAhead() const {
    MaterializeInput mi;
    mi.aliases = b_.aliases;
    mi.block = b_.block;
    mi.analysis = b_.analysis;
    const ScheduleView view(mi);
    std::unordered_map<int, int> out;
    for (const GlobalLoad &l : demand_.loads) out[l.node] = -1;
    for (int c = 0; c < view.numNodes(); ++c)
      for (const Value *u : view.uses(c)) {
        const UseSource src = view.trace(u);
        auto it = out.find(src.producer);
        if (it == out.end() || src.producer == c) continue;
        const int gap = view.stagesCrossed(src.producer, c, src.distance);
        it->second = it->second < 0 ? gap : std::min(it->second, gap);
      }
    for (auto &[node, ahead] : out)
      if (ahead < 0) ahead = std::max(0, b_.analysis->stageCount - 1 - view.info(node).stage);
    return out;
  }

  std::unordered_map<int, int> tritonStagesAhead() const {
    std::unordered_map<int, int> out;
    for (const GlobalLoad &l : demand_.loads)
      if (size_t(l.node) < in_.triton->ops.size()) out[l.node] = tritonAhead(l.node);
    return out;
  }

  ScheduleEstimate estimate(const PerfEstimate &e, const std::unordered_map<int, int> &ahead, int64_t smem, int threads,
                            int64_t keptRegisters) const {
    ScheduleEstimate s;
    s.smemPerCta = smem;
    occupancy(s, e.registersPerThread, threads, keptRegisters);
    if (s.ctasPerSm < 1) {
      s.bound = "no CTA fits on an SM: " + bytesText(smem) + " of SMEM per CTA";
      return s;
    }
    const double ctas = s.ctasPerSm;
    auto bound = [&](const std::string &what, Range cycles) {
      if (cycles.hi > 0) s.bounds.push_back({what, cycles});
    };
    bound("tensor cores: " + flopsText(e.flops) + " per iteration", demand_.tensorCycles);
    bound("L2 -> SM bandwidth: " + bytesText(int64_t(demand_.l2Bytes.hi)) + " per iteration",
          over(demand_.l2Bytes, gpu_.l2BytesPerCycle));
    bound("HBM bandwidth: " + bytesText(int64_t(demand_.hbmBytes.hi)) + " per iteration",
          over(demand_.hbmBytes, gpu_.hbmBytesPerCycle));
    bound("SMEM bandwidth: " + bytesText(int64_t(demand_.smemBytes.hi)) + " per iteration",
          over(demand_.smemBytes, gpu_.smemBytesPerCycle));
    bound("elementwise work, most in " + demand_.costliestElementwise, demand_.elementwiseCycles);
    const Range chain = demand_.elementwiseCycles + demand_.syncTensorCycles;
    if (demand_.syncTensorCycles.hi > 0 && demand_.elementwiseCycles.hi > 0)
      bound("one CTA's MMA waits and elementwise work in turn, " + std::to_string(s.ctasPerSm) + " CTA(s) per SM",
            chain * (1.0 / ctas));
    // Little's law: a CTA with d tiles of a load in flight completes at most d iterations per
    // round trip (a cold global -> SMEM copy plus the producer's and consumer's mbarrier waits).
    Range latency;
    int inFlight = 0;
    for (const GlobalLoad &l : demand_.loads) {
      const double trip =
          lo(gpu_.loadLatencyCycles) + double(l.bytes) / lo(gpu_.loadLatencyBytesPerCycle) + 2 * lo(gpu_.barrierCycles);
      // Stages ahead beyond the loop's own count are the IR's wish, not tiles in flight.
      const int d = std::min(ahead.count(l.node) ? ahead.at(l.node) : 0, 1 << 16);
      const Range perCta = d >= 1 ? Range{trip / d, trip / d} : Range{trip, trip} + chain;
      if (perCta.mid() / ctas > latency.mid()) latency = perCta * (1.0 / ctas), inFlight = d * s.ctasPerSm;
    }
    s.tilesInFlight = inFlight;
    bound(inFlight ? "latency: " + std::to_string(inFlight) + " tile(s) of a load in flight per SM"
                   : "latency: a load waited for in its own iteration",
          latency);
    for (PerfBound &b : s.bounds) {
      // Figures past 10^15 cycles are no kernel's; the cap keeps every printed number exact.
      b.cycles = {std::min(b.cycles.lo, 1e15), std::min(b.cycles.hi, 1e15)};
      s.cycles.lo = std::max(s.cycles.lo, b.cycles.lo);
      s.cycles.hi = std::max(s.cycles.hi, b.cycles.hi);
    }
    double best = -1;
    for (const PerfBound &b : s.bounds)
      if (b.cycles.mid() > best) best = b.cycles.mid(), s.bound = b.what;
    s.ns = {s.cycles.lo * 1000.0 / hi(gpu_.clockMhz), s.cycles.hi * 1000.0 / lo(gpu_.clockMhz)};
    return s;
  }

  static std::string flopsText(int64_t flops) {
    if (flops >= 1000000)
      return std::to_string((flops + 50000) / 100000 / 10) + "." + std::to_string((flops + 50000) / 100000 % 10) +
             " MFLOP";
    return std::to_string(flops) + " FLOP";
  }

  const PerfInput &in_;
  const BufferInput &b_;
  const GpuPerformance &gpu_;
  LoopDemand demand_;
  int64_t ctaRegisters_ = 0;  // the registers one CTA's threads are allocated
};

// A value the same in every thread (a splat or dense constant, or a view of one: registerFormOf)
// is one register, not one per element.
bool uniform(const Value *v) {
  for (int hops = 0; v && v->definingOp && hops < 16; ++hops) {
    const std::string &name = v->definingOp->name;
    const RegisterForm form = registerFormOf(name);
    if (name == "arith.constant" || name == "cuda_tile.constant" || form == RegisterForm::Uniform) return true;
    if (form != RegisterForm::View || v->definingOp->operands.empty()) return false;
    v = v->definingOp->operands[0];
  }
  return false;
}

}  // namespace

int registersPerThread(const BufferInput &in, int threads, const GpuPerformance &gpu, const std::vector<int> *ops) {
  const ScheduledBlock &block = *in.block;
  const size_t n = block.ops.size();
  std::vector<bool> counted(n, ops == nullptr);
  if (ops)
    for (int v : *ops)
      if (v >= 0 && size_t(v) < n) counted[size_t(v)] = true;
  // A broadcast or expand_dims is a view of its operand's registers; a splat is one register
  // (registerFormOf). Triton's tensors are registers, and so are CUDA Tile IR's tiles, as buffer
  // assignment places them (payloadSpace); another dialect's tile is where its maker puts it.
  bool registerTiles = false;
  for (const Operation *op = block.owner; op && !registerTiles; op = op->parentOp())
    registerTiles = op->name == "tt.func" || op->name.rfind("cuda_tile.", 0) == 0;
  auto regs = [&](const Value *v) {
    const RegisterForm form = v->definingOp ? registerFormOf(v->definingOp->name) : RegisterForm::Own;
    if (form == RegisterForm::View) return 0.0;
    if (form == RegisterForm::Uniform) return 1.0;
    const TileType t = parseTileType(in.aliases->resolve(v->type));
    if (!t.encoded && !registerTiles && !(v->definingOp && computesInRegisters(*in.model, *v->definingOp))) return 0.0;
    return tensorRegisters(t, threads);
  };
  std::unordered_map<const Operation *, size_t> top;
  for (size_t i = 0; i < n; ++i)
    if (counted[i]) walkOps(*block.ops[i], [&](Operation &o) { top[&o] = i; });
  // Last use (top-level index; n: the terminator or a later iteration) of each value defined in
  // the body; values from outside the body and carried values live throughout.
  std::unordered_map<const Value *, size_t> lastUse;
  double throughout = 0;
  std::vector<const Value *> outside, carried;
  // Values made inside an op's regions (a reduction's combiner) live only within that op.
  std::unordered_set<const Value *> nested;
  for (Operation *op : block.ops)
    walkOps(*op, [&](Operation &o) {
      for (auto &region : o.regions)
        for (auto &b : region->blocks) nested.insert(b->arguments.begin(), b->arguments.end());
      if (&o != op) nested.insert(o.results.begin(), o.results.end());
    });
  auto use = [&](const Value *v, size_t at) {
    if (nested.count(v)) return;
    const bool inBody = v->definingOp && top.count(v->definingOp);
    if (!inBody && v->ownerBlock == block.body) {  // a carried value: replaced by its next one
      if (std::find(carried.begin(), carried.end(), v) == carried.end()) carried.push_back(v);
    } else if (!inBody) {
      if (std::find(outside.begin(), outside.end(), v) == outside.end())
        outside.push_back(v), throughout += uniform(v) ? 1 : regs(v);
      return;
    }
    size_t &last = lastUse[v];
    last = std::max(last, at);
  };
  for (size_t i = 0; i < n; ++i)
    if (counted[i])
      walkOps(*block.ops[i], [&](Operation &o) {
        for (const Value *v : o.operands) use(v, i);
      });
  // Another agent's values it passes on are that agent's.
  if (block.terminator)
    for (const Value *v : block.terminator->operands)
      if (!ops || !v->definingOp || top.count(v->definingOp)) use(v, n);
  double live = 0;
  std::vector<double> dying(n + 1, 0);
  for (const Value *v : carried) live += regs(v), dying[std::min(lastUse[v], n)] += regs(v);
  double peak = live;
  for (size_t i = 0; i < n; ++i) {
    double made = 0, transient = 0;
    for (const Value *r : block.ops[i]->results) {
      if (!counted[i]) break;
      auto it = lastUse.find(r);
      if (it == lastUse.end()) {
        transient += regs(r);
        continue;
      }
      made += regs(r);
      dying[std::min(it->second, n)] += regs(r);
    }
    // An elementwise result may take the registers of an operand that dies at its op.
    const double after = live - dying[i] + made;
    peak = std::max({peak, live, after + transient});
    live = after;
  }
  const double overhead = double(gpu.registerOverheadPerThread.low) / 1000.0;
  return static_cast<int>(std::min(1e9, throughout + peak + overhead));
}

PerfOutcome estimatePerformance(const PerfInput &in) { return Estimator(in).run(); }

const TargetModel *performanceSource(const TargetModel &model) {
  if (model.performance) return &model;
  // Built-in models are parsed once and kept for the process (BuiltinModels.cpp).
  const std::shared_ptr<const TargetModel> measured = builtinTargetModel(model.name + "-measured");
  return measured && measured->performance ? measured.get() : nullptr;
}

}  // namespace tilesched
