// Triton's AssignLatencies (Pipeliner/AssignLatencies.cpp): how many stages its pipeliner keeps each
// load ahead of its users, the decision that makes a load an async copy (docs/decisions.md,
// "Triton's schedule beside ours").
#pragma once

#include <vector>

#include "frontend/triton/Schedule.h"

namespace tilesched {

// Triton's pipelining of a loop, the first that applies: the IR's tt.latency when any op of the
// loop carries one (Triton's hasLatenciesAssigned); a loop Triton has scheduled (`loop.stage`) by
// its stages, each load as many stages ahead as its nearest user (LowerLoops; 0: a user in the
// load's stage leaves it synchronous); otherwise, and for a load without `loop.stage` in such a
// loop (assign-latencies reads no stages), its default (AssignLatencies, with Triton's
// default num_stages of 3 unless the loop states tt.num_stages): the loads that reach an MMA's A or
// B operand through ops of the body (and, in a loop with tt.num_stages and no MMA, every load) are
// pipelined, each `(num_stages - 1) / (deepest indirection + 1)` stages ahead of its users; loads
// of a scalar pointer are too small for cp.async and stay, as do loads at an indirection of
// num_stages - 1 or more. A loop holding another loop is not pipelined (Triton pipelines innermost
// loops). Fills `pipelinedLatency`.
void assignPipelinedLoadLatencies(const ScheduledBlock &block, TritonSchedule &t);

// Per op of the block: the stages Triton's pipeliner keeps a Triton load ahead of its users (0: it
// stays a synchronous load), -1 for any other op. What the load costs and how TileAS would count it
// follow from this (target/TileASView, LoweringDecisions::tritonPipelined).
std::vector<int> tritonPipelinedLoads(const ScheduledBlock &block, const TritonSchedule &t);

}  // namespace tilesched
