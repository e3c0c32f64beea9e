#include "generate/TraceRecorder.h"

namespace tilesched {

void TraceRecorder::record(int ii, std::string arm, int op, int cycle, std::string gate,
                           std::string outcome, std::string reason) {
  if (!enabled_) return;
  const int step = steps_++;
  if (entries_.size() >= limit_) {
    ++dropped_;
    return;
  }
  TraceEntry e;
  e.step = step;
  e.ii = ii;
  e.arm = std::move(arm);
  e.op = op;
  e.cycle = cycle;
  e.gate = std::move(gate);
  e.outcome = std::move(outcome);
  e.reason = std::move(reason);
  entries_.push_back(std::move(e));
}

}  // namespace tilesched
