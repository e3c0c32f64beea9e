// `module attributes {sched.pools = {hls_load = 2 : i32}}` (SPEC §2.1): a snippet adds or
// resizes pools so it is self-contained.
#include "target/TargetModel.h"

namespace tilesched {

bool hasModulePools(const Module &module) {
  for (const auto &op : module.operations)
    if (op->syntax == OpSyntax::Module && op->lookupAttr("sched.pools")) return true;
  return false;
}

void applyModulePools(const Module &module, TargetModel &model, DiagnosticEngine &diags) {
  for (const auto &op : module.operations) {
    if (op->syntax != OpSyntax::Module) continue;
    const Attribute *pools = op->lookupAttr("sched.pools");
    if (!pools) continue;
    if (pools->kind != Attribute::Kind::Dict) {
      diags.error(pools->range,
                  "sched.pools must be a dictionary of pool capacities, e.g. "
                  "{hls_load = 2 : i32}");
      continue;
    }
    for (const NamedAttribute &entry : pools->entries) {
      const Attribute &v = entry.value;
      if (v.kind != Attribute::Kind::Integer || v.intValue < 1 || v.intValue > kMaxCapacity) {
        diags.error(v.range, "capacity of pool '" + entry.name + "' in sched.pools must be an integer in [1, " +
                                 std::to_string(kMaxCapacity) + "]");
        continue;
      }
      int index = model.resourceIndex(entry.name);
      if (index >= 0 && model.resources[size_t(index)].isSlot) {
        diags.error(entry.range, "sched.pools entry '" + entry.name + "' clashes with slot " +
                                     std::to_string(model.resources[size_t(index)].slotId) + " of target model '" +
                                     model.name + "'; a slot is a singleton and cannot be resized");
      } else if (index >= 0) {
        model.resources[size_t(index)].capacity = int(v.intValue);
      } else {
        model.resources.push_back({entry.name, int(v.intValue), false, 0, "added by sched.pools"});
      }
    }
  }
}

}  // namespace tilesched
