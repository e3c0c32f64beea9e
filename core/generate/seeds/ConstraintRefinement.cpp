#include "generate/seeds/ConstraintRefinement.h"

#include <algorithm>
#include <map>

#include "generate/seeds/IISearch.h"

namespace tilesched {

namespace {
// An II whose reservation table would need more words than this is not probed (it fails): only
// recurrences of huge latency reach such IIs, and the serial schedule covers them.
constexpr int64_t kMaxTableWords = int64_t{1} << 24;

// One probe of the strategy ladder under at most half the work left when it starts, charged to
// the block's budget afterwards: a hard II cannot take the whole budget from the IIs above it, so
// when the budget ends the search holds the best schedule it found (docs/decisions.md, "Anytime
// answers"). `cut`: the probe's share ran out before it concluded.
LadderResult probeWithinShare(const IIContext &ctx, TraceRecorder &trace, const WarmStart &warm,
                              const LadderOptions &ladder, bool &cut) {
  WorkBudget *block = ladder.budget;
  if (!block || block->limit() <= 0) {
    LadderResult r = runStrategyLadder(ctx, trace, warm, ladder);
    cut = false;
    return r;
  }
  WorkBudget share(std::max<int64_t>(1, block->remaining() / 2));
  LadderOptions probe = ladder;
  probe.budget = &share;
  LadderResult r = runStrategyLadder(ctx, trace, warm, probe);
  block->spend(share.limit() - share.remaining());
  cut = !r.found && share.spent();
  return r;
}

// What stopped a round that found no schedule at `ii`.
IIAttempt roundAttempt(int ii, const LadderResult &r, bool cut) {
  IIAttempt a;
  a.ii = ii;
  if (cut) {
    a.result = IIAttempt::Result::CutShort;
    a.reason = "its share of the work budget ran out while this II was searched";
    return a;
  }
  a.result = r.provenInfeasible ? IIAttempt::Result::Infeasible : IIAttempt::Result::NotScheduled;
  if (r.failure) {
    a.op = r.failure->node;
    a.resource = r.failure->rejectingResource;
    a.reason = r.failure->message;
  } else {
    a.reason = "the reservation table of this II is too large to probe";
  }
  if (r.provenInfeasible) a.reason += "; the exact search then exhausted every placement";
  return a;
}
}  // namespace

RefinementOutcome refineSchedule(const ModuloProblem &p, const ResourceLayout &layout, int lower, int cap,
                                 const SerialFallback &serial, const ScheduleOptions &opts, const LadderOptions &ladder,
                                 TraceRecorder &trace) {
  RefinementOutcome out;
  IISearchDriver search(lower, cap, opts.iiSearch);
  WarmStart warm;
  struct Found {
    std::vector<int> start;
    std::string rung;
  };
  std::map<int, Found> found;
  int failedAt = 0;
  bool anyCut = false;
  while (std::optional<int> ii = search.next()) {
    if (out.rounds >= opts.maxConstraintIterations) {
      out.truncated = true;
      break;
    }
    if (ladder.budget && (ladder.budget->spent() || ladder.budget->remaining() <= 0)) {
      out.truncated = out.workSpent = true;
      break;
    }
    ++out.rounds;
    LadderResult r;
    bool cut = false;
    if (serial.available && *ii >= serial.ii) {
      // At or above the serial II the serial-execution schedule is valid: no table is needed.
      r.found = true;
      r.rung = "serial-fallback";
      r.start = serial.start;
    } else if (int64_t{*ii} * (2 * layout.words() + 2 * layout.numPools()) <= kMaxTableWords) {
      const IIContext ctx(p, layout, *ii);
      r = probeWithinShare(ctx, trace, warm, ladder, cut);
    }
    if (trace.enabled())
      trace.record(*ii, TraceArm::Refine, -1, -1, TraceOutcome::Round,
                   "round " + std::to_string(out.rounds) + ": II " + std::to_string(*ii) +
                       (r.found              ? " scheduled by " + r.rung
                        : cut                ? " cut short: its share of the work budget ran out"
                        : r.provenInfeasible ? " proven infeasible"
                                             : " not scheduled"));
    if (!r.found) out.unscheduled.push_back(roundAttempt(*ii, r, cut));
    // A cut probe proves nothing about its II; the search goes on above it as if it had failed,
    // and the result is no longer the smallest feasible II (status bit 0 stays clear).
    if (cut) out.truncated = out.workSpent = anyCut = true;
    search.feed(*ii, r.found);
    if (r.found) {
      found[*ii] = {r.start, r.rung};
    } else if (r.provenInfeasible) {
      out.provenInfeasible.push_back(*ii);
    }
    if (!r.found && *ii >= failedAt) {
      failedAt = *ii;
      out.failure = r.failure;
      out.provenInfeasibleAtFailure = r.provenInfeasible;
    }
    warm = std::move(r.next);
  }

  std::optional<int> best = search.concluded() ? search.result() : search.smallestFeasibleSoFar();
  if (best) {
    out.found = true;
    out.ii = *best;
    out.start = found[*best].start;
    out.rung = found[*best].rung;
  } else if (out.truncated && serial.available && serial.ii <= cap) {
    out.found = true;
    out.ii = serial.ii;
    out.start = serial.start;
    out.rung = "serial-fallback";
  }
  out.status = (search.concluded() && out.found && !anyCut ? 1u : 0u) | (out.truncated ? 2u : 0u);
  if (trace.enabled())
    trace.record(out.ii, TraceArm::Refine, -1, -1, TraceOutcome::Status,
                 "status " + std::to_string(out.status) + (out.status & 1u ? " converged" : "") +
                     (out.status & 2u ? " budget exceeded after " + std::to_string(out.rounds) + " round(s)" : ""));
  return out;
}

}  // namespace tilesched
