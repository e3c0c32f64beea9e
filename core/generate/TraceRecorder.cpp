#include "generate/TraceRecorder.h"

namespace tilesched {

void TraceRecorder::record(TraceEntry e) {
  if (!enabled_) return;
  e.step = static_cast<int>(steps_++);
  e.freshTable = e.freshTable || fresh_;
  fresh_ = false;
  if (entries_.size() >= limit_) {
    ++dropped_;
    return;
  }
  entries_.push_back(std::move(e));
}

TraceEntry plainEntry(int ii, TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason) {
  TraceEntry e;
  e.ii = ii;
  e.arm = arm;
  e.op = op;
  e.cycle = cycle;
  e.outcome = outcome;
  e.reason = std::move(reason);
  return e;
}

void TraceRecorder::record(int ii, TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason) {
  if (enabled_) record(plainEntry(ii, arm, op, cycle, outcome, std::move(reason)));
}

}  // namespace tilesched
