// The constraint-refinement loop of seed 003 / facts §7.1: each round builds the resource
// constraints for the next candidate II (folded footprints, RRT, closure), checks them and
// refines with the modulo scheduler (the strategy ladder). `max-constraint-iterations` bounds
// the rounds (default 10: docs/decisions.md). Status bits: bit 0 converged (the II search
// concluded), bit 1 budget exceeded (rounds ran out first), which also raises the
// budget-truncated flag; the result is then the smallest II found so far, else the serial
// fallback when the cap allows it ("may fall back to serial execution").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generate/seeds/SerialFallback.h"
#include "generate/seeds/StrategyLadder.h"

namespace tilesched {

struct RefinementOutcome {
  bool found = false;
  int ii = 0;
  std::vector<int> start;
  std::string rung;  // the ladder rung (or "serial-fallback") that produced the schedule
  uint32_t status = 0;
  bool truncated = false;
  bool workSpent = false;  // the work budget ran out (also sets truncated and status bit 1)
  int rounds = 0;
  std::optional<PlacementFailure> failure;  // from the largest II whose probe failed
  std::vector<int> provenInfeasible;        // IIs whose probe proved that no schedule exists
  bool provenInfeasibleAtFailure = false;
  std::vector<IIAttempt> unscheduled;  // every round that found no schedule, in round order
};

RefinementOutcome refineSchedule(const ModuloProblem &p, const ResourceLayout &layout, int lower, int cap,
                                 const SerialFallback &serial, const ScheduleOptions &opts, const LadderOptions &ladder,
                                 TraceRecorder &trace);

}  // namespace tilesched
