#include "generate/AdmissionGates.h"

#include <algorithm>

namespace tilesched {

const char *gateName(GateOutcome g) {
  switch (g) {
  case GateOutcome::Pass: return "-";
  case GateOutcome::Hold: return "G1";
  case GateOutcome::Dead: return "G2";
  case GateOutcome::Bump: return "G3";
  case GateOutcome::Reorder: return "G4";
  }
  return "-";
}

const char *recoveryName(GateOutcome g) {
  switch (g) {
  case GateOutcome::Pass: return "pass";
  case GateOutcome::Hold: return "hold";
  case GateOutcome::Dead: return "dead";
  case GateOutcome::Bump: return "bump";
  case GateOutcome::Reorder: return "reorder";
  }
  return "pass";
}

GateVerdict runGateLadder(const PlacementState &st, const SeatCandidate &c, int t) {
  const ModuloProblem &p = st.problem();
  GateVerdict v;
  // G1: one probe of the pending set; it runs first because it is the cheapest.
  for (int i = 0; i < c.count; ++i) {
    const int op = c.ops[i];
    const int leader = p.pendingLeader[op];
    if (leader >= 0 && !st.released[op] && (leader == op || !st.seated(leader))) {
      v.outcome = GateOutcome::Hold;
      v.op = op;
      return v;
    }
  }
  // G2: the seat's depth (1-based stage) against the op's max_depth.
  const int stage = st.stageOf(t);
  for (int i = 0; i < c.count; ++i) {
    const int op = c.ops[i];
    if (p.maxDepth[op] > 0 && stage + 1 > p.maxDepth[op]) {
      v.outcome = GateOutcome::Dead;
      v.op = op;
      v.stage = stage;
      v.limit = p.maxDepth[op];
      return v;
    }
  }
  // G3: the canonical RRT probe of the folded footprint.
  if (auto conflict = st.rrt.firstConflict(*c.footprint, t)) {
    v.outcome = GateOutcome::Bump;
    v.op = c.ops[0];
    v.row = conflict->row;
    v.resource = conflict->resource;
    return v;
  }
  // G4: every seated mate of the op's leader group shares one depth.
  for (int i = 0; i < c.count; ++i) {
    const int op = c.ops[i];
    if (auto s = st.groupStage(op); s && *s != stage) {
      v.outcome = GateOutcome::Reorder;
      v.op = op;
      v.stage = stage;
      v.limit = *s;
      return v;
    }
  }
  return v;
}

std::string describeVerdict(const PlacementState &st, const GateVerdict &v) {
  const ModuloProblem &p = st.problem();
  switch (v.outcome) {
  case GateOutcome::Pass: return "all gates pass";
  case GateOutcome::Hold: {
    const int leader = p.pendingLeader[v.op];
    return leader == v.op ? "in the pending set" : "pending until its leader " + st.name(leader) + " is seated";
  }
  case GateOutcome::Dead:
    return "depth " + std::to_string(v.stage + 1) + " exceeds max_depth " + std::to_string(v.limit);
  case GateOutcome::Bump: {
    std::string holders;
    for (int h : st.rrt.occupants(v.row, v.resource)) holders += (holders.empty() ? "" : ", ") + st.name(h);
    return "'" + p.resourceNames[v.resource] + "' full at row " + std::to_string(v.row) +
           (holders.empty() ? std::string() : " (held by " + holders + ")");
  }
  case GateOutcome::Reorder:
    return "group " + std::to_string(p.groupGid[p.group[v.op]]) + " sits at stage " + std::to_string(v.limit) +
           ", candidate stage " + std::to_string(v.stage);
  }
  return {};
}

SeatScan scanForSeat(const PlacementState &st, const SeatCandidate &c, std::string_view arm, bool record) {
  SeatScan scan;
  PlacementState::Window w = st.window(c.ops[0]);
  if (c.count == 2) {
    const PlacementState::Window w2 = st.window(c.ops[1]);
    w.earliest = std::max(w.earliest, w2.earliest);
    w.latest = std::min(w.latest, w2.latest);
  }
  scan.window = w;
  int first = w.earliest;
  for (int i = 0; i < c.count; ++i)
    if (auto s = st.groupStage(c.ops[i])) first = std::max(first, *s * st.ii());
  const int last = static_cast<int>(std::min<int64_t>(w.latest, int64_t{first} + st.ii() - 1));
  if (first > last) {
    if (record)
      st.record(arm, c.ops[0], first, "-", "reject",
                "dependence window [" + std::to_string(w.earliest) + ", " + std::to_string(w.latest) +
                    "] has no cycle left");
    scan.cycle = first;
    return scan;
  }
  for (int t = first; t <= last; ++t) {
    if (!st.spend()) break;  // the work budget ran out: no seat (docs/decisions.md, "Limits")
    const GateVerdict v = runGateLadder(st, c, t);
    if (record) st.record(arm, v.outcome == GateOutcome::Pass ? c.ops[0] : v.op, t, gateName(v.outcome),
                          v.outcome == GateOutcome::Pass ? "seat" : recoveryName(v.outcome),
                          describeVerdict(st, v));
    scan.verdict = v;
    scan.cycle = t;
    switch (v.outcome) {
    case GateOutcome::Pass: scan.result = SeatScan::Result::Seated; return scan;
    case GateOutcome::Hold: scan.result = SeatScan::Result::Held; return scan;
    case GateOutcome::Dead: scan.result = SeatScan::Result::Dead; return scan;
    case GateOutcome::Reorder: scan.result = SeatScan::Result::Reorder; return scan;
    case GateOutcome::Bump: break;
    }
  }
  scan.result = SeatScan::Result::NoCycle;
  return scan;
}

}  // namespace tilesched
