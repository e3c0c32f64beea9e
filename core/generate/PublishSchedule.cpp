#include "generate/PublishSchedule.h"

#include <algorithm>
#include <cstdint>

#include "support/Sort.h"

namespace tilesched {

void publishSchedule(ScheduleAnalysis &a, int ii, std::vector<int> start, const std::vector<int> &completion) {
  const int n = static_cast<int>(start.size());
  a.ii = ii;
  if (n > 0) {
    const int lowest = *std::min_element(start.begin(), start.end());
    const int shift = ii * (lowest >= 0 ? lowest / ii : -((-lowest + ii - 1) / ii));
    for (int &t : start) t -= shift;
  }
  a.orderedNodes = stableOrder(n, [&](int x, int y) { return start[x] < start[y]; });
  a.ops.assign(n, {});
  int64_t end = 0;
  for (size_t i = 0; i < a.orderedNodes.size(); ++i) {
    const int v = a.orderedNodes[i];
    const int stage = start[v] / ii;
    const bool sameStage = i > 0 && a.ops[a.orderedNodes[i - 1]].stage == stage;
    a.ops[v] = {stage, sameStage ? a.ops[a.orderedNodes[i - 1]].order + 1 : 0, start[v]};
    end = std::max<int64_t>(end, int64_t{start[v]} + completion[v]);
  }
  // Seed 001 compute_stage_count takes ceil((end + 1) / II), one stage too many whenever the
  // last completion falls on a stage boundary; tilesched counts the II windows up to it.
  a.stageCount = static_cast<int>((end + ii - 1) / ii);
  a.valid = true;
}

}  // namespace tilesched
