#include "pipeline/NestedLoops.h"

#include <algorithm>

#include "pipeline/BlockState.h"
#include "ir/OpKinds.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

// How long op `v` keeps the loop busy after its issue: until its result or its last unit.
int64_t spanOf(const OpResources &r) { return std::max<int64_t>(r.latency, int64_t(r.footprint.size())); }

int64_t clampCycles(__int128 v) { return static_cast<int64_t>(std::min<__int128>(v, kMaxCycle)); }

// The runs of every iteration's ops that start before `rows`, as (first row, end row, held row),
// calling `visit` for each until it returns false; ops in order of their start.
template <class Visit>
void forEachHeldRun(const std::vector<OpResources> &resources, const std::vector<int64_t> &start,
                    const std::vector<size_t> &byStart, const NestedLoop &n, int64_t rows, Visit visit) {
  for (int64_t j = 0; j < n.tripCount && j * n.ii < rows; ++j)
    for (size_t v : byStart) {
      const int64_t issue = j * n.ii + start[v];
      if (issue >= rows) break;
      size_t begin = 0;
      for (const Footprint::Run &run : resources[v].footprint.runs()) {
        const int64_t from = issue + int64_t(begin), to = std::min<int64_t>(rows, issue + int64_t(run.end));
        begin = run.end;
        if (from >= rows) break;
        if (!run.row.empty() && !visit(from, to, run.row)) return;
      }
    }
}

// Lays the inner footprints out over the loop's first `rows` cycles into `out` (runs of equal
// rows) and returns the units held, rows x entries; past `unitLimit` it stops counting and
// builds nothing, so the memory is at most the limit's whatever the trip count and II.
size_t layOutIterations(const std::vector<OpResources> &resources, const std::vector<int64_t> &start,
                        const NestedLoop &n, int64_t rows, size_t unitLimit, Footprint &out) {
  std::vector<size_t> byStart(start.size());
  for (size_t v = 0; v < byStart.size(); ++v) byStart[v] = v;
  std::stable_sort(byStart.begin(), byStart.end(), [&](size_t a, size_t b) { return start[a] < start[b]; });
  size_t units = 0;
  forEachHeldRun(resources, start, byStart, n, rows, [&](int64_t from, int64_t to, const FootprintRow &held) {
    units += size_t(to - from) * held.size();
    return units <= unitLimit;
  });
  out = Footprint();
  if (units > unitLimit) return units;
  std::vector<FootprintRow> laidOut(static_cast<size_t>(rows));
  forEachHeldRun(resources, start, byStart, n, rows, [&](int64_t from, int64_t to, const FootprintRow &held) {
    for (int64_t at = from; at < to; ++at)
      laidOut[size_t(at)].insert(laidOut[size_t(at)].end(), held.begin(), held.end());
    return true;
  });
  for (FootprintRow &row : laidOut) {
    std::stable_sort(row.begin(), row.end());
    out.push_back(std::move(row));
  }
  return units;
}

}  // namespace

NestedLoop nestedLoopCost(const BlockResult &inner, int index, size_t unitLimit) {
  NestedLoop n;
  n.block = index;
  const ScheduleAnalysis &a = inner.analysis;
  const size_t count = std::min(inner.block.ops.size(), inner.resources.size());
  // A schedule that breaks nothing: generated and checked, or pinned and checked.
  n.scheduled = (inner.status == BlockStatus::Scheduled || inner.status == BlockStatus::Checked) && a.ii >= 1 &&
                a.ops.size() >= count;
  std::vector<int64_t> start(count, 0);
  int64_t cursor = 0;
  for (size_t v = 0; v < count; ++v) {
    // Without a schedule the ops run one after another, the serial generator's layout without overlap.
    start[v] = n.scheduled ? a.ops[v].cycle : cursor;
    cursor += spanOf(inner.resources[v]);
  }
  const int64_t first = count ? *std::min_element(start.begin(), start.end()) : 0;
  int64_t footprintEnd = 0;
  for (size_t v = 0; v < count; ++v) {
    start[v] -= first;
    n.length = std::max(n.length, start[v] + spanOf(inner.resources[v]));
    footprintEnd = std::max(footprintEnd, start[v] + int64_t(inner.resources[v].footprint.size()));
  }
  n.ii = n.scheduled ? a.ii : std::max<int64_t>(1, n.length);
  n.stageCount = n.scheduled ? std::max(1, a.stageCount) : 1;

  // An unknown trip count is assumed to be the stage count: the fewest iterations whose
  // materialized loop runs its steady state once (a prologue of stages - 1 iterations, a steady
  // state of N - (stages - 1); facts §7.3).
  const std::optional<int64_t> trip = inner.block.isLoop ? constantTripCount(inner.block.loop) : std::nullopt;
  n.tripCountKnown = trip.has_value();
  n.tripCount = trip.value_or(n.stageCount);
  n.duration = n.tripCount == 0 ? 0 : clampCycles(__int128(n.tripCount - 1) * n.ii + n.length);

  OpResources &cost = n.cost;
  cost.source = OpResources::Source::Schedule;
  cost.oneAtATime = true;
  cost.latency = static_cast<int>(std::min<int64_t>(n.duration, kMaxLatency));
  for (size_t v = 0; v < count; ++v) cost.traits |= inner.resources[v].traits;
  // The footprint is the inner schedule laid out over its iterations: row k holds what the loop
  // holds k cycles after it starts. Long loops are spelled out to the footprint row limit.
  const int64_t fullRows = n.tripCount == 0 ? 0 : clampCycles(__int128(n.tripCount - 1) * n.ii + footprintEnd);
  const int64_t rows = std::min<int64_t>(kMaxFootprintRows, fullRows);
  n.footprintCut = fullRows > rows;
  n.units = layOutIterations(inner.resources, start, n, rows, unitLimit, cost.footprint);
  n.overLimit = n.units > unitLimit;
  return n;
}

std::string nestedLoopWords(const NestedLoop &n) {
  auto num = [](int64_t v) { return std::to_string(v); };
  std::string words = n.scheduled ? "" : "no schedule of its own, so its ops are costed one after another; ";
  words += n.tripCountKnown
               ? num(n.tripCount) + (n.tripCount == 1 ? " iteration" : " iterations") + " (constant bounds)"
               : "trip count not a constant, assumed " + num(n.tripCount) +
                     (n.tripCount == 1 ? " iteration" : " iterations") +
                     " (its stage count: the fewest that run its steady state once)";
  if (n.tripCount == 0) return words + ": 0 cycles";
  words += " at II " + num(n.ii) + ", the first taking " + num(n.length) + " cycles: (" + num(n.tripCount) +
           " - 1) x " + num(n.ii) + " + " + num(n.length) + " = " + (n.duration >= kMaxCycle ? "over " : "") +
           num(n.duration) + " cycles";
  if (n.duration > kMaxLatency)
    words += "; its latency is capped at " + num(kMaxLatency) + " cycles (the latency limit)";
  if (n.footprintCut)
    words += "; its footprint spells out its first " + num(kMaxFootprintRows) + " cycles (the footprint row limit)";
  return words;
}

}  // namespace tilesched
