#include "generate/seeds/IISearch.h"

#include <algorithm>

namespace tilesched {

IISearchDriver::IISearchDriver(int lower, int cap, IISearch mode)
    : lower_(lower), cap_(cap), phase_(Phase::Gallop), cursor_(lower), lo_(lower), hi_(lower) {
  if (lower > cap) conclude(std::nullopt);
  else if (mode == IISearch::Linear) startFill(cap + 1, std::nullopt);  // every II up to the cap
}

std::optional<int> IISearchDriver::smallestFeasibleSoFar() const {
  for (const auto &[ii, ok] : probed_)
    if (ok) return ii;
  return std::nullopt;
}

std::optional<int> IISearchDriver::next() {
  for (;;) {
    switch (phase_) {
    case Phase::Done: return std::nullopt;
    case Phase::Gallop: {
      auto it = probed_.find(hi_);
      if (it == probed_.end()) return hi_;
      if (it->second) {
        phase_ = Phase::Bisect;
        lo_ = lower_;
      } else if (hi_ >= cap_) {
        startFill(cap_ + 1, std::nullopt);  // galloping missed every feasible point, if any
      } else {
        hi_ = static_cast<int>(std::min<int64_t>(cap_, std::max<int64_t>(int64_t{hi_} * 2, int64_t{hi_} + 1)));
      }
      break;
    }
    case Phase::Bisect: {
      if (lo_ >= hi_) {
        startFill(hi_, hi_);
        break;
      }
      const int mid = lo_ + (hi_ - lo_) / 2;
      auto it = probed_.find(mid);
      if (it == probed_.end()) return mid;
      if (it->second) hi_ = mid;
      else lo_ = mid + 1;
      break;
    }
    case Phase::Fill: {
      if (cursor_ >= fillEnd_) {
        conclude(fillFallback_);
        break;
      }
      auto it = probed_.find(cursor_);
      if (it == probed_.end()) return cursor_;
      if (it->second) conclude(cursor_);
      else ++cursor_;
      break;
    }
    }
  }
}

}  // namespace tilesched
