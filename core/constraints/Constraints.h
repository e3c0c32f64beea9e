// Schedule constraint attributes (seed 004): the nine keys, inherent-then-discardable lookup,
// the 28-byte ConstraintSlot, the directional group DSU and the pending set, seeded together
// in one walk in block order.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"

namespace tilesched {

inline constexpr const char *kAttrGid = "tileas.schedule.constraint.gid";
inline constexpr const char *kAttrLeaderGid = "tileas.schedule.constraint.leader_gid";
inline constexpr const char *kAttrMaxDepth = "tileas.schedule.constraint.max_depth";
inline constexpr const char *kAttrForceSerial = "tileas.schedule.constraint.force_serial_execution";
inline constexpr const char *kAttrPreferredAtomSize = "tileas.preferred_atom_size";
inline constexpr const char *kAttrMaxSlices = "tileas.max_num_slices_for_non_reduce_axis";
inline constexpr const char *kAttrMaxRecomputations = "tileas.max_num_of_recomputations";
inline constexpr const char *kAttrEnableDefusion = "tileas.enable_defusion_if_fusion_extending_liveness";
inline constexpr const char *kAttrRecomputable = "tileas.recomputable";

enum ConstraintFlag : uint32_t {
  FlagForceSerial = 1u << 0,
  FlagRecomputable = 1u << 1,
  FlagEnableDefusion = 1u << 2,
};

// Field order is the word layout the seed documents (+0x00 .. +0x18).
struct ConstraintSlot {
  uint32_t gid = 0;
  uint32_t leader_gid = 0;
  uint32_t max_depth = 0;
  uint32_t flags = 0;
  uint32_t preferred_atom_size = 0;
  uint32_t max_num_slices_for_non_reduce_axis = 0;
  uint32_t max_num_of_recomputations = 0;
};

// Parent-pointer union-find over gids; union(child, parent) grafts child's root under
// parent's root (no rank), find compresses paths. Direction matters (seed 004 QUIRK).
class GroupDSU {
public:
  uint32_t find(uint32_t gid);
  uint32_t findNoCompress(uint32_t gid) const;
  void unite(uint32_t child, uint32_t parent);
  const std::map<uint32_t, uint32_t> &parents() const { return parent_; }

private:
  std::map<uint32_t, uint32_t> parent_;
};

// A constraint-bearing op nested in a region of a block op (an scf.if arm): seed 004's walk
// reads it, but placement seats the enclosing op and reads only that op's slot.
struct NestedSlot {
  ConstraintSlot slot;
  int enclosingNode = 0;  // the block op whose region holds it
  int line = 0;
};

struct ConstraintState {
  std::vector<ConstraintSlot> slots;  // per node of the scheduled block
  std::vector<NestedSlot> nested;     // walk order; their unions are in `dsu` too
  GroupDSU dsu;
  std::set<int> pending;            // G1 pending set (node ids); see docs/decisions.md
  std::map<int, int> pendingUntil;  // pending node -> the leader node whose seating releases it
  bool regionForceSerial = false;   // force_serial_execution on the owning scf.for
};

ConstraintState parseConstraints(const ScheduledBlock &block, DiagnosticEngine &diags);

}  // namespace tilesched
