// The state one block carries through the block pipeline (pipeline/BlockPipeline.h): one part per
// pass or group of passes, each published by the passes named beside it and only read after.
// Emitters read the finished state; they never recompute.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "buffers/BufferAssignment.h"
#include "contract/CheckedSchedule.h"
#include "contract/ScheduleAnalysis.h"
#include "frontend/triton/Schedule.h"
#include "graph/Agents.h"
#include "graph/DependenceGraph.h"
#include "materialize/MaterializeSchedule.h"
#include "perf/PerformanceEstimate.h"
#include "pipeline/NestedLoops.h"
#include "target/TileASView.h"

namespace tilesched {

enum class BlockStatus { Scheduled, Failed, Checked, Violations };
const char *blockStatusName(BlockStatus s);

// The block as collected (graph/collectScheduledBlocks), less the Pipe_/Mutex_ ops of an earlier
// --emit=ir (pass strip-materialized).
struct BlockInput {
  ScheduledBlock block;
  int line = 0;
  int chunk = 0;  // the input chunk the block is in
};

// read-triton-schedule, hoist-tmem-alloc: Triton's schedule as written (loop.stage / loop.cluster /
// tt.latency) with the stages its pipeliner keeps each load ahead, and the record of what Triton's
// front end decides before TileAS sees the loop (ops hoisted out of it, loads it pipelines).
struct TritonPart {
  TritonSchedule triton;
  LoweringDecisions decided;
};

// tileas-view: the block as TileAS would see it (seed 000's selection reads it).
struct ViewPart {
  TileASView lowered;
};

// agents: the warp-specialized agents the block's ops run in (graph/blockAgents) and the block's
// share of the SM they are scheduled on (graph/shareOfSm): every pass from resources on charges
// and reads the footprints against that share.
struct AgentPart {
  std::vector<BlockAgent> agents;          // empty: the block is not warp-specialized
  std::vector<std::vector<int>> opAgents;  // per node: the agents that run it
  AgentShare share;
  // The model the block is scheduled on: its share, else the chunk's.
  const TargetModel &modelOf(const TargetModel &chunk) const { return share.model ? *share.model : chunk; }
};

// resources: each op's latency and footprint, its name in messages, and the ops that are loops,
// costed by their own schedules.
struct CostPart {
  std::vector<OpResources> resources;
  std::vector<std::string> nodeNames;
  std::vector<NestedLoop> nestedLoops;
};

// dependence-graph (and the refinement rounds, which add lifetime edges).
struct GraphPart {
  DependenceGraph graph;
};

// constraints: seed 004's attributes, and the block's schedule options (its sched.ii_cap, its share
// of the run's trace limit).
struct ConstraintPart {
  ConstraintState constraints;
  ScheduleOptions options;
};

// read-pins (--check), generate, steer, verify, refinement: the schedule and its checks.
struct SchedulePart {
  RegionSummary summary;
  ScheduleAnalysis analysis;
  std::vector<Violation> violations;
  bool pinned = false;    // --check: the schedule is the block's nv_tile.aws.* pins
  bool ownOrder = false;  // a lowered barrier protocol: the loop's own order, checked as written
  // Pins and a lowered protocol are checked, never generated, steered or rescheduled.
  bool asWritten() const { return pinned || ownOrder; }
  // Ops Triton's latencies moved to a later stage (-1: not steered): on a cost-based schedule, and
  // on any with --triton-latency; the IR's tt.latency (fromTtLatency), else the stages Triton's
  // pipeliner gives its loads (frontend/triton/AssignLatencies).
  int steeredOps = -1;
  bool fromTtLatency = false;
};

// refinement (materialize, fit memory): the Pipe_/Mutex_ plan (valid once the block is
// materialized), the buffer assignment and the rescheduling rounds that fitted it, in words.
struct MemoryPart {
  MaterializedSchedule materialized;
  BufferPlan buffers;
  std::vector<std::string> memoryRounds;
};

// estimate: the performance model's estimate of a placed schedule, or why there is none.
struct EstimatePart {
  std::optional<PerfEstimate> estimate;
  std::string noEstimate;
};

struct BlockResult : BlockInput,
                     TritonPart,
                     ViewPart,
                     AgentPart,
                     CostPart,
                     GraphPart,
                     ConstraintPart,
                     SchedulePart,
                     MemoryPart,
                     EstimatePart {
  BlockStatus status = BlockStatus::Failed;
};

// The blocks scheduled so far, with what the run's trace budget has spent.
struct BlockRun {
  std::vector<BlockResult> blocks;
  size_t traceEntries = 0;  // kept by `blocks` in all
  size_t traceUnits = 0;    // listed by those entries
  bool unusable = false;    // input or options could not be used (exit 2)
};

}  // namespace tilesched
