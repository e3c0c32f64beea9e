// parseConstraints (seed 004, sub_97B770): one walk over the block reads the nine keys into the
// 28-byte slot, seeds the group DSU with union(gid, leader_gid) and the G1 pending set together,
// so neither consumer can observe a half-built structure. The walk is Operation::walk's
// post-order ("the same order Operation::walk yields"): ops nested in a block op's regions come
// before that op.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "constraints/ConstraintAttrs.h"
#include "constraints/Constraints.h"
#include "ir/OpKinds.h"

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
                      " is unioned under gid 0 and fused with group 0; write leader_gid = " + std::to_string(s.gid) +
                      " if this op leads its own group");
  if (r.leader && !r.gid && s.leader_gid != 0)
    diags.warning(r.leader.location(),
                  "quirk \"absent gid reads as group 0\": this op has leader_gid " + std::to_string(s.leader_gid) +
                      " but no gid, which reads as 0, so gid 0 (every op without a gid) is unioned under gid " +
                      std::to_string(s.leader_gid));
}

struct LeaderPairClash {
  const Operation *op;     // the later op in walk order
  const Operation *other;  // the earlier op declaring the reverse pair
  ConstraintAttr at;
  uint32_t gid, leader;
};

// Placement reads the slot of the op it seats (seed 004: "keyed by op handle"), so on a nested op
// only the DSU union of gid and leader_gid reaches the schedule. The original is silent.
void warnNestedSlot(const Operation &op, const Operation &enclosing, const SlotRead &r, DiagnosticEngine &diags) {
  const ConstraintSlot &s = r.slot;
  std::vector<std::string> inert;
  if (op.lookupAttr(kAttrMaxDepth)) inert.push_back("max_depth");
  if (s.flags & FlagForceSerial) inert.push_back("force_serial_execution");
  if ((r.gid || r.leader) && s.gid == s.leader_gid) inert.push_back("gid");
  const bool unites = s.gid != s.leader_gid;
  if (inert.empty() && !unites) return;
  std::string list;
  for (size_t i = 0; i < inert.size(); ++i) list += (i == 0 ? "" : i + 1 == inert.size() ? " and " : ", ") + inert[i];
  const std::string name = describeOp(enclosing);
  std::string message = "quirk \"constraint on a nested op\": this op is inside " + name + " (line " +
                        std::to_string(enclosing.range.begin.line) + "); placement seats " + name +
                        " as one op and reads only that op's slot";
  if (!inert.empty()) message += ", so " + list + " here " + (inert.size() == 1 ? "has" : "have") + " no effect";
  // As data when the message cites the seed: the words before the citation and the union.
  MessageData data;
  if (unites) {
    data = MessageData(MessageId::NestedConstraintUnites)
               .with(MessageFieldId::Detail, message)
               .with(MessageFieldId::Inert, static_cast<long long>(inert.size()))
               .with(MessageFieldId::Gid, s.gid)
               .with(MessageFieldId::Leader, s.leader_gid)
               .with(MessageFieldId::Seed, "004");
    message += std::string(inert.empty() ? ", but" : "; but") +
               " seed 004's walk still reads this op: its leader_gid unites gid " + std::to_string(s.gid) +
               " under leader " + std::to_string(s.leader_gid) + ", grouping the block ops that carry them";
  }
  const ConstraintAttr &at = r.gid ? r.gid : r.leader;
  SourceRange where = at ? at.location() : op.nameRange;
  if (!at)
    for (const char *key : {kAttrMaxDepth, kAttrForceSerial})
      if (const NamedAttribute *named =
              findAttr(op.properties, key) ? findAttr(op.properties, key) : findAttr(op.attributes, key)) {
        where = named->range;
        break;
      }
  diags.warning(where, message, std::move(data));
}

// Ops nested in `op`'s regions in Operation::walk post-order. A nested loop's body is a scheduled
// block of its own (docs/decisions.md), read when that block is.
void collectNested(const Operation &op, std::vector<const Operation *> &out) {
  if (loopKindOf(op.name)) return;
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations) {
        collectNested(*inner, out);
        if (!loopKindOf(inner->name)) out.push_back(inner.get());
      }
}

}  // namespace

ConstraintState parseConstraints(const ScheduledBlock &block, DiagnosticEngine &diags) {
  ConstraintState st;
  st.slots.resize(block.ops.size());
  std::map<uint32_t, int> firstWithGid;                              // gid -> first node carrying it
  std::map<uint32_t, std::vector<int>> waiting;                      // leader gid -> followers seen before it
  std::map<std::pair<uint32_t, uint32_t>, const Operation *> pairs;  // (gid, leader_gid) -> first op
  std::vector<LeaderPairClash> clashes;

  // Every op of the walk: the slot, the quirks, the DSU union.
  auto read = [&](const Operation &op) {
    SlotRead r = readSlot(op, diags);
    const ConstraintSlot &s = r.slot;
    warnAbsentIsGroupZero(r, diags);
    if (s.leader_gid != s.gid) {
      st.dsu.unite(s.gid, s.leader_gid);  // child = gid, parent = leader_gid
      ConstraintAttr at = r.leader.value ? r.leader : r.gid;
      auto reverse = pairs.find({s.leader_gid, s.gid});
      if (reverse != pairs.end()) clashes.push_back({&op, reverse->second, at, s.gid, s.leader_gid});
      pairs.emplace(std::make_pair(s.gid, s.leader_gid), &op);
    }
    return r;
  };

  for (size_t i = 0; i < block.ops.size(); ++i) {
    int node = static_cast<int>(i);
    std::vector<const Operation *> nested;
    collectNested(*block.ops[i], nested);
    for (const Operation *op : nested) {
      SlotRead r = read(*op);
      warnNestedSlot(*op, *block.ops[i], r, diags);
      if (r.slot.gid || r.slot.leader_gid || r.slot.max_depth || r.slot.flags)
        st.nested.push_back({r.slot, node, op->range.begin.line});
    }
    const ConstraintSlot s = read(*block.ops[i]).slot;
    // G1 seeding (docs/decisions.md): a follower met before its leader op waits for it.
    if (s.leader_gid != s.gid && !firstWithGid.count(s.leader_gid)) waiting[s.leader_gid].push_back(node);
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
    diags.warning(c.at ? c.at.location() : c.op->range,
                  "quirk \"inconsistent leader pair\": this op makes gid " + std::to_string(c.gid) + " follow leader " +
                      std::to_string(c.leader) + ", but the op at line " + std::to_string(c.other->range.begin.line) +
                      " makes gid " + std::to_string(c.leader) + " follow leader " + std::to_string(c.gid) +
                      "; unions run in block order, so gid " + std::to_string(st.dsu.findNoCompress(c.gid)) +
                      " is the root of the group and reordering the ops changes it");
  }

  if (block.isLoop && block.owner) st.regionForceSerial = readUnit(*block.owner, kAttrForceSerial, diags);
  return st;
}

}  // namespace tilesched
