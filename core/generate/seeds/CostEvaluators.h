// The two paired cost evaluators of seed 002, both driven by the exponential-then-binary search
// (SearchDriver.h) over a cost threshold, and the seat cost vector they feed.
//
// Pipe-slot evaluator (sub_98E6C0): probe(cap) = the folded footprint fits the RRT, every seated
// op the distance closure connects to the candidate is at least its closure distance before
// it, and no incoming dependence edge is stretched by more than `cap` cycles beyond its latency.
// Its threshold is the longest stretch: how long a value waits in a pipe for this seat.
//
// Bank-pressure evaluator (sub_98C440): probe(cap) = in-iteration + carried pooled units the seat
// shares with other ops at its rows <= cap, read from the dual RRT. The per-pool hard caps of
// the seed (4 and 3, the TMEM and named-barrier pools of its model) are the RRT capacities of
// tilesched's data-driven model, already enforced by G3.
#pragma once

#include <optional>

#include "generate/seeds/AdmissionGates.h"
#include "generate/seeds/CostVector.h"

namespace tilesched {

std::optional<int64_t> pipeSlotThreshold(const PlacementState &st, const SeatCandidate &c, int t);
int64_t bankPressureThreshold(const PlacementState &st, const SeatCandidate &c, int t);
CostVector seatCost(const PlacementState &st, const SeatCandidate &c, int t);

}  // namespace tilesched
