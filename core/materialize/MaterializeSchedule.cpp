// MaterializeSchedule entry (seed 002 emit_pipe_and_mutex; seed 003 "Pass 2").
#include "materialize/MaterializeSchedule.h"

#include <map>
#include <utility>

#include "materialize/ScheduleSolve.h"

namespace tilesched {

namespace {

// The names the printed IR gives ops (Pipe_ producers/consumers, Mutex_ protects and reasons):
// the message name, except that an op named by its line is "op-name#k", the k-th (from 0) such
// op of that name in (stage, order) — the order the block is printed in. The input line is not
// the printed line, so name@line would change each time the printed IR is scheduled again
// (docs/decisions.md, "Names").
std::vector<std::string> printedNames(const ScheduleView &view, const std::vector<std::string> &nodeNames) {
  std::vector<std::string> names(view.numNodes());
  std::map<std::string, int> seen;
  for (int node : view.stageOrder()) {
    const Operation &op = view.op(node);
    if (namedByLine(op)) names[node] = op.name + "#" + std::to_string(seen[op.name]++);
    else names[node] = node < static_cast<int>(nodeNames.size()) ? nodeNames[node] : "op#" + std::to_string(node);
  }
  return names;
}

}  // namespace

MaterializedSchedule materializeSchedule(const MaterializeInput &in, const MaterializeOptions &opts, PipeNamer &namer,
                                         DiagnosticEngine &diags) {
  MaterializedSchedule plan;
  const ScheduleAnalysis &a = *in.analysis;
  if (!a.valid || a.ops.size() != in.block->ops.size()) {
    diags.error(in.block->range, "materialization: the schedule analysis of block '" + in.block->name +
                                     "' is not valid; nothing to materialize");
    return plan;
  }
  plan.ii = a.ii;
  plan.stageCount = a.stageCount;
  plan.ops = a.ops;

  // Recover depths and the producer/consumer maps (seed 003).
  ScheduleView view(in);
  plan.names = printedNames(view, in.nodeNames);

  // Mutex placeholders first, then pipe placeholders (seed 002).
  std::vector<MutexPlaceholder> mutexPlaceholders = seedMutexPlaceholders(view, *in.graph, in.constraints, plan.names);
  std::vector<PipePlaceholder> worklist = seedPipePlaceholders(view);

  std::vector<PipeSkeleton> skeletons;
  for (const PipePlaceholder &p : worklist) {
    std::vector<PipeSkeleton> emitted = solveSchedule(view, in.constraints, p);
    ++plan.solves;
    for (PipeSkeleton &k : emitted) {
      plan.trivialFallback = plan.trivialFallback || k.trivialFallback;
      skeletons.push_back(std::move(k));
    }
  }

  plan.mutexes = collapseMutexPlaceholders(view, mutexPlaceholders);
  plan.pipes = collapsePipeSkeletons(view, std::move(skeletons));
  for (MutexValue &m : plan.mutexes) m.name = namer.next(/*pipe=*/false);
  for (PipeValue &p : plan.pipes) p.name = namer.next(/*pipe=*/true);

  // tileiras stays silent here (seed 002: "let later passes diagnose"); tilesched says it.
  for (const PipeValue &p : plan.pipes)
    if (p.trivialFallback)
      diags.note(view.op(p.owner).nameRange,
                 p.name + ": no op of this block produces the async handle " + p.raw->name +
                     " before it is read here, so it gets a consumer-only Pipe_ (seed 002 trivial fallback)",
                 MessageData(MessageId::ConsumerOnlyPipe)
                     .with(MessageFieldId::Pipe, p.name)
                     .with(MessageFieldId::Handle, p.raw->name)
                     .with(MessageFieldId::Seed, "002"));

  plan.agentSwitch = partitionAgents(in, plan.stageCount);
  if (!plan.agentSwitch.summary.empty())
    diags.note(in.block->owner ? in.block->owner->nameRange : in.block->range, plan.agentSwitch.summary);
  plan.sequence = rebuildSequence(view, plan.pipes, plan.mutexes);
  plan.valid = verifyScheduledRegion(view, plan, opts, in.nodeNames, diags);
  return plan;
}

}  // namespace tilesched
