// Pass generate (generate/: seed 000's selection, the serial and cost-based generators). Reads:
// BlockInput, ViewPart, CostPart, GraphPart, ConstraintPart. Publishes: SchedulePart.summary and
// .analysis. Skipped for a block checked as written (read-pins). Stops a block with no schedule: a distance-0
// dependence cycle, or a generator failure, each reported at its op.
#include "generate/GenerateSchedule.h"
#include "pipeline/Pass.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

void reportFailure(const BlockResult &r, DiagnosticEngine &diags) {
  const ScheduleAnalysis &a = r.analysis;
  for (const AnalysisNote &note : a.notes) diags.note(blockRange(r), note.text, note.data);
  // A failure whose message names an option is data too: its id as `cause`, then its fields.
  MessageData data;
  if (a.failure && a.failure->data.id != MessageId::None) {
    data = MessageData(MessageId::NoSchedule).with(MessageFieldId::Cause, messageIdName(a.failure->data.id));
    data.fields.insert(data.fields.end(), a.failure->data.fields.begin(), a.failure->data.fields.end());
  }
  if (a.failure && a.failure->node >= 0 && a.failure->node < static_cast<int>(r.block.ops.size())) {
    diags.error(r.block.ops[a.failure->node]->nameRange, "failed to find a schedule: " + a.failure->message,
                std::move(data));
    return;
  }
  // A block-level failure (the II cap below the lower bound, a spent budget) says why.
  if (data.id != MessageId::None) data.with(MessageFieldId::Block, r.block.name);
  diags.error(blockRange(r),
              "failed to find a schedule for block '" + r.block.name + "'" +
                  (a.failure && !a.failure->message.empty() ? ": " + a.failure->message : ""),
              std::move(data));
}

}  // namespace

bool generatePass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  if (s.asWritten()) return true;
  const ModuloProblem problem = problemOf(s, s.graph, blockModel(s, ctx));
  s.summary = summarizeRegion(problem);
  if (!s.graph.zeroDistanceCycles.empty()) {  // well formed, but no schedule exists: exit 1
    reportZeroDistanceCycles(s.block, s.graph, diags);
    s.analysis.selection = selectGenerator(s.summary, s.options);
    s.analysis.generator = s.analysis.selection->generator;
    s.status = BlockStatus::Failed;
    return false;
  }
  s.analysis = generateSchedule(problem, s.options, diags, &ctx.proposedCheck);
  if (s.analysis.traceDropped > 0)
    diags.note(blockRange(s), "the trace keeps its first " + std::to_string(s.analysis.trace.size()) + " entries; " +
                                  std::to_string(s.analysis.traceDropped) + " later ones were dropped (trace limit: " +
                                  std::to_string(ctx.opts.schedule.traceLimit) + " entries per run, " +
                                  std::to_string(kMaxTraceUnits) + " listed units per run)");
  if (s.analysis.valid) return true;
  s.status = BlockStatus::Failed;
  reportFailure(s, diags);
  return false;
}

}  // namespace tilesched
