// What every pass of the block pipeline sees (pipeline/BlockPipeline.h): the block's state, which
// it reads and adds its part to, and the chunk the block is in.
#pragma once

#include <string>
#include <unordered_map>

#include "check/ScheduleChecker.h"
#include "contract/ModuloProblem.h"
#include "ir/TypeAliases.h"
#include "pipeline/BlockState.h"
#include "pipeline/Materialize.h"

namespace tilesched {

// The run's options the passes read.
struct PipelineOptions {
  ScheduleOptions schedule;
  bool check = false;          // --check: verify pinned nv_tile.aws.stage/order
  bool unlimitedSmem = false;  // --unlimited-smem
};

// One input chunk, as the driver read it.
struct ChunkInput {
  Module &module;
  const TargetModel &model;
  std::string target;                      // the machine, as warnings name it
  std::vector<const Operation *> damaged;  // functions with a parse error: not scheduled
  int chunk = 0;
};

// The chunk-wide state the passes share: what earlier blocks of the chunk left (the loops they
// scheduled, the footprint units spent) and the run's counters.
struct PassContext {
  PassContext(const ChunkInput &in, const PipelineOptions &opts, BlockRun &run)
      : module(in.module),
        model(in.model),
        target(in.target),
        aliases(in.module),
        opts(opts),
        run(run),
        materialize(in.module, aliases, opts.check) {}

  Module &module;
  const TargetModel &model;
  const std::string &target;
  const TypeAliases aliases;
  const PipelineOptions &opts;
  BlockRun &run;
  MaterializeStep materialize;  // Pipe_/Mutex_ names, per function
  // The loops scheduled so far, by their loop op: each is costed as one op of the loop around it
  // (innermost blocks come first) when that loop's body is read. Lookups only.
  std::unordered_map<const Operation *, int> loopBlocks;
  size_t footprintUnits = 0;                    // of every op of the chunk so far, against kMaxFootprintUnits
  int errorsBefore = 0;                         // the error count when the current block began
  const ProposedScheduleChecker proposedCheck;  // what generation consults mid-search
};

// The model the block is scheduled on: the chunk's, or the block's share of it (AgentPart).
inline const TargetModel &blockModel(const BlockResult &s, const PassContext &ctx) { return s.modelOf(ctx.model); }

// The block's one scheduling problem over `graph` (its dependence graph, or that graph plus a
// refinement round's lifetime edges). It refers to the state: build it where it is used.
ModuloProblem problemOf(const BlockResult &s, const DependenceGraph &graph, const TargetModel &model);

// The independent checker's verdict on `a` over `graph`, with the constraints a refinement round
// lifted no longer in force (pipeline/Verify.cpp).
std::vector<Violation> verifySchedule(const BlockResult &s, const DependenceGraph &graph, const ScheduleAnalysis &a,
                                      const TargetModel &model);

// What buffer assignment and the estimate read of the block, for a Pipe_/Mutex_ plan.
BufferInput bufferInput(const BlockResult &s, const MaterializedSchedule &plan, const PassContext &ctx);

// Where a block-level message about the block goes: its loop op, else its first op.
SourceRange blockRange(const BlockResult &s);

// A pass reads the parts of the state earlier passes published and publishes its own; it returns
// false when the block stops here (its status says why).
using BlockPass = bool (*)(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);

// The passes, in pipeline order; each file's header comment says what it reads and publishes.
bool stripMaterializedPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool readTritonSchedulePass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool hoistTmemAllocPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool tileASViewPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool agentsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool resourcesPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool dependenceGraphPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool constraintsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool checkProblemPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool readPinsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool generatePass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool steerPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool verifyPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool refinementPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);
bool estimatePass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags);

}  // namespace tilesched
