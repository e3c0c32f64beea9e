#include "generate/seeds/FailureReport.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tilesched {

PlacementFailure describePlacementFailure(const PlacementState &st, int op, std::string cause) {
  const ModuloProblem &p = st.problem();
  const int ii = st.ii();
  PlacementFailure f;
  f.ii = ii;
  f.node = op;
  f.duration = p.duration(op);
  f.footprint = p.footprint[op];
  const PlacementState::Window w = st.window(op);
  f.windowEarliest = w.earliest;
  f.windowLatest = w.latest >= INT_MAX / 2 ? -1 : w.latest;  // -1: no seated successor bounds it
  f.group = p.group[op] >= 0 ? p.groupGid[p.group[op]] : 0;

  const FoldedFootprint &fp = st.ctx.folded[op];
  // The rows any candidate cycle overfills, a table segment at a time (a long footprint meets
  // the same segment at hundreds of rows).
  std::vector<uint8_t> conflictRow(static_cast<size_t>(ii), 0);
  if (fp.selfConflict()) {
    conflictRow[static_cast<size_t>(fp.selfConflictRow)] = 1;
    f.rejectingResource = p.resourceNames[fp.selfConflictResource];
  } else {
    int first = w.earliest;
    if (auto s = st.groupStage(op)) first = std::max(first, *s * ii);
    const int last = static_cast<int>(std::min<int64_t>(w.latest, int64_t{first} + ii - 1));
    std::string slot;
    for (int t = first; t <= last; ++t)
      for (const ReservationTable::ConflictRange &range : st.rrt.conflictRanges(fp, t)) {
        std::fill(conflictRow.begin() + range.begin, conflictRow.begin() + range.end, 1);
        for (int res : range.resources)
          if (st.ctx.layout.isSingleton(res)) {
            if (slot.empty()) slot = p.resourceNames[res];
          } else if (f.rejectingResource.empty()) {
            f.rejectingResource = p.resourceNames[res];
          }
      }
    if (f.rejectingResource.empty()) f.rejectingResource = slot;
  }
  for (int row = 0; row < ii; ++row) {
    if (!conflictRow[static_cast<size_t>(row)]) continue;
    PlacementFailure::RowState rs;
    rs.row = row;
    for (int r = 0; r < st.ctx.layout.numResources(); ++r)
      for (int h : st.rrt.occupants(row, r)) rs.occupants.push_back(p.resourceNames[r] + ": " + st.name(h));
    f.rows.push_back(std::move(rs));
  }

  f.stage = st.stageOf(w.earliest);
  f.order = 0;
  for (int v = 0; v < p.numNodes; ++v)
    if (v != op && st.seated(v) && st.stageOf(st.start(v)) == f.stage &&
        (st.start(v) < w.earliest || (st.start(v) == w.earliest && v < op)))
      ++f.order;

  std::string window = "[" + std::to_string(f.windowEarliest) + ", " +
                       (f.windowLatest < 0 ? std::string("inf") : std::to_string(f.windowLatest)) + "]";
  f.message = "no seat for " + st.name(op) + " at II " + std::to_string(ii) + ": " + cause + " (dependence window " +
              window + ", duration " + std::to_string(f.duration) +
              (f.rejectingResource.empty() ? std::string() : ", rejected by '" + f.rejectingResource + "'") +
              (f.group ? ", group " + std::to_string(f.group) : std::string()) + ", would be stage " +
              std::to_string(f.stage) + " order " + std::to_string(f.order) + ")";
  return f;
}

}  // namespace tilesched
