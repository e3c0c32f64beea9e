// One placement attempt at a candidate II (seed 000 "Strategy Orchestration", facts §3). The
// seeds' ladder runs first, each rung building on what the previous one seated:
//   rau refinement        replay the previous probe's placement order (refused on the first probe)
//   deepest retry         the ops that died so far first, deepest first, then the rest
//   initial placement     the placement driver: per ready group the OR-chain permute -> fuse ->
//                         retry -> cost-based, then a desperate retry + cost-based on a fresh snapshot
//   cost-based placement  seed 000's loop: permute, fuse and retry propose a seat, the lowest cost
//                         vector wins, the cost-based arm only when all three reject
//   clear-and-retry tail  clear everything, rerun initial and cost-based placement from empty
// Beyond the seeds, before the caller raises II: iterative repair (Rau's eviction) from empty,
// then, when few ops carry footprints or stage constraints, the exact search, which can also
// prove the II infeasible.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generate/seeds/PlacementArms.h"

namespace tilesched {

struct LadderOptions {
  ArmBudgets arms;
  int groupLimit = 32;           // ready ops per placement group
  int costLoopGroupLimit = 8;    // ready ops seed 000's cost loop ranks per seat
  int repairStepsPerOp = 64;     // iterative repair budget
  int exactOpLimit = 32;         // exact search only with this few searched ops
  int64_t exactBudget = 200000;  // stage-system extensions per exact search
  WorkBudget *budget = nullptr;  // the block's seat-probe budget, shared by every probe; null = unlimited
};

// What one probe hands the next (rau refinement and deepest retry read it).
struct WarmStart {
  bool valid = false;
  std::vector<int> order;   // previous seats by (cycle, program order), then unseated ops
  std::vector<int> failed;  // ops that died in the previous attempt
};

struct LadderResult {
  bool found = false;
  std::string rung;                         // the rung that produced the schedule
  std::vector<int> start;                   // start cycles when found
  std::optional<PlacementFailure> failure;  // where the seeds' ladder gave up
  bool provenInfeasible = false;            // no schedule exists at this II
  WarmStart next;
};

LadderResult runStrategyLadder(const IIContext &ctx, TraceRecorder &trace, const WarmStart &warm,
                               const LadderOptions &opts);

// The rungs, exposed for the unit tests. `failed` collects ops that died.
enum class RungResult { Scheduled, Failed, Refused };
TraceOutcome rungOutcome(RungResult r);
RungResult rauRefinement(PlacementState &st, const WarmStart &warm, std::vector<int> &failed);
RungResult deepestRetry(PlacementState &st, const std::vector<int> &died, std::vector<int> &failed);
RungResult initialPlacement(PlacementState &st, const LadderOptions &opts, std::vector<int> &failed);
RungResult costBasedPlacement(PlacementState &st, const LadderOptions &opts, std::vector<int> &failed);

}  // namespace tilesched
