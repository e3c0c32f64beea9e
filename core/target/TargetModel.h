// The target model (SPEC §3): data, not code. Singleton slots are the RRT bits of the
// Blackwell 15-slot page (facts §1.1); pools with a capacity are counted per modulo row
// (facts §1.4). Slots and pools share one resource index space: a slot is a resource of
// capacity 1.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ir/IR.h"
#include "target/CostFormula.h"
#include "target/Footprint.h"
#include "target/GpuPerformance.h"
#include "support/Diagnostics.h"
#include "support/Limits.h"

namespace tilesched {

struct Resource {
  std::string name;
  int capacity = 1;    // units per modulo row
  bool isSlot = true;  // singleton RRT bit (capacity 1)
  int slotId = 0;      // 1-based slot id for slots (RRT bit = slotId - 1); 0 for pools
  std::string kind;    // slots: coarse | fine | test; pools: free-form role
};

// Region-summary traits (seed 000 selection predicate).
enum OpTrait : unsigned {
  TraitNone = 0,
  TraitTma = 1u << 0,
  TraitWgmma = 1u << 1,
  TraitAsyncPipeline = 1u << 2,
};

// Bounds on model and override values, so that a pasted model cannot make later phases loop
// or allocate without limit (docs/target-model.md).
inline constexpr int kMaxSlotId = 64;  // one uint64 RRT row; latency, capacity, rows: support/Limits.h

// Model-file spelling of each trait (docs/target-model.md), in printing order.
struct TraitName {
  OpTrait trait;
  const char *name;
};
inline constexpr TraitName kTraitNames[] = {
    {TraitTma, "tma"}, {TraitWgmma, "wgmma"}, {TraitAsyncPipeline, "async_pipeline"}};

// Memory and synchronisation effects (docs/target-model.md "Effects"): which memory spaces an
// op touches and how. They order ops that carry no value between them (core/graph).
enum class MemSpace : uint8_t { Global, Shared, Tensor, Barrier };
inline constexpr int kNumMemSpaces = 4;

enum class MemAccess : uint8_t {
  None,
  Read,       // reads the memory its operands refer to
  Write,      // writes it
  ReadWrite,  // both
  All,        // reads and writes every location of the space (fences, full waits)
  Alloc,      // its result is a new buffer of the space, written from its operands if any
  Wait,       // barrier space only: waits on its barrier operands (acquire: later accesses stay after it)
  Arrive,     // barrier space only: arrives on its barrier operands (release: earlier accesses stay before it)
};

struct OpEffects {
  std::array<MemAccess, kNumMemSpaces> access{};
  MemAccess of(MemSpace s) const { return access[size_t(s)]; }
  bool any() const;
};

// A memory view: the op's result refers to the memory of operand 0 (Alias), or to the buffer
// that operand 1 indexes along operand 0's leading dimension (Index).
enum class ViewKind : uint8_t { None, Alias, Index };

// Model-file spellings, in printing order (docs/target-model.md).
inline constexpr const char *kMemSpaceNames[kNumMemSpaces] = {"global", "shared", "tensor", "barrier"};
inline constexpr const char *kMemAccessNames[] = {"", "read", "write", "readwrite", "all", "alloc", "wait", "arrive"};
inline constexpr const char *kViewNames[] = {"", "alias", "index"};

// How an op with regions costs (`region_cost`): None — its own entry; Max — what its costliest
// region costs, each region's ops as if issued one after another (scf.if runs one of its
// branches); Once — one pass through all its regions in turn, a guess said in a warning (scf.while
// repeats its two regions an unknown number of times; docs/target-model.md, "Region ops").
enum class RegionCost : uint8_t { None, Max, Once };
inline constexpr const char *kRegionCostNames[] = {"", "max", "once"};

// The keys an op entry spelled out; an entry written `like` another prints only these.
enum OpKey : unsigned {
  KeyLatency = 1u << 0,
  KeyFootprint = 1u << 1,
  KeyTraits = 1u << 2,
  KeyEffects = 1u << 3,
  KeyView = 1u << 4,
  KeyUnsupported = 1u << 5,
  KeyLayoutConversion = 1u << 6,
  KeyRegionCost = 1u << 7,
  KeyLowersTo = 1u << 8,
  KeyLowersToPipelined = 1u << 9,
  KeyForwardsToMma = 1u << 10,
  KeyShapeCost = 1u << 11,
};

struct OpModel {
  std::string pattern;  // exact op name, or a prefix ending in '*'
  std::string like;     // the earlier entry this one copies, or empty
  unsigned given = 0;   // OpKey bits: the keys written in the entry itself
  int latency = 1;
  Footprint footprint;
  unsigned traits = TraitNone;
  OpEffects effects;
  ViewKind view = ViewKind::None;
  // A conversion between distributed register layouts (ttg.convert_layout): free when Triton
  // lowers it in registers, its footprint (an SMEM round trip) otherwise (OpResources.cpp).
  bool layoutConversion = false;
  RegionCost regionCost = RegionCost::None;
  // What the op is as TileAS sees it after lowering (seed 000's op count and traits; an op
  // without `lowersTo` is one op, itself); `lowersToPipelined` instead when an async pipeline
  // takes the op over (a global load that feeds an MMA). Op names of this model.
  std::optional<std::vector<std::string>> lowersTo, lowersToPipelined;
  // A load whose value reaches an MMA through this op still feeds the MMA (convert_layout,
  // local_alloc, ...: the chain Triton's pipeliner follows).
  bool forwardsToMma = false;
  // Non-empty: the target lacks the unit this op needs (tcgen05 on Hopper); the op is scheduled
  // as an unknown op, with a warning giving this reason. Its effects still order it.
  std::string unsupported;
  // Latency and footprint rows from the op's shape (CostFormula.h); `latency` and `footprint`
  // stay the cost when the op's types do not give what a formula needs.
  std::optional<ShapeCost> shapeCost;
};

// The machine beyond the op table (docs/target-model.md, "Machine"): the SM clock, the SM count
// and the tensor cores' dense peak per operand element type, for the throughput estimate; the
// SMEM and TMEM bytes per SM, for buffer assignment's budgets. Each is optional.
struct MachineModel {
  int clockMhz = 0;  // 0: not given
  int smCount = 0;
  std::optional<int> smemBytes;
  std::optional<int> tmemBytes;
  std::vector<std::pair<std::string, int>> mmaFlopsPerCyclePerSm;  // element type -> FLOP/cycle/SM, file order
  bool given = false;                                              // the file has a "machine" object
  int mmaRate(std::string_view element) const;                     // 0: no rate for that type
};

struct TargetModel {
  std::string name;
  std::string description;
  std::vector<Resource> resources;
  std::vector<OpModel> ops;
  int defaultLatency = 1;  // ops missing from the table: latency 1, no footprint
  MachineModel machine;
  std::optional<GpuPerformance> performance;  // the GPU's measured rates, for core/perf
  // A model with measured rates costs its ops in SM cycles; the seed models in cost units.
  bool iiInSmCycles() const { return performance.has_value(); }

