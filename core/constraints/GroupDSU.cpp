// The group forest at state+112 (seed 004): parent pointers over gids, no rank, no size
// heuristic; union grafts the child's root under the parent's root.
#include "constraints/Constraints.h"

namespace tilesched {

uint32_t GroupDSU::findNoCompress(uint32_t gid) const {
  for (auto it = parent_.find(gid); it != parent_.end() && it->second != gid; it = parent_.find(gid)) gid = it->second;
  return gid;
}

uint32_t GroupDSU::find(uint32_t gid) {
  uint32_t root = findNoCompress(gid);
  // Path compression: every gid on the walk now points straight at the root.
  while (gid != root) {
    uint32_t &up = parent_[gid];
    gid = up;
    up = root;
  }
  return root;
}

void GroupDSU::unite(uint32_t child, uint32_t parent) {
  parent_.emplace(child, child);
  parent_.emplace(parent, parent);
  uint32_t childRoot = find(child);
  uint32_t parentRoot = find(parent);
  if (childRoot != parentRoot) parent_[childRoot] = parentRoot;
}

}  // namespace tilesched
