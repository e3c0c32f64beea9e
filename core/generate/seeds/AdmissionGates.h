// The admission gates of seed 000, run in a fixed order before every seat, each with its own
// recovery:
//   G1 pending set   the op waits for its group leader  -> hold the op over to the next attempt
//   G2 max depth     depth(t) = t / II + 1 > max_depth  -> mark the op dead for this attempt
//   G3 RRT veto      the folded footprint does not fit  -> bump the seat one cycle and rerun
//   G4 same depth    a seated group mate is at another stage -> reorder the group
// (docs/decisions.md, "Admission gates" gives the semantics chosen where the seeds disagree.)
#pragma once

#include "generate/seeds/PlacementState.h"

namespace tilesched {

// The gate ladder's verdict kinds; Window is no gate: the dependence window holds no cycle.
enum class GateOutcome { Pass, Hold, Dead, Bump, Reorder, Window };
TraceGate gateOf(GateOutcome g);         // None, G1, G2, G3, G4, Dependence
TraceOutcome recoveryOf(GateOutcome g);  // seat, hold, dead, bump, reorder, reject

// One op, or a fused pair issued at one cycle with a composed footprint (fuse arm).
struct SeatCandidate {
  int ops[2] = {-1, -1};
  int count = 1;
  const FoldedFootprint *footprint = nullptr;
  static SeatCandidate single(const PlacementState &st, int v) { return SeatCandidate{{v, -1}, 1, &st.ctx.folded[v]}; }
};

struct GateVerdict {
  GateOutcome outcome = GateOutcome::Pass;
  int op = -1;        // op the gate failed for
  int cycle = -1;     // the candidate cycle
  int row = -1;       // G3: first full modulo row
  int resource = -1;  // G3: its slot or pool
  int stage = -1;     // G2 / G4: the candidate's stage
  int limit = -1;     // G2: max_depth; G4: the group's stage
};

GateVerdict runGateLadder(const PlacementState &st, const SeatCandidate &c, int t);

// The trace entry of a verdict on candidate `c`, explained against the current state: the cells
// the candidate overfills and their holders (G3), the bounds of an empty dependence window, the
// leader a held op waits for (G1), the stages (G2, G4), and a reason in words.
TraceEntry verdictEntry(const PlacementState &st, TraceArm arm, const SeatCandidate &c, const GateVerdict &v);
// The same entry for an op held by G1, whatever the cycle.
TraceEntry holdEntry(const PlacementState &st, TraceArm arm, int op);

struct SeatScan {
  enum class Result { Seated, Held, Dead, Reorder, NoCycle };
  Result result = Result::NoCycle;
  int cycle = -1;       // the seat when Seated, else the cycle of the last verdict
  GateVerdict verdict;  // the verdict that ended the scan (Window: no cycle to try)
  PlacementState::Window window;
};

// Earliest seat from the dependence window upward (at most II candidates, one per modulo row;
// a group's stage moves the start to that stage). G3 bumps, the other gates end the scan with
// their recovery for the caller to apply. Every verdict is traced when the state is tracing and
// `record` is set.
SeatScan scanForSeat(const PlacementState &st, const SeatCandidate &c, TraceArm arm, bool record = true);

}  // namespace tilesched
