// Beyond the seeds: the optimality certificate of a cost-based schedule (docs/decisions.md,
// "Optimality"). After the II search, every II below the result that no bound or probe has
// ruled out is tried by the exact window search, smallest first: an exhausted tree proves the
// II infeasible and raises the lower bound; a schedule found there replaces the heuristic's.
// Feasibility is not monotone in II, so the bound only rises over consecutive infeasible IIs.
// When the budget stops the climb, the rest of it looks for a schedule just below the result.
// Then the SAT solver takes what is still open: schedules below the best, infeasible IIs above
// the bound.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contract/ModuloProblem.h"
#include "generate/seeds/ReservationTable.h"
#include "generate/TraceRecorder.h"
#include "generate/WorkBudget.h"

namespace tilesched {

struct ProofOutcome {
  int lowerBound = 0;               // no schedule exists at any II below it
  bool improved = false;            // the search found a schedule below the given II:
  int ii = 0;                       //   at this II,
  std::vector<int> start;           //   with these start cycles
  std::vector<IIAttempt> verdicts;  // each II the search tried and found no schedule at, in search order
};

// The SAT solver's share of --proof-budget=N: N / 4 conflicts. A window-search node and a
// conflict differ in cost; at this ratio the two halves of the proof take comparable time
// (docs/decisions.md, "Exact II by SAT", gives the measured rates).
inline int64_t satConflicts(int64_t proofBudget) { return proofBudget / 4; }

// `knownInfeasible`: IIs the II search already proved infeasible. `limit` counts window-search
// nodes (0 = no search); each is also charged to `budget`. What the window search leaves open
// goes to the SAT solver (SatExact.h), `conflicts` conflicts in all (0 = none), its clauses and
// conflicts charged to `budget` too.
ProofOutcome proveLowerBound(const ModuloProblem &p, const ResourceLayout &layout, int mii, int ii,
                             const std::vector<int> &knownInfeasible, int64_t limit, int64_t conflicts,
                             WorkBudget *budget, TraceRecorder &trace);

}  // namespace tilesched
