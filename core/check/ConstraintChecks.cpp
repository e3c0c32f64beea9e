// The seed 004 constraints, recomputed from the constraint slots (docs/decisions.md, "Cost-based
// generator"): max_depth bounds an op's depth (stage + 1), ops of one same-depth group share a
// stage, and so do groups that leader_gid joins, and a force_serial_execution op runs alone in
// its iteration. Groups are rebuilt here from the slots' (gid, leader_gid) pairs, not read from
// the generator's grouping or the parser's DSU.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "check/Checks.h"
#include "support/Sort.h"

namespace tilesched::check {

namespace {

// Ops whose gid and leader_gid are both zero carry no group (seed 004: a zero-filled slot falls
// through every gate).
bool grouped(const ConstraintSlot &s) { return s.gid != 0 || s.leader_gid != 0; }

std::string stageText(const CheckContext &c, int node) {
  return c.name(node) + " is in stage " + std::to_string(c.stage(node));
}

// The first op of each gid value, in program order: the op its group is compared with.
std::map<uint32_t, int> firstOfGid(const CheckContext &c) {
  std::map<uint32_t, int> first;
  const std::vector<ConstraintSlot> &slots = c.problem.constraints->slots;
  for (int v = 0; v < c.numNodes(); ++v)
    if (grouped(slots[v])) first.emplace(slots[v].gid, v);
  return first;
}

int latency(const CheckContext &c, int node) { return std::max(0, c.problem.resources[node].latency); }

int64_t completion(const CheckContext &c, int node) { return (int64_t)c.cycle(node) + latency(c, node); }

std::string completes(const CheckContext &c, int node) {
  return c.name(node) + " completes (cycle " + std::to_string(c.cycle(node)) + " + latency " +
         std::to_string(latency(c, node)) + " = " + std::to_string(completion(c, node)) + ")";
}

}  // namespace

// max_depth = k > 0: depth = stage + 1 <= k; 0 reads as absent (seed 004).
void checkMaxDepth(CheckContext &c) {
  if (!c.problem.constraints) return;
  for (int v = 0; v < c.numNodes(); ++v) {
    const uint32_t k = c.problem.constraints->slots[v].max_depth;
    if (k == 0 || (int64_t)c.stage(v) + 1 <= (int64_t)k) continue;
    c.add(Violation::Kind::MaxDepth, v, -1,
          c.name(v) + " has max_depth = " + std::to_string(k) + ", so its depth (stage + 1) is at most " +
              std::to_string(k) + ", but it is in stage " + std::to_string(c.stage(v)) + " (depth " +
              std::to_string((int64_t)c.stage(v) + 1) + ")");
  }
}

// Ops carrying one gid share a stage (G4: "two ops with the same leader_gid must share the same
// depth").
void checkSameDepth(CheckContext &c) {
  if (!c.problem.constraints) return;
  const std::vector<ConstraintSlot> &slots = c.problem.constraints->slots;
  const std::map<uint32_t, int> first = firstOfGid(c);
  for (int v = 0; v < c.numNodes(); ++v) {
    if (!grouped(slots[v])) continue;
    const int ref = first.at(slots[v].gid);
    if (ref == v || c.stage(ref) == c.stage(v)) continue;
    c.add(Violation::Kind::SameDepth, v, ref,
          c.name(v) + " and " + c.name(ref) + " both carry gid " + std::to_string(slots[v].gid) +
              ", a same-depth group, so they share a stage, but " + stageText(c, v) + " and " + stageText(c, ref));
  }
}

// leader_gid joins the groups of two gids (union(gid, leader_gid), every op of the walk, nested
// ones included): all their ops share one stage. Each gid's first op is compared with the first
// op of the joined groups.
void checkLeaders(CheckContext &c) {
  if (!c.problem.constraints) return;
  const ConstraintState &cs = *c.problem.constraints;
  struct Link {
    uint32_t gid, leader;
    std::string where;
  };
  std::vector<Link> links;
  for (int v = 0; v < c.numNodes(); ++v)
    if (cs.slots[v].gid != cs.slots[v].leader_gid)
      links.push_back({cs.slots[v].gid, cs.slots[v].leader_gid, c.name(v)});
  for (const NestedSlot &n : cs.nested)
    if (n.slot.gid != n.slot.leader_gid)
      links.push_back({n.slot.gid, n.slot.leader_gid,
                       "the op at line " + std::to_string(n.line) + " inside " + c.name(n.enclosingNode)});
  if (links.empty()) return;

  std::map<uint32_t, std::vector<uint32_t>> joined;
  std::map<uint32_t, const Link *> firstLink;  // gid -> first link naming it, for messages
  for (const Link &l : links) {
    joined[l.gid].push_back(l.leader);
    joined[l.leader].push_back(l.gid);
    firstLink.emplace(l.gid, &l);
    firstLink.emplace(l.leader, &l);
  }
  const std::map<uint32_t, int> first = firstOfGid(c);
  std::set<uint32_t> seen;
  for (const auto &[start, unused] : joined) {
    if (!seen.insert(start).second) continue;
    std::vector<uint32_t> component{start};
    for (size_t i = 0; i < component.size(); ++i)
      for (uint32_t next : joined[component[i]])
        if (seen.insert(next).second) component.push_back(next);
    // The gids of the component that some block op carries, by their first op.
    std::vector<std::pair<int, uint32_t>> carried;
    for (uint32_t gid : component)
      if (auto it = first.find(gid); it != first.end()) carried.push_back({it->second, gid});
    stableSortBy(carried, std::less<>());
    for (size_t i = 1; i < carried.size(); ++i) {
      const auto [anchor, anchorGid] = carried.front();
      const auto [v, gid] = carried[i];
      if (c.stage(v) == c.stage(anchor)) continue;
      const Link &l = *firstLink.at(gid);
      c.add(Violation::Kind::Leader, v, anchor,
            c.name(v) + " (gid " + std::to_string(gid) + ") and " + c.name(anchor) + " (gid " +
                std::to_string(anchorGid) + ") are one group through leader_gid (" + l.where + ": gid " +
                std::to_string(l.gid) + " follows leader " + std::to_string(l.leader) +
                "), so they share a stage, but " + stageText(c, v) + " and " + stageText(c, anchor));
    }
  }
}

// A force_serial_execution op runs alone in its iteration: it starts after every earlier op
// (program order) completes, every later op starts after it completes, and its own instances do
// not overlap (latency <= II). On the scf.for it marks every op, and iterations do not overlap.
void checkForceSerial(CheckContext &c) {
  if (!c.problem.constraints) return;
  const ConstraintState &cs = *c.problem.constraints;
  auto marked = [&](int v) { return cs.regionForceSerial || (cs.slots[v].flags & FlagForceSerial); };
  int latestDone = -1;        // the earlier op that completes last
  int latestMarkedDone = -1;  // the earlier marked op that completes last
  for (int v = 0; v < c.numNodes(); ++v) {
    if (marked(v) && latestDone >= 0 && c.cycle(v) < completion(c, latestDone))
      c.add(Violation::Kind::ForceSerial, v, latestDone,
            c.name(v) + " is force_serial_execution, so it starts after " + completes(c, latestDone) +
                ", but it starts at cycle " + std::to_string(c.cycle(v)));
    else if (!marked(v) && latestMarkedDone >= 0 && c.cycle(v) < completion(c, latestMarkedDone))
      c.add(Violation::Kind::ForceSerial, v, latestMarkedDone,
            c.name(latestMarkedDone) + " is force_serial_execution, so the later op " + c.name(v) + " starts after " +
                completes(c, latestMarkedDone) + ", but it starts at cycle " + std::to_string(c.cycle(v)));
    if (marked(v) && latency(c, v) > c.ii)
      c.add(Violation::Kind::ForceSerial, v, v,
            c.name(v) + " is force_serial_execution, so its instances do not overlap, but its latency " +
                std::to_string(latency(c, v)) + " exceeds II " + std::to_string(c.ii));
    if (latestDone < 0 || completion(c, v) > completion(c, latestDone)) latestDone = v;
    if (marked(v) && (latestMarkedDone < 0 || completion(c, v) > completion(c, latestMarkedDone))) latestMarkedDone = v;
  }
  if (!cs.regionForceSerial || c.numNodes() < 2) return;
  int earliest = 0;
  for (int v = 1; v < c.numNodes(); ++v)
    if (c.cycle(v) < c.cycle(earliest)) earliest = v;
  if ((int64_t)c.cycle(earliest) + c.ii < completion(c, latestDone))
    c.add(Violation::Kind::ForceSerial, earliest, latestDone,
          "the loop is force_serial_execution, so iterations do not overlap, but the next iteration's " +
              c.name(earliest) + " starts at cycle " + std::to_string(c.cycle(earliest)) + " + II " +
              std::to_string(c.ii) + " = " + std::to_string((int64_t)c.cycle(earliest) + c.ii) + ", before " +
              completes(c, latestDone));
}

}  // namespace tilesched::check
