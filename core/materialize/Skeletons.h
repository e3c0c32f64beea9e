// Placeholders and skeletons between the materializer's steps (seed 002 "Pipe and Mutex
// Emission"): mutex placeholders, pipe placeholders (the consumer worklist), the per-solve
// Pipe_ skeletons, and the steps that collapse, rebuild and verify them.
#pragma once

#include <string>
#include <vector>

#include "materialize/ScheduleView.h"

namespace tilesched {

// An exclusion / ordering relation that no value dependence expresses.
struct MutexPlaceholder {
  std::vector<int> ops;  // program order
  std::string reason;
};

// One (raw value, consumer) pair of the consumer worklist.
struct PipePlaceholder {
  const Value *raw = nullptr;
  int consumer = -1;
};

// One Pipe_ as a single Schedule::solve emits it, before duplicates collapse.
struct PipeSkeleton {
  const Value *raw = nullptr;
  std::vector<int> members;  // the producer group, in (stage, order)
  int canonical = -1;        // earliest member; the consumer for a fallback
  int consumer = -1;
  std::vector<const Value *> operands;  // values the consumer reads from the group
  int depth = 1;
  int stagesCrossed = 0;
  bool trivialFallback = false;
};

// Force-serial regions and groups, and sched.deps edges between ops that share no value (the
// reasons name ops by their printed names, one per node).
std::vector<MutexPlaceholder> seedMutexPlaceholders(const ScheduleView &view, const DependenceGraph &graph,
                                                    const ConstraintState *constraints,
                                                    const std::vector<std::string> &names);
// Values that cross a stage boundary or an iteration, and async handles no op of the block
// produces; consumers in (stage, order), uses in textual order.
std::vector<PipePlaceholder> seedPipePlaceholders(const ScheduleView &view);

// Overlapping placeholders become one Mutex_ (union-find over their ops); barrier ids in owner
// order starting at 1.
std::vector<MutexValue> collapseMutexPlaceholders(const ScheduleView &view,
                                                  const std::vector<MutexPlaceholder> &placeholders);
// Skeletons with the same raw value and producer group become one Pipe_ that lists every
// consumer (depth and stages crossed are the maxima); consumer-only skeletons of one raw value
// merge likewise. Each Pipe_ takes its producers from the skeletons (moved, not copied).
std::vector<PipeValue> collapsePipeSkeletons(const ScheduleView &view, std::vector<PipeSkeleton> skeletons);
// The block in (stage, order): each Mutex_ before its owner, a consumer-only Pipe_ before its
// consumer, any other Pipe_ right after the member that defines its last operand.
std::vector<RegionItem> rebuildSequence(const ScheduleView &view, const std::vector<PipeValue> &pipes,
                                        const std::vector<MutexValue> &mutexes);
// The hard postcondition (seed 002, facts §4.5); every failure is an error diagnostic.
bool verifyScheduledRegion(const ScheduleView &view, const MaterializedSchedule &plan, const MaterializeOptions &opts,
                           const std::vector<std::string> &nodeNames, DiagnosticEngine &diags);

}  // namespace tilesched
