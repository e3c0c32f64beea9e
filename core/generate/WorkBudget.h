// The work budget of one block's cost-based generation (docs/decisions.md, "Limits"): a count of
// work units — one seat probe (one admission-gate check of one op at one candidate cycle), one
// exact-search extension, the reservation-table cells a probe or fit scan meets, or the SAT
// solver's clauses and conflicts, each at the rate that makes a unit cost about a seat probe's
// time ("Work budget", "Exact II by SAT") — across every candidate II, never wall
// time, so a spent budget stops at the same point on every machine and the output stays
// deterministic. Without it a large block with a wide II range can run for minutes (SPEC §2: the
// tool never hangs).
#pragma once

#include <cstdint>
#include <limits>

namespace tilesched {

class WorkBudget {
public:
  // Reservation-table cells (a footprint run, or a table segment it meets) per work unit: a seat
  // probe of a few-row footprint meets about this many.
  static constexpr int64_t kScanCellsPerUnit = 16;

  explicit WorkBudget(int64_t limit) : limit_(limit) {}  // limit <= 0: unlimited

  // Charges `units`; false (and nothing charged) when fewer are left, which spends the budget.
  bool spend(int64_t units = 1) {
    if (units > remaining()) {
      spent_ = true;
      return false;
    }
    used_ += units;
    return true;
  }
  // Work that does not fit in what is left ends there: all of it is charged.
  void spendAll() {
    if (limit_ > 0) used_ = limit_;
    spent_ = true;
  }
  // The units left to charge (the largest int64_t when unlimited).
  int64_t remaining() const { return limit_ > 0 ? limit_ - used_ : std::numeric_limits<int64_t>::max(); }
  bool spent() const { return spent_; }
  int64_t limit() const { return limit_; }

private:
  int64_t limit_;
  int64_t used_ = 0;
  bool spent_ = false;
};

}  // namespace tilesched
