#include "generate/PublishSchedule.h"

#include <algorithm>
#include <cstdint>

#include "support/Sort.h"

namespace tilesched {

namespace {

// Moves the first op's stage to stage 0.
void shiftToStageZero(int ii, std::vector<int> &start) {
  if (start.empty()) return;
  const int lowest = *std::min_element(start.begin(), start.end());
  const int shift = ii * (lowest >= 0 ? lowest / ii : -((-lowest + ii - 1) / ii));
  for (int &t : start) t -= shift;
}

int64_t stagesFromZero(int ii, const std::vector<int> &start, const std::vector<int> &completion) {
  int64_t end = 0;
  for (size_t v = 0; v < start.size(); ++v) end = std::max<int64_t>(end, int64_t{start[v]} + completion[v]);
  // Seed 001 compute_stage_count takes ceil((end + 1) / II), one stage too many whenever the
  // last completion falls on a stage boundary; tilesched counts the II windows up to it.
  return (end + ii - 1) / ii;
}

}  // namespace

int countStages(int ii, const std::vector<int> &start, const std::vector<int> &completion) {
  std::vector<int> shifted = start;
  shiftToStageZero(ii, shifted);
  return static_cast<int>(stagesFromZero(ii, shifted, completion));
}

void publishSchedule(ScheduleAnalysis &a, int ii, std::vector<int> start, const std::vector<int> &completion) {
  const int n = static_cast<int>(start.size());
  a.ii = ii;
  shiftToStageZero(ii, start);
  a.orderedNodes = stableOrder(n, [&](int x, int y) { return start[x] < start[y]; });
  a.ops.assign(n, {});
  for (size_t i = 0; i < a.orderedNodes.size(); ++i) {
    const int v = a.orderedNodes[i];
    const int stage = start[v] / ii;
    const bool sameStage = i > 0 && a.ops[a.orderedNodes[i - 1]].stage == stage;
    a.ops[v] = {stage, sameStage ? a.ops[a.orderedNodes[i - 1]].order + 1 : 0, start[v]};
  }
  a.stageCount = static_cast<int>(stagesFromZero(ii, start, completion));
  a.valid = true;
}

}  // namespace tilesched
