// The candidate-II search (seed 001 "Candidate-II Search", seed 002 driver shape) as a
// resumable state machine, so the refinement loop owns the probes and their budget:
// `next()` names the II to probe, `feed()` reports the outcome.
//
// Linear:    lower, lower+1, ... up to the cap; the first feasible II wins.
// Galloping: seed 002's exponential expansion from `lower` (doubling, capped) until a probe
//            succeeds, then bisection with `lo` kept at `lower`; finally a fill sweep over the
//            IIs below the bisection result (below the cap when no probe succeeded) that were
//            never probed.
// Feasibility is not monotone in II — a footprint that wraps can fit at II = 3 and 5 but not 4 —
// so bisection alone could skip the smallest feasible II. The fill sweep makes both modes
// return exactly min{II in [lower, cap] : probe(II)}; probes are memoized, never repeated.
// Galloping reaches some feasible II in O(log) probes, which matters when the round budget
// truncates the search (the best II found so far is kept).
#pragma once

#include <map>
#include <optional>

#include "contract/ScheduleAnalysis.h"

namespace tilesched {

class IISearchDriver {
public:
  IISearchDriver(int lower, int cap, IISearch mode);

  std::optional<int> next();  // nullopt once the search has concluded
  void feed(int ii, bool feasible) { probed_[ii] = feasible; }
  bool concluded() const { return phase_ == Phase::Done; }
  std::optional<int> result() const { return result_; }  // valid once concluded
  std::optional<int> smallestFeasibleSoFar() const;

private:
  enum class Phase { Gallop, Bisect, Fill, Done };
  void conclude(std::optional<int> ii) {
    phase_ = Phase::Done;
    result_ = ii;
  }
  // Sweep the unprobed IIs in [lower, end); the answer is `fallback` when none is feasible.
  void startFill(int end, std::optional<int> fallback) {
    phase_ = Phase::Fill;
    cursor_ = lower_;
    fillEnd_ = end;
    fillFallback_ = fallback;
  }

  int lower_, cap_;
  Phase phase_;
  int cursor_, lo_, hi_;
  int fillEnd_ = 0;
  std::optional<int> fillFallback_;
  std::optional<int> result_;
  std::map<int, bool> probed_;
};

}  // namespace tilesched
