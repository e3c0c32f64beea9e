// Everything the driver computed for one scheduled block, in pipeline order. Emitters read it;
// they never recompute.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "perf/PerformanceEstimate.h"
#include "check/ScheduleChecker.h"
#include "constraints/TritonSchedule.h"
#include "driver/NestedLoops.h"
#include "generate/GenerateSchedule.h"
#include "ir/Parser.h"
#include "materialize/MaterializeSchedule.h"
#include "target/IRTarget.h"
#include "target/TileASView.h"

namespace tilesched {

enum class BlockStatus { Scheduled, Failed, Checked, Violations };
const char *blockStatusName(BlockStatus s);

struct BlockResult {
  ScheduledBlock block;
  std::vector<OpResources> resources;
  DependenceGraph graph;
  ConstraintState constraints;
  TritonSchedule triton;  // Triton's loop.stage / loop.cluster / tt.latency, as written
  TileASView lowered;     // the block as TileAS would see it (seed 000's selection reads it)
  // Ops Triton's latencies moved to a later stage (-1: not steered): on a cost-based schedule, and
  // on any with --triton-latency; the IR's tt.latency (fromTtLatency), else the stages Triton's
  // pipeliner gives its loads (constraints/TritonSchedule).
  int steeredOps = -1;
  bool fromTtLatency = false;
  RegionSummary summary;
  ScheduleAnalysis analysis;
  std::vector<Violation> violations;
  bool pinned = false;                // --check: the schedule is the block's nv_tile.aws.* pins
  MaterializedSchedule materialized;  // Pipe_/Mutex_ plan; valid once the block is materialized
  // Buffer assignment of the materialized schedule, the rescheduling rounds that fitted its
  // buffers (in words), and the model's estimate of a placed schedule.
  BufferPlan buffers;
  std::vector<std::string> memoryRounds;
  std::optional<PerfEstimate> estimate;
  std::string noEstimate;  // why a placed schedule has no estimate, in words
  std::vector<std::string> nodeNames;
  std::vector<NestedLoop> nestedLoops;  // the block's ops that are loops, costed by their own schedules
  BlockStatus status = BlockStatus::Failed;
  int line = 0;
  int chunk = 0;  // index into DriverRun::chunks
};

// Which model a chunk is scheduled on, and why (docs/decisions.md, "The target from the IR").
struct ModelChoice {
  enum class Source {
    IRTarget,  // the built-in model of the IR's target (ttg.target)
    Option,    // --model
    Default,   // no --model, and the IR names no target or one no built-in model describes
  } source = Source::Default;
  std::optional<IRTarget> target;  // the IR's target, when it names one
  std::string targetModel;         // the built-in model the target names ("" when none does)
  bool mismatch = false;           // --model names a built-in model other than the one the target picks
};
const char *modelSourceName(ModelChoice::Source s);

// One `// -----` chunk of the input (the whole input when it has no marker), parsed on its own
// (docs/decisions.md, "Split inputs and parse errors").
struct ChunkResult {
  enum class Status {
    Ok,       // parsed without error
    Partial,  // parse errors inside some functions: those are not scheduled, the others are
    Failed,   // a parse error outside every function: nothing of the chunk is scheduled
  };
  InputChunk source;
  std::unique_ptr<Module> module;  // null when Failed
  // The chunk's model, shared with the other chunks on the same one; a chunk with sched.pools has
  // its own copy.
  std::shared_ptr<const TargetModel> model;
  ModelChoice modelChoice;
  Status status = Status::Ok;
  std::vector<const Operation *> damaged;  // Partial: the functions with a parse error
};
const char *chunkStatusName(ChunkResult::Status s);
// The chunk's model and why, in words: "Hopper (sm_90), from the IR's target cuda:90".
std::string modelChoiceWords(const ChunkResult &chunk);
// "Hopper (sm_90)", or "model 'mine'" for a model file.
std::string modelWords(const TargetModel &model);
// The machine the chunk's loops are scheduled for, as warnings name it: the IR's target when the
// model follows it ("cuda:90"), else the model ("Hopper (sm_90), model 'hopper'").
std::string targetWords(const ChunkResult &chunk);

struct DriverRun {
  std::vector<BlockResult> blocks;
  size_t traceEntries = 0;  // kept by `blocks` in all: what the run's trace budget has spent
  size_t traceUnits = 0;    // listed by those entries
  bool unusable = false;    // input or options could not be used (exit 2)
  std::vector<ChunkResult> chunks;

  static DriverRun unusableInput() {
    DriverRun run;
    run.unusable = true;
    return run;
  }
};

}  // namespace tilesched
