#include "generate/TraceRecorder.h"

#include <algorithm>

#include "support/Limits.h"

namespace tilesched {

void TraceRecorder::record(TraceEntry e) {
  if (!enabled_) return;
  e.step = static_cast<int>(steps_++);
  e.freshTable = e.freshTable || fresh_;
  fresh_ = false;
  if (e.conflicts.size() > kMaxTraceCells) {
    e.conflictsDropped += e.conflicts.size() - kMaxTraceCells;
    e.conflicts.resize(kMaxTraceCells);
  }
  const size_t w = weight(e);
  if (full() || listed_ + w > unitLimit_) {
    closed_ = true;
    ++dropped_;
    return;
  }
  listed_ += w;
  entries_.push_back(std::move(e));
}

// The units the entry lists in the document: a commit's or uncommit's every unit, a verdict's
// cells and conflicts (each capped at kMaxTraceCells).
size_t TraceRecorder::weight(const TraceEntry &e) const {
  size_t held = 0;
  for (int v : {e.op, e.partner})
    if (v >= 0 && static_cast<size_t>(v) < units_.size()) held += units_[v];
  const TraceEffect effect = traceEffect(e.outcome);
  if (effect == TraceEffect::Add || effect == TraceEffect::Remove) return held;
  return e.conflicts.empty() ? 0 : std::min(held, kMaxTraceCells) + e.conflicts.size();
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
