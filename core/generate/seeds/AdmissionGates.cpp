#include "generate/seeds/AdmissionGates.h"

#include <algorithm>

namespace tilesched {

TraceGate gateOf(GateOutcome g) {
  switch (g) {
  case GateOutcome::Pass: return TraceGate::None;
  case GateOutcome::Hold: return TraceGate::G1;
  case GateOutcome::Dead: return TraceGate::G2;
  case GateOutcome::Bump: return TraceGate::G3;
  case GateOutcome::Reorder: return TraceGate::G4;
  case GateOutcome::Window: return TraceGate::Dependence;
  }
  return TraceGate::None;
}

TraceOutcome recoveryOf(GateOutcome g) {
  switch (g) {
  case GateOutcome::Pass: return TraceOutcome::Seat;
  case GateOutcome::Hold: return TraceOutcome::Hold;
  case GateOutcome::Dead: return TraceOutcome::Dead;
  case GateOutcome::Bump: return TraceOutcome::Bump;
  case GateOutcome::Reorder: return TraceOutcome::Reorder;
  case GateOutcome::Window: return TraceOutcome::Reject;
  }
  return TraceOutcome::Seat;
}

GateVerdict runGateLadder(const PlacementState &st, const SeatCandidate &c, int t) {
  const ModuloProblem &p = st.problem();
  GateVerdict v;
  v.cycle = t;
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

namespace {

std::string joinNames(const PlacementState &st, const std::vector<int> &ops) {
  std::string out;
  for (int v : ops) out += (out.empty() ? "" : ", ") + st.name(v);
  return out;
}

std::string describeBound(const PlacementState &st, const TraceBound &b) {
  const std::string side = b.latest ? "no later than " : "no earlier than ";
  if (b.other < 0) return b.latest ? "unbounded" : side + std::to_string(b.cycle) + " (its depth)";
  return side + std::to_string(b.cycle) + " (" + (b.edge < 0 || b.path ? "a dependence path " : "an edge ") +
         (b.latest ? "to " : "from ") + st.name(b.other) + ")";
}

// The reason of an explained verdict, in words.
std::string describeEntry(const PlacementState &st, const TraceEntry &e) {
  const ModuloProblem &p = st.problem();
  switch (e.gate) {
  case TraceGate::G1:
    return e.leader == e.op ? "in the pending set" : "pending until its leader " + st.name(e.leader) + " is seated";
  case TraceGate::G2: return "depth " + std::to_string(e.stage + 1) + " exceeds max_depth " + std::to_string(e.limit);
  case TraceGate::G3:
  case TraceGate::Probe: {
    if (e.conflicts.empty()) return "resource conflict";
    const TraceConflict &c = e.conflicts.front();
    std::string out = "'" + p.resourceNames[c.resource] + "' full at row " + std::to_string(c.row) +
                      (c.ops.empty() ? std::string() : " (held by " + joinNames(st, c.ops) + ")");
    if (e.conflicts.size() > 1) out += " and " + std::to_string(e.conflicts.size() - 1) + " more cell(s)";
    return out;
  }
  case TraceGate::G4:
    return "group " + std::to_string(p.groupGid[p.group[e.op]]) + " sits at stage " + std::to_string(e.limit) +
           ", candidate stage " + std::to_string(e.stage);
  case TraceGate::Dependence: {
    std::string out = "dependence window has no cycle left:";
    for (const TraceBound &b : e.bounds) out += " " + describeBound(st, b) + ";";
    out.pop_back();
    return out;
  }
  case TraceGate::None: return "all gates pass";
  }
  return {};
}

std::vector<TraceConflict> conflictsAt(const PlacementState &st, const FoldedFootprint &fp, int t) {
  std::vector<TraceConflict> out;
  for (const ReservationTable::Conflict &c : st.rrt.conflicts(fp, t))
    out.push_back({c.row, c.resource, st.rrt.occupants(c.row, c.resource)});
  return out;
}

}  // namespace

TraceEntry verdictEntry(const PlacementState &st, TraceArm arm, const SeatCandidate &c, const GateVerdict &v) {
  TraceEntry e;
  e.arm = arm;
  e.op = v.outcome == GateOutcome::Pass || v.op < 0 ? c.ops[0] : v.op;
  if (c.count == 2) e.partner = e.op == c.ops[0] ? c.ops[1] : c.ops[0];
  e.cycle = v.cycle;
  e.gate = gateOf(v.outcome);
  e.outcome = recoveryOf(v.outcome);
  e.stage = v.stage;
  e.limit = v.limit;
  if (st.trace.full()) return e;  // counted as dropped: no details
  switch (v.outcome) {
  case GateOutcome::Hold: e.leader = st.problem().pendingLeader[e.op]; break;
  case GateOutcome::Bump: e.conflicts = conflictsAt(st, *c.footprint, v.cycle); break;
  case GateOutcome::Window: {
    const PlacementState::WindowCause w = st.windowCause(e.op);
    e.bounds = {w.earliest, w.latest};
    break;
  }
  default: break;
  }
  e.reason = describeEntry(st, e);
  return e;
}

TraceEntry holdEntry(const PlacementState &st, TraceArm arm, int op) {
  GateVerdict v;
  v.outcome = GateOutcome::Hold;
  v.op = op;
  v.cycle = st.window(op).earliest;
  return verdictEntry(st, arm, SeatCandidate::single(st, op), v);
}

SeatScan scanForSeat(const PlacementState &st, const SeatCandidate &c, TraceArm arm, bool record) {
  SeatScan scan;
  PlacementState::Window w = st.window(c.ops[0]);
  if (c.count == 2) {
    const PlacementState::Window w2 = st.window(c.ops[1]);
    w.earliest = std::max(w.earliest, w2.earliest);
    w.latest = std::min(w.latest, w2.latest);
  }
  scan.window = w;
  int first = w.earliest, groupOp = -1;
  for (int i = 0; i < c.count; ++i)
    if (auto s = st.groupStage(c.ops[i]); s && *s * st.ii() > first) {
      first = *s * st.ii();
      groupOp = c.ops[i];
    }
  const int last = static_cast<int>(std::min<int64_t>(w.latest, int64_t{first} + st.ii() - 1));
  if (first > last) {
    // No cycle to try: the dependences leave none, or the group's stage lies past them (G4).
    scan.verdict.op = c.ops[0];
    scan.verdict.cycle = first;
    if (w.empty() || groupOp < 0) {
      scan.verdict.outcome = GateOutcome::Window;
    } else {
      scan.verdict.outcome = GateOutcome::Reorder;
      scan.verdict.op = groupOp;
      scan.verdict.stage = st.stageOf(w.latest);
      scan.verdict.limit = *st.groupStage(groupOp);
    }
    if (record && st.tracing()) {
      TraceEntry e = verdictEntry(st, arm, c, scan.verdict);
      e.outcome = TraceOutcome::Reject;
      st.record(std::move(e));
    }
    scan.cycle = first;
    return scan;
  }
  for (int t = first; t <= last; ++t) {
    if (!st.spend()) break;  // the work budget ran out: no seat (docs/decisions.md, "Limits")
    const GateVerdict v = runGateLadder(st, c, t);
    if (record && st.tracing()) st.record(verdictEntry(st, arm, c, v));
    scan.verdict = v;
    scan.cycle = t;
    switch (v.outcome) {
    case GateOutcome::Pass: scan.result = SeatScan::Result::Seated; return scan;
    case GateOutcome::Hold: scan.result = SeatScan::Result::Held; return scan;
    case GateOutcome::Dead: scan.result = SeatScan::Result::Dead; return scan;
    case GateOutcome::Reorder: scan.result = SeatScan::Result::Reorder; return scan;
    case GateOutcome::Bump:
    case GateOutcome::Window: break;
    }
  }
  scan.result = SeatScan::Result::NoCycle;
  return scan;
}

}  // namespace tilesched
