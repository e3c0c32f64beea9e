#include "target/TargetModel.h"

namespace tilesched {

bool OpEffects::any() const {
  for (MemAccess a : access)
    if (a != MemAccess::None) return true;
  return false;
}

int TargetModel::resourceIndex(std::string_view name) const {
  for (size_t i = 0; i < resources.size(); ++i)
    if (resources[i].name == name) return static_cast<int>(i);
  return -1;
}

const OpModel *TargetModel::lookup(std::string_view opName) const {
  const OpModel *best = nullptr;
  size_t bestLen = 0;
  for (const OpModel &op : ops) {
    std::string_view p = op.pattern;
    if (p.empty() || p.back() != '*') {
      if (p == opName) return &op;
      continue;
    }
    p.remove_suffix(1);
    // Longest prefix wins; among equal prefixes the first in table order.
    if (opName.substr(0, p.size()) == p && (!best || p.size() > bestLen)) {
      best = &op;
      bestLen = p.size();
    }
  }
  return best;
}

}  // namespace tilesched
