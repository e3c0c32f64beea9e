// The --trace log's bounds (generate/TraceRecorder.h, support/Limits.h): entries, the units they
// list, and the cells of one verdict; what passes a bound is counted, and the kept entries stay a
// prefix, so they still replay the reservation table.
#include <catch2/catch.hpp>

#include "generate/TraceRecorder.h"
#include "support/Limits.h"

using namespace tilesched;

namespace {

TraceEntry commitOf(int op) { return plainEntry(4, TraceArm::Permute, op, 0, TraceOutcome::Commit, ""); }

}  // namespace

TEST_CASE("trace: a verdict keeps kMaxTraceCells conflicts and counts the rest") {
  TraceRecorder trace(true, 100);
  TraceEntry e = plainEntry(4, TraceArm::Permute, 0, 0, TraceOutcome::Bump, "");
  e.conflicts.assign(kMaxTraceCells + 8, TraceConflict{0, 0, {1}});
  trace.record(std::move(e));
  REQUIRE(trace.entries().size() == 1);
  CHECK(trace.entries()[0].conflicts.size() == kMaxTraceCells);
  CHECK(trace.entries()[0].conflictsDropped == 8);
}

TEST_CASE("trace: the units the kept entries list are bounded, and the kept entries stay a prefix") {
  TraceRecorder trace(true, 1000000);
  // Op 0 holds a unit for 250 cycles: its fifth commit would pass the bound of 1 000.
  trace.weighUnits({250, 1}, 1000);
  for (int i = 0; i < 4; ++i) trace.record(commitOf(0));
  CHECK(trace.entries().size() == 4);
  CHECK_FALSE(trace.full());
  trace.record(commitOf(0));
  trace.record(commitOf(1));  // light, but after a dropped entry: dropped too
  CHECK(trace.entries().size() == 4);
  CHECK(trace.dropped() == 2);
  CHECK(trace.full());
}
