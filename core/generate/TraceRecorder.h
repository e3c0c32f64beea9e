// The --trace log of the cost-based generator: every arm attempt, gate verdict and rung, plus
// the commit / uncommit / clear entries that replay the RRT at any step (docs/json-document.md).
// The log keeps the first `limit` entries, and no more than a unit limit listed in them
// (a commit lists every unit of its op's footprint, for the replay); later ones are counted as
// dropped, so the kept prefix still replays exactly. Trial entries (arms scoring alternatives, undone afterwards) are
// kept while the log is less than half full, a whole arm evaluation at a time, so that the placements that stay always
// have the other half.
#pragma once

#include <string>
#include <vector>

#include "contract/ScheduleAnalysis.h"
#include "support/Limits.h"

namespace tilesched {

// An entry without verdict details.
TraceEntry plainEntry(int ii, TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason);

class TraceRecorder {
public:
  TraceRecorder(bool enabled, size_t limit) : enabled_(enabled), limit_(limit) {}

  // Callers test this before building reason strings.
  bool enabled() const { return enabled_; }
  // Whether an arm evaluation starting now is traced.
  bool admitsTrials() const { return enabled_ && steps_ < limit_ / 2; }
  // Entries from now on are only counted: callers may skip their details.
  bool full() const { return closed_ || entries_.size() >= limit_; }
  // Each op's footprint units, what its commits and verdicts list, and how many the kept entries
  // may list in all.
  void weighUnits(std::vector<size_t> unitsPerOp, size_t limit) {
    units_ = std::move(unitsPerOp);
    unitLimit_ = limit;
  }
  size_t listed() const { return listed_; }
  // The next entry is the first on a new, empty reservation table (a new candidate II).
  void freshTable() { fresh_ = true; }

  void record(TraceEntry e);
  void record(int ii, TraceArm arm, int op, int cycle, TraceOutcome outcome, std::string reason);

  std::vector<TraceEntry> &entries() { return entries_; }
  const std::vector<TraceEntry> &entries() const { return entries_; }
  size_t dropped() const { return dropped_; }

private:
  bool enabled_;
  size_t limit_;
  size_t steps_ = 0;
  std::vector<size_t> units_;
  size_t unitLimit_ = kMaxTraceUnits;
  size_t listed_ = 0;    // units the kept entries list
  bool closed_ = false;  // an entry was dropped: every later one is too
  size_t weight(const TraceEntry &e) const;
  bool fresh_ = false;
  std::vector<TraceEntry> entries_;
  size_t dropped_ = 0;
};

}  // namespace tilesched
