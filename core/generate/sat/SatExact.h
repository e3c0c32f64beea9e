// Beyond the seeds: "is there a schedule at this II?" answered by a SAT solver, CaDiCaL
// (docs/decisions.md, "Exact II by SAT"). The formulation is the window search's space
// (WindowSearch.h), so it is complete for a block without stage constraints:
//  - each dependence component (SCC) that holds an op with a footprint is placed on its own,
//    its anchor (first op) in rows [0, II) — the first component's at cycle 0, since rotating
//    the whole schedule keeps every row's load — and every op of the component in the window
//    the distance closure gives it against the anchor, [lo + dist(a, v), hi - dist(v, a)];
//  - a start cycle is order-encoded ([t(v) >= k] per cycle of the window), so an edge inside a
//    component, t(dst) >= t(src) + latency - II * distance, is one binary clause per cycle;
//  - an op's start cycle implies its issue row (t mod II), and every slot or pool holds at most
//    its capacity in each modulo row: a sequential counter over the rows' footprint units
//    (footprint row k lands on row (t + k) mod II; a pool listed n times is n units).
// Edges between components only run forward in topological order, and a component moves down
// whole stages without changing its rows, so a model of the components is a schedule of the
// block (completeFootprintSchedule) and no model proves that none exists at this II.
// The solver's search is deterministic: its default seed, and limits in conflicts and work units,
// never wall time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generate/exact/WindowSearch.h"

namespace tilesched {

enum class SatVerdict { Feasible, Infeasible, Unknown };

struct SatAnswer {
  SatVerdict verdict = SatVerdict::Unknown;
  std::vector<int> start;  // Feasible: a start cycle for every op of the block
  int64_t conflicts = 0;   // the solver's conflicts, what the limit counts
  int64_t clauses = 0;     // the model's clauses (as far as it was built)
  bool workSpent = false;  // Unknown because the work budget ran out
  bool tooLarge = false;   // Unknown because the model would exceed kMaxSatClauses
};

// A model holds at most this many clauses, whatever the work budget: about 190 bytes each, so at
// most about 190 MB, within the WebAssembly module's 1 GB (a 5,000-op loop's stage question
// asked for 1.9 GB before the cap). The largest CHStone model, aes/graph12 at II 82, has 234,000.
constexpr int64_t kMaxSatClauses = 1000000;

// Why an Unknown answer is open, in words (the trace's): the work budget, the model's size or
// the conflict budget, with the conflicts spent.
std::string satOpenReason(const SatAnswer &a);

// For a block without stage constraints (ModuloProblem::hasStageConstraints() is false) and an
// II at which IIContext found no reject. Unknown when `conflictLimit` conflicts did not decide,
// or (workSpent) when the model's clauses and its conflicts, charged to `budget` (null:
// unlimited), would overdraw it: a model that does not fit is never built to the end.
SatAnswer solveIIBySat(const IIContext &ctx, int64_t conflictLimit, WorkBudget *budget);

// The stage compaction's question (StageCompaction.h): a schedule at ctx.ii with every op v
// starting in [lo[v], hi[v]] (its window under a stage horizon)? Every op and edge is modelled,
// a same-depth group's ops in one stage, and the slots and pools per modulo row by runs of
// footprint rows, so a footprint of 600 rows costs what one of 6 does; a model is a schedule of
// the whole block, and no model proves that none exists in these windows. Limits as above.
SatAnswer solveWindowsBySat(const IIContext &ctx, const std::vector<int64_t> &lo, const std::vector<int64_t> &hi,
                            int64_t conflictLimit, WorkBudget *budget);

}  // namespace tilesched
