// The target model (SPEC §3): data, not code. Singleton slots are the RRT bits of the
// Blackwell 15-slot page (facts §1.1); pools with a capacity are counted per modulo row
// (facts §1.4). Slots and pools share one resource index space: a slot is a resource of
// capacity 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/IR.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct Resource {
  std::string name;
  int capacity = 1;    // units per modulo row
  bool isSlot = true;  // singleton RRT bit (capacity 1)
  int slotId = 0;      // 1-based slot id for slots (RRT bit = slotId - 1); 0 for pools
  std::string kind;    // slots: coarse | fine | test; pools: free-form role
};

// Row k lists the resources the op holds in cycle k after issue. A pool index may appear
// several times in one row: one unit per listing.
using FootprintRow = std::vector<int>;
using Footprint = std::vector<FootprintRow>;

// Region-summary traits (seed 000 selection predicate).
enum OpTrait : unsigned {
  TraitNone = 0,
  TraitTma = 1u << 0,
  TraitWgmma = 1u << 1,
  TraitAsyncPipeline = 1u << 2,
};

// Bounds on model and override values, so that a pasted model cannot make later phases loop
// or allocate without limit (docs/target-model.md).
inline constexpr int kMaxSlotId = 64;  // one uint64 RRT row
inline constexpr int kMaxLatency = 100000;
inline constexpr int kMaxCapacity = 1 << 20;
inline constexpr int kMaxFootprintRows = 1024;

// Model-file spelling of each trait (docs/target-model.md), in printing order.
struct TraitName {
  OpTrait trait;
  const char *name;
};
inline constexpr TraitName kTraitNames[] = {
    {TraitTma, "tma"}, {TraitWgmma, "wgmma"}, {TraitAsyncPipeline, "async_pipeline"}};

struct OpModel {
  std::string pattern;  // exact op name, or a prefix ending in '*'
  int latency = 1;
  Footprint footprint;
  unsigned traits = TraitNone;
};

struct TargetModel {
  std::string name;
  std::string description;
  std::vector<Resource> resources;
  std::vector<OpModel> ops;
  int defaultLatency = 1;  // ops missing from the table: latency 1, no footprint

  int resourceIndex(std::string_view name) const;  // -1 when unknown
  // Exact name first, then the longest matching prefix pattern; nullptr when none.
  const OpModel *lookup(std::string_view opName) const;
};

// Parses the JSON model format (docs/target-model.md). Errors are reported with the JSON
// line/column; returns nullopt on error.
std::optional<TargetModel> parseTargetModel(std::string_view json, DiagnosticEngine &diags);
std::string targetModelToJson(const TargetModel &m);  // the same format, pretty-printed

// "blackwell" (sm_100, default) or "hopper" (sm_90); nullopt for other names.
std::optional<TargetModel> builtinTargetModel(std::string_view name);
std::vector<std::string> builtinTargetModelNames();

// Applies `module attributes {sched.pools = {name = N : i32}}`: adds or resizes pools.
void applyModulePools(const Module &module, TargetModel &model, DiagnosticEngine &diags);

// What one op costs on the machine, after `sched.latency` / `sched.footprint` overrides.
struct OpResources {
  int latency = 1;
  Footprint footprint;
  unsigned traits = TraitNone;
  enum class Source { Model, Override, Default } source = Source::Default;
};

// Unknown slot/pool names in `sched.footprint` and malformed overrides are errors at the
// attribute's location.
OpResources resolveOpResources(const Operation &op, const TargetModel &model,
                               DiagnosticEngine &diags);

}  // namespace tilesched
