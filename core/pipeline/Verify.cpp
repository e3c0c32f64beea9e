// Pass verify (check/, independent of generate/). Reads: BlockInput, CostPart, GraphPart,
// ConstraintPart, SchedulePart.analysis. Publishes: SchedulePart.violations and the status: every
// generated schedule is checked before it is printed (SPEC §4.8); one the checker rejects is an
// internal error and stops the block. Skipped for a block checked as written (read-pins checked it).
#include "pipeline/Pass.h"

namespace tilesched {

bool verifyPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (s.asWritten()) return true;
  s.violations = verifySchedule(s, s.graph, s.analysis, blockModel(s, ctx));
  if (s.violations.empty()) {
    s.status = BlockStatus::Scheduled;
    return true;
  }
  s.status = BlockStatus::Failed;
  for (const Violation &v : s.violations)
    diags.error(v.node >= 0 ? s.block.ops[v.node]->nameRange : blockRange(s),
                std::string("internal error: the ") + generatorName(s.analysis.generator) +
                    " generator produced a schedule the checker rejects: " + v.message);
  return false;
}

}  // namespace tilesched
