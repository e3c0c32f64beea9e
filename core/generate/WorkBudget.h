// The work budget of one block's cost-based generation (docs/decisions.md, "Limits"): a count of
// seat probes — one admission-gate check of one op at one candidate cycle — and exact-search
// extensions, across every candidate II, never wall time, so a spent budget stops at the same
// point on every machine and the output stays deterministic. Without it a large block with a
// wide II range can run for minutes (SPEC §2: the tool never hangs).
#pragma once

#include <cstdint>

namespace tilesched {

class WorkBudget {
public:
  explicit WorkBudget(int64_t limit) : limit_(limit) {}  // limit <= 0: unlimited

  // Charges one probe; false (and nothing charged) once the budget is spent.
  bool spend() {
    if (limit_ > 0 && used_ >= limit_) {
      spent_ = true;
      return false;
    }
    ++used_;
    return true;
  }
  bool spent() const { return spent_; }
  int64_t limit() const { return limit_; }

private:
  int64_t limit_;
  int64_t used_ = 0;
  bool spent_ = false;
};

}  // namespace tilesched