  int resourceIndex(std::string_view name) const;  // -1 when unknown
  // Exact name first, then the longest matching prefix pattern; nullptr when none.
  const OpModel *lookup(std::string_view opName) const;

  // Name indexes behind resourceIndex() and lookup(), so that neither is a linear scan per call
  // (200 000 sched.pools entries or ops against a large model were quadratic). Built on first
  // use, extended when resources or ops are appended; a copy of the model starts without one.
  struct NameIndex;
  class IndexCache {
  public:
    IndexCache() = default;
    IndexCache(const IndexCache &) {}
    IndexCache &operator=(const IndexCache &) {
      index.reset();
      return *this;
    }
    IndexCache(IndexCache &&) = default;
    IndexCache &operator=(IndexCache &&) = default;
    std::shared_ptr<NameIndex> index;
  };
  mutable IndexCache cache;
};

// Parses the JSON model format (docs/target-model.md). Errors are reported with the JSON
// line/column; returns nullopt on error.
std::optional<TargetModel> parseTargetModel(std::string_view json, DiagnosticEngine &diags);
std::string targetModelToJson(const TargetModel &m);  // the same format, pretty-printed

// "blackwell" (sm_100, default) or "hopper" (sm_90); null for other names. Parsed once per
// process and shared: a run reads it and never copies it (a copy was most of a small run's time).
std::shared_ptr<const TargetModel> builtinTargetModel(std::string_view name);
std::vector<std::string> builtinTargetModelNames();

// Applies `module attributes {sched.pools = {name = N : i32}}`: adds or resizes pools.
void applyModulePools(const Module &module, TargetModel &model, DiagnosticEngine &diags);
// Whether the module has a sched.pools attribute for applyModulePools to read.
bool hasModulePools(const Module &module);

// What one op costs on the machine, after `sched.latency` / `sched.footprint` overrides.
struct OpResources {
  int latency = 1;
  Footprint footprint;
  unsigned traits = TraitNone;
  // Model: the op table; Override: sched.latency / sched.footprint; Schedule: the op's own
  // schedule (a nested loop, docs/decisions.md "Nested loops"); OutsideLoop: work Triton moves out
  // of the loop before it pipelines it (frontend/triton/HoistTMEMAlloc); Default: the unknown-op default.
  enum class Source { Model, Override, Schedule, OutsideLoop, Default } source = Source::Default;
  // The op's instances in consecutive iterations never overlap (a nested loop runs to completion
  // before the next one starts): the graph orders the op after itself at distance 1.
  bool oneAtATime = false;
};

class TypeAliases;

// What the driver knows beyond the model when it resolves an op's cost.
struct OpCostContext {
  std::string_view target;                // the machine the op's loop is scheduled for, in words ("cuda:90")
  const OpResources *measured = nullptr;  // a cost computed from the op's own schedule, in place of a model entry
  const TypeAliases *aliases =
      nullptr;               // the module's `#name = ...`: a layout conversion sees its layouts through them
  bool outsideLoop = false;  // the op runs once outside the loop, not in every iteration
  // What an op's types say about its work, for `shape_cost` entries (buffers/OpShape.h); without
  // it every op costs its entry's `latency` and `footprint`.
  OpShape (*shapeOf)(const Operation &, const TypeAliases &) = nullptr;
  // The block's global loads that become async copies into shared memory (TileASView::pipelined):
  // such a load costs the first op of its `lowers_to_pipelined`, and an allocation of its value
  // writes nothing (docs/target-model.md, "One cost per op"). Looked up once per op and operand,
  // so a set (membership only, never iterated).
  const std::unordered_set<const Operation *> *pipelinedLoads = nullptr;
  // The module a call's callee is looked up in (ir/OpKinds findFunction); without it a call is
  // an unknown op.
  const Module *module = nullptr;
  // The functions whose bodies are being costed, the call's own function first: a call to one
  // of them is recursion.
  const std::vector<const Operation *> *callers = nullptr;
};

// Unknown slot/pool names in `sched.footprint` and malformed overrides are errors at the
// attribute's location. An op the model lacks but another built-in model has (tcgen05 on Hopper)
// is a warning naming both machines.
OpResources resolveOpResources(const Operation &op, const TargetModel &model, DiagnosticEngine &diags,
                               const OpCostContext &context = {});

}  // namespace tilesched
