// The four placement arms of seeds 000 / 001 (facts §3). Each takes a placement group — ready
// ops, most urgent first — and proposes seats without changing the state (alternatives are
// scored by trial seating that is undone, traced as trial entries while the log has room):
//   permute     topological permutations of the group (exhaustive up to a budget, sampled
//               beyond it), each seated greedily at earliest legal cycles; lowest total cost wins
//   fuse        two compatible ops (can_fuse) seated together on their composed footprint
//   retry       the snapshot overlay: revive ops marked dead, mark new failures dead
//   cost-based  every legal (op, cycle) pair scored with the full cost vector; global minimum
// Two modes: WholeGroup (seed 001's OR-chain: the proposal seats the whole group) and
// FirstSeat (seed 000's cost-based loop: arms compete on the cost of their next seat).
// Ties break deterministically: enumeration order, then group order, then earlier cycle.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generate/seeds/AdmissionGates.h"
#include "generate/seeds/CostVector.h"

namespace tilesched {

enum class ArmMode { WholeGroup, FirstSeat };

struct ArmBudgets {
  int permutations = 24;   // orders tried per call (4! is exhaustive)
  int permuteSeats = 256;  // trial seats per call: larger groups get fewer orders
  int fuseOps = 12;        // the most urgent ops considered for pairs
  int costBasedOps = 16;   // the most urgent ops the cost-based arm ranks per seat
};

struct ArmSeat {
  int op = -1;
  int partner = -1;  // fused partner, issued at the same cycle
  int cycle = 0;
  CostVector cost;
};

struct ArmResult {
  TraceArm arm = TraceArm::Permute;  // Permute, Fuse, Retry or CostBased
  bool accepted = false;
  std::vector<ArmSeat> seats;                // commit order
  std::vector<int> held;                     // G1: held over to the next attempt
  int reorderOp = -1;                        // G4 stopped the arm: this op's group needs another order
  int failedOp = -1;                         // an op the arm could not seat
  std::optional<TraceEntry> rejection;       // with --trace: the verdict that stopped a rejected arm
  CostVector cost = CostVector::infinite();  // WholeGroup: all seats; FirstSeat: the first seat
  std::string reason;
};

ArmResult tryPermute(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b);
ArmResult tryFuse(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b);
ArmResult tryRetry(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b);
ArmResult tryCostBased(PlacementState &st, const std::vector<int> &group, ArmMode mode, const ArmBudgets &b);

// seed 000 can_fuse: no dependence between the ops, the same slot group (identical resource
// set, at least one pooled), and the composed vector within every pool cap at this II.
bool canFuse(const PlacementState &st, int a, int b);

// Commits an accepted proposal — every seat (WholeGroup) or only the first (FirstSeat) — tracing
// the gate verdicts that led to each seat, and holds the G1 ops over.
void commitProposal(PlacementState &st, const ArmResult &r, ArmMode mode);

}  // namespace tilesched
