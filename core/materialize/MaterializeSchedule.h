// MaterializeSchedule (seeds 002-003): the second pass. It reads the ScheduleAnalysis that
// generation published (never reruns placement, never probes an RRT) and turns the fixed
// (stage, order) relation into Pipe_ and Mutex_ values, then rebuilds the block in (stage, order).
//
//   recover depths (ScheduleView) -> mutex placeholders -> pipe placeholders
//     -> Schedule::solve per (raw value, consumer) -> collapse -> rebuild sequence -> verify
//
// materializeSchedule() plans and verifies (diagnostics on failure); rewriteScheduledRegion()
// applies a verified plan to the IR (reorders the block, splices the Pipe_/Mutex_ ops in and
// stamps nv_tile.aws.* attributes) so that the printed module parses back.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "constraints/Constraints.h"
#include "contract/ScheduleAnalysis.h"
#include "contract/ScheduleAttributes.h"
#include "graph/DependenceGraph.h"
#include "materialize/AgentSwitch.h"
#include "ir/TypeAliases.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct MaterializeInput {
  const TypeAliases *aliases = nullptr;  // the module's `!alias = type` definitions (optional)
  const ScheduledBlock *block = nullptr;
  const DependenceGraph *graph = nullptr;
  const ConstraintState *constraints = nullptr;
  const ScheduleAnalysis *analysis = nullptr;
  std::vector<std::string> nodeNames;  // for messages (the printed names derive from them)
  // Per node (empty: none): the op runs once outside the loop (frontend/triton/HoistTMEMAlloc), so what it
  // defines or reads is the same in every iteration and no Pipe_ carries it.
  std::vector<bool> outsideLoop;
  // Per node (empty: no agents): its latency, and whether the model gives it the tma trait (a
  // copy a producer agent issues) or the wgmma trait (an MMA a compute agent runs).
  std::vector<int> latency;
  std::vector<bool> tma, mma;
};

struct MaterializeOptions {
  // Ring slots a Pipe_ may have (facts §4.5 invariant 2: at most the buffer-assignment slot
  // count; the book's pool has 32 slots, facts §5).
  int maxPipeDepth = 32;
  // Named barriers per CTA (hardware: ids 0..15, id 0 is __syncthreads'; facts §5 note and §10.7).
  // A Mutex_ takes one id in [1, namedBarriers - 1].
  int namedBarriers = 16;
};

// A Pipe_ value: dataflow from a producer group to its consumers (facts §4.2).
struct PipeValue {
  std::string name;                     // "Pipe_0" (per-function counter, see PipeNamer)
  const Value *raw = nullptr;           // the raw value (origin) the group writes
  std::vector<int> producers;           // group members, in (stage, order)
  std::vector<int> consumers;           // in (stage, order)
  std::vector<const Value *> operands;  // values the consumers read from the group
  int owner = -1;                       // canonical earliest producer (consumer for a fallback)
  int stage = 0, order = 0;             // header (stage, order) == the owner's analysis value
  int depth = 1;                        // ring slots
  int stagesCrossed = 0;                // kernel iterations the value survives
  int anchor = -1;                      // the op the Pipe_ is spliced after (before, for a fallback)
  std::string payloadType;              // type the consumers read
  bool tile = false;                    // tile/tensor flavour (sub_8EA0B0) vs scalar (sub_8E9450)
  bool trivialFallback = false;         // consumer-only Pipe_ (seed 002 phase 5)
};

// A Mutex_ value: exclusion / ordering that no value dependence expresses (facts §4.2).
struct MutexValue {
  std::string name;           // "Mutex_0"
  std::vector<int> protects;  // in (stage, order)
  int owner = -1;             // earliest protected op; the Mutex_ is spliced before it
  int stage = 0, order = 0;
  int barrier = 0;                   // named-barrier id
  std::vector<std::string> reasons;  // why the ops are serialised
};

// One entry of the rebuilt block, in emission order (the terminator stays last).
struct RegionItem {
  enum class Kind { Op, Pipe, Mutex } kind = Kind::Op;
  int index = 0;  // node id, or index into pipes / mutexes
};

struct MaterializedSchedule {
  bool valid = false;
  int ii = 0;
  int stageCount = 0;
  std::vector<OpSchedule> ops;       // per node: the analysis' (stage, order, cycle)
  std::vector<std::string> names;    // per node: its name in the printed IR (stable when re-read)
  std::vector<PipeValue> pipes;      // in (owner stage, order), then creation order
  std::vector<MutexValue> mutexes;   // in (owner stage, order)
  std::vector<RegionItem> sequence;  // the rebuilt block
  bool trivialFallback = false;      // some consumer got a consumer-only Pipe_ (flags |= 4)
  AgentSwitchPlan agentSwitch;       // the agents, when the block is warp-specialized
  int solves = 0;                    // Schedule::solve runs (one per pipe placeholder)
};

// Hands out Pipe_<N> / Mutex_<N> names with one monotone counter per kind and function (facts
// §4.1), skipping names another value of the function already uses.
class PipeNamer {
public:
  explicit PipeNamer(std::unordered_set<std::string> taken) : taken_(std::move(taken)) {}
  std::string next(bool pipe);

private:
  std::unordered_set<std::string> taken_;
  int nextPipe_ = 0, nextMutex_ = 0;
};

// Names ("%x") of every value defined in `scope` (a func.func; the module's top level when
// null) and of every live-in used there, except the results of materialized ops, which a
// rewrite replaces.
std::unordered_set<std::string> valueNamesInScope(Module &module, Operation *scope);

bool isMaterializedOp(const Operation &op);

// Drops the Pipe_/Mutex_ ops of an earlier materialization from the block's op list: they are
// annotations of a schedule, not work to schedule. A use of their results is an error.
void stripMaterializedOps(ScheduledBlock &block, DiagnosticEngine &diags);

MaterializedSchedule materializeSchedule(const MaterializeInput &in, const MaterializeOptions &opts, PipeNamer &namer,
                                         DiagnosticEngine &diags);

// Applies a valid plan: reorders the block, splices in the Pipe_/Mutex_ ops, stamps per-op
// nv_tile.aws.stage/order/cycle and, on the owner, nv_tile.aws.ii/stage_count/pipeline.
void rewriteScheduledRegion(Module &module, const ScheduledBlock &block, const MaterializedSchedule &plan);

}  // namespace tilesched
