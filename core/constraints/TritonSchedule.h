// Triton's own schedule as its software pipeliner leaves it on the IR, read so
// it can be shown beside tilesched's: `loop.stage` / `loop.cluster` on the body's ops (the
// schedule ScheduleLoops computed), `tt.latency` (AssignLatencies: how many stages an op's users
// wait for it), and on the loop `tt.num_stages` and `tt.scheduled_max_stage`.
#pragma once

#include <optional>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct TritonOpSchedule {
  std::optional<int> stage;
  std::optional<int> cluster;
  std::optional<int> latency;  // in stages (iterations), not cycles
  // The stages Triton's pipeliner keeps between this op and its users: its tt.latency when the
  // loop carries any, else what AssignLatencies gives a load it turns into an async copy (0: none).
  // See assignPipelinedLoadLatencies.
  int pipelinedLatency = 0;
};

struct TritonSchedule {
  std::vector<TritonOpSchedule> ops;  // per node of the scheduled block
  std::optional<int> numStages;       // tt.num_stages on the loop
  std::optional<int> scheduledMaxStage;
  bool any() const;
  bool anyStage() const;
  int stageCount() const;  // highest loop.stage + 1; 0 when no op has one
};

// A value that is not a non-negative integer is ignored with a warning at the attribute (valid IR
// is never rejected for annotations tilesched only reports).
TritonSchedule readTritonSchedule(const ScheduledBlock &block, DiagnosticEngine &diags);

// Triton's pipelining of a loop, the first that applies: the IR's tt.latency when any op of the
// loop carries one (Triton's hasLatenciesAssigned); a loop Triton has scheduled (`loop.stage`) by
// its stages, each load as many stages ahead as its nearest user (LowerLoops; 0: a user in the
// load's stage leaves it synchronous); otherwise its default (AssignLatencies, with Triton's
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
