// parseConstraints (seed 004, sub_97B770): one walk over the block in program order reads the
// nine keys into the 28-byte slot, seeds the group DSU with union(gid, leader_gid) and the G1
// pending set together, so neither consumer can observe a half-built structure.
#include <map>
#include <utility>

#include "constraints/ConstraintAttrs.h"
#include "constraints/Constraints.h"

namespace tilesched {
namespace {

struct SlotRead {
  ConstraintSlot slot;
  ConstraintAttr gid, leader;
};

// The seed's parseConstraints body, in its key order.
SlotRead readSlot(const Operation &op, DiagnosticEngine &diags) {
  SlotRead r;
  ConstraintSlot &s = r.slot;
  ConstraintAttr maxDepth, remat;
  if (auto v = readU32(op, kAttrGid, r.gid, diags)) s.gid = *v;
  if (auto v = readU32(op, kAttrLeaderGid, r.leader, diags)) s.leader_gid = *v;
  if (auto v = readU32(op, kAttrMaxDepth, maxDepth, diags)) {
    s.max_depth = *v;
    if (maxDepth.value->intValue == 0)
      diags.warning(maxDepth.location(),
                    "quirk \"explicit max_depth = 0 reads as absent\": the slot stores 0 for both an "
                    "explicit 0 and a missing max_depth, so G2 treats this op as if max_depth were unset");
  }
  if (readUnit(op, kAttrForceSerial, diags)) s.flags |= FlagForceSerial;
  if (auto v = readU32(op, kAttrPreferredAtomSize, remat, diags)) s.preferred_atom_size = *v;
  if (auto v = readU32(op, kAttrMaxSlices, remat, diags)) s.max_num_slices_for_non_reduce_axis = *v;
  if (auto v = readU32(op, kAttrMaxRecomputations, remat, diags)) s.max_num_of_recomputations = *v;
  if (readUnit(op, kAttrEnableDefusion, diags)) s.flags |= FlagEnableDefusion;
  if (readUnit(op, kAttrRecomputable, diags)) s.flags |= FlagRecomputable;
  return r;
}

// Absent gid / leader_gid read as 0, which is itself a real group (seed 004 QUIRK).
void warnAbsentIsGroupZero(const SlotRead &r, DiagnosticEngine &diags) {
  const ConstraintSlot &s = r.slot;
  if (r.gid && !r.leader && s.gid != 0)
    diags.warning(r.gid.location(),
                  "quirk \"absent leader_gid grafts onto group 0\": this op has gid " + std::to_string(s.gid) +
                      " but no leader_gid, which reads as 0, so gid " + std::to_string(s.gid) +
                      " is unioned under gid 0 and fused with group 0; write leader_gid = " +
                      std::to_string(s.gid) + " if this op leads its own group");
  if (r.leader && !r.gid && s.leader_gid != 0)
    diags.warning(r.leader.location(),
                  "quirk \"absent gid reads as group 0\": this op has leader_gid " + std::to_string(s.leader_gid) +
                      " but no gid, which reads as 0, so gid 0 (every op without a gid) is unioned under gid " +
                      std::to_string(s.leader_gid));
}

struct LeaderPairClash {
  int node;       // the later op in block order
  int otherNode;  // the earlier op declaring the reverse pair
  uint32_t gid, leader;
};

}  // namespace

ConstraintState parseConstraints(const ScheduledBlock &block, DiagnosticEngine &diags) {
  ConstraintState st;
  st.slots.resize(block.ops.size());
  std::vector<ConstraintAttr> leaderAttrs(block.ops.size());
  std::map<uint32_t, int> firstWithGid;              // gid -> first node carrying it
  std::map<uint32_t, std::vector<int>> waiting;      // leader gid -> followers seen before it
  std::map<std::pair<uint32_t, uint32_t>, int> pairs;  // (gid, leader_gid) -> first node
  std::vector<LeaderPairClash> clashes;

  for (size_t i = 0; i < block.ops.size(); ++i) {
    int node = static_cast<int>(i);
    SlotRead r = readSlot(*block.ops[i], diags);
    const ConstraintSlot &s = r.slot;
    warnAbsentIsGroupZero(r, diags);
    leaderAttrs[i] = r.leader.value ? r.leader : r.gid;
    if (s.leader_gid != s.gid) {
      st.dsu.unite(s.gid, s.leader_gid);  // child = gid, parent = leader_gid
      auto reverse = pairs.find({s.leader_gid, s.gid});
      if (reverse != pairs.end()) clashes.push_back({node, reverse->second, s.gid, s.leader_gid});
      pairs.emplace(std::make_pair(s.gid, s.leader_gid), node);
      // G1 seeding (docs/decisions.md): a follower met before its leader op waits for it.
      if (!firstWithGid.count(s.leader_gid)) waiting[s.leader_gid].push_back(node);
    }
    if (firstWithGid.emplace(s.gid, node).second) {
      auto held = waiting.find(s.gid);
      if (held != waiting.end()) {
        for (int follower : held->second) {
          st.pending.insert(follower);
          st.pendingUntil[follower] = node;
        }
        waiting.erase(held);
      }
    }
    st.slots[i] = s;
  }

  // Reported after the walk so the root named is the one the consumers will see.
  for (const LeaderPairClash &c : clashes) {
    const ConstraintAttr &at = leaderAttrs[size_t(c.node)];
    diags.warning(at ? at.location() : block.ops[size_t(c.node)]->range,
                  "quirk \"inconsistent leader pair\": this op makes gid " + std::to_string(c.gid) +
                      " follow leader " + std::to_string(c.leader) + ", but the op at line " +
                      std::to_string(block.ops[size_t(c.otherNode)]->range.begin.line) + " makes gid " +
                      std::to_string(c.leader) + " follow leader " + std::to_string(c.gid) +
                      "; unions run in block order, so gid " + std::to_string(st.dsu.findNoCompress(c.gid)) +
                      " is the root of the group and reordering the ops changes it");
  }

  if (block.isLoop && block.owner) st.regionForceSerial = readUnit(*block.owner, kAttrForceSerial, diags);
  return st;
}

}  // namespace tilesched
