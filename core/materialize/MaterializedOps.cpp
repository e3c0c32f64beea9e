// The Pipe_/Mutex_ ops of the scheduled IR as input: names, and what a second run does with
// the ones an earlier run printed.
#include <algorithm>

#include "materialize/MaterializeSchedule.h"

namespace tilesched {

// The agent_switch a materialization prints has no regions (the agents' code is the block's);
// one with regions is the IR's own and stays.
bool isMaterializedOp(const Operation &op) {
  return op.name == kPipeOpName || op.name == kMutexOpName || (op.name == kAgentSwitchOpName && op.regions.empty());
}

void stripMaterializedOps(ScheduledBlock &block, DiagnosticEngine &diags) {
  std::vector<Operation *> stale;
  for (Operation *op : block.ops)
    if (isMaterializedOp(*op)) stale.push_back(op);
  if (stale.empty()) return;
  block.ops.erase(
      std::remove_if(block.ops.begin(), block.ops.end(), [](Operation *op) { return isMaterializedOp(*op); }),
      block.ops.end());
  auto checkUses = [&](Operation &user) {
    for (const Value *v : user.operands)
      if (v->definingOp && isMaterializedOp(*v->definingOp))
        diags.error(user.nameRange, "'" + v->name + "' is the result of a materialized " + v->definingOp->name +
                                        ", an annotation that the next materialization replaces; no op may use it");
  };
  for (Operation *op : block.ops) walkOps(*op, checkUses);
  if (block.terminator) walkOps(*block.terminator, checkUses);
}

std::unordered_set<std::string> valueNamesInScope(Module &module, Operation *scope) {
  std::unordered_set<std::string> names;
  auto collect = [&](Operation &op) {
    if (!isMaterializedOp(op))
      for (const Value *r : op.results) names.insert(r->name);
    // A live-in is a name too: a new %Pipe_0 must not capture a use of an undefined %Pipe_0
    // (fuzz_pipeline found that).
    for (const Value *v : op.operands)
      if (v->liveIn) names.insert(v->name);
    for (auto &region : op.regions)
      for (auto &b : region->blocks)
        for (const Value *arg : b->arguments) names.insert(arg->name);
  };
  if (scope) walkOps(*scope, collect);
  else walkModule(module, collect);
  return names;
}

std::string PipeNamer::next(bool pipe) {
  int &counter = pipe ? nextPipe_ : nextMutex_;
  const std::string prefix = pipe ? "Pipe_" : "Mutex_";
  for (;;) {
    std::string name = prefix + std::to_string(counter++);
    if (taken_.insert("%" + name).second) return name;
  }
}

}  // namespace tilesched
