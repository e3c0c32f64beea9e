// The --trace log of the cost-based generator: every arm attempt, gate verdict and rung, plus
// `commit` / `uncommit` / `clear` entries that replay the RRT at any step (apply them in order
// to an empty table of the entry's II). The log keeps the first `limit` entries; later ones are
// counted as dropped, so the kept prefix still replays exactly.
#pragma once

#include <string>
#include <vector>

#include "contract/ScheduleAnalysis.h"

namespace tilesched {

class TraceRecorder {
public:
  TraceRecorder(bool enabled, size_t limit) : enabled_(enabled), limit_(limit) {}

  // Callers test this before building reason strings.
  bool enabled() const { return enabled_; }
  void record(int ii, std::string arm, int op, int cycle, std::string gate, std::string outcome,
              std::string reason);

  std::vector<TraceEntry> &entries() { return entries_; }
  const std::vector<TraceEntry> &entries() const { return entries_; }
  size_t dropped() const { return dropped_; }

private:
  bool enabled_;
  size_t limit_;
  int steps_ = 0;
  std::vector<TraceEntry> entries_;
  size_t dropped_ = 0;
};

}  // namespace tilesched
