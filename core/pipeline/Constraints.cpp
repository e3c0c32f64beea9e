// Pass constraints (constraints/). Reads: BlockInput, the run's trace budget. Publishes:
// ConstraintPart (seed 004's constraint slots, and the block's schedule options: the run's, capped
// by the loop's sched.ii_cap, with what the run's trace limit has left).
#include <algorithm>
#include <optional>

#include "pipeline/Pass.h"

namespace tilesched {

namespace {

// `sched.ii_cap = N : i32` on an scf.for caps that loop's II like --ii-cap, so a shared snippet
// carries its own cap (the smaller of the two wins).
ScheduleOptions blockOptions(const ScheduledBlock &block, ScheduleOptions opts, DiagnosticEngine &diags) {
  if (!block.owner) return opts;
  const Attribute *cap = block.owner->lookupAttr("sched.ii_cap");
  if (!cap) return opts;
  std::optional<int64_t> v = cap->asInt();
  if (!v || *v < 1 || *v > (1 << 30)) {
    diags.error(cap->range, "'sched.ii_cap' must be a positive integer, e.g. sched.ii_cap = 16 : i32");
    return opts;
  }
  opts.iiCap = opts.iiCap > 0 ? std::min<int>(opts.iiCap, static_cast<int>(*v)) : static_cast<int>(*v);
  return opts;
}

}  // namespace

bool constraintsPass(BlockResult &s, PassContext &ctx, DiagnosticEngine &diags) {
  s.constraints = parseConstraints(s.block, diags);
  s.options = blockOptions(s.block, ctx.opts.schedule, diags);
  // The trace limit is one budget for the whole run, so a file of many small loops cannot
  // print traceLimit entries for each (the output stays linear in the input).
  s.options.traceLimit -= std::min(s.options.traceLimit, ctx.run.traceEntries);
  s.options.traceUnitLimit -= std::min(s.options.traceUnitLimit, ctx.run.traceUnits);
  return true;
}

}  // namespace tilesched
