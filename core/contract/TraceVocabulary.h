// The words of the --trace log (docs/json-document.md, "trace"): who recorded an entry (arm),
// which admission check spoke (gate) and what happened (outcome). They are declared once, here:
// the generators record the enums, the JSON emitter writes their names, and the build exports
// the tables to TypeScript for the playground (tools/vocabulary/), so a renamed word reaches
// every reader. Header-only and dependency-free so that the exporter compiles it alone.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tilesched {

struct VocabularyWord {
  const char *name;     // the JSON value
  const char *meaning;  // one plain-language line for people (the playground shows it)
  const char *plain;    // the word as the playground shows it by default; `name` behind its expert view
};

// Who recorded the entry: a placement arm (seed 000), a rung of the strategy ladder (seed 001),
// or a phase of the cost-based generator around them.
enum class TraceArm : uint8_t {
  Permute,
  Fuse,
  Retry,
  CostBased,
  RauRefinement,
  DeepestRetry,
  InitialPlacement,
  CostBasedPlacement,
  Repair,
  Exact,
  Ladder,
  Refine,
  Optimality,
  Compaction,
  Bounds,
  Result,
};
inline constexpr VocabularyWord kTraceArms[] = {
    {"permute", "tries the orders of the ready group", "group orders"},
    {"fuse", "issues two compatible ops together", "pairing"},
    {"retry", "re-probes ops marked dead earlier", "retry"},
    {"cost-based", "ranks every (op, cycle) pair by cost", "cheapest cycle"},
    {"rau-refinement", "re-seats the previous II's order", "previous order"},
    {"deepest-retry", "seats the ops that failed first, deepest first", "hardest first"},
    {"initial-placement", "seats ready groups through the four arms", "group placement"},
    {"cost-based-placement", "seats one op at a time, cheapest arm first", "one op at a time"},
    {"repair", "seats by force and unseats what is in the way", "forced placement"},
    {"exact", "exhaustive search for a small loop", "exhaustive search"},
    {"ladder", "the strategy ladder at one candidate II", "strategy"},
    {"refine", "the II search and its rounds", "II search"},
    {"optimality", "the search for a schedule at a smaller II", "smaller-II search"},
    {"compaction", "the search for fewer stages at the II", "fewer stages"},
    {"bounds", "the lower bounds on the II", "lower bounds"},
    {"result", "the schedule kept", "result"},
};

// The admission check that gave the verdict (seed 000 gates G1-G4), the RRT probe of the rungs
// that bypass the gate ladder (iterative repair), or the dependence window.
enum class TraceGate : uint8_t { None, G1, G2, G3, G4, Probe, Dependence };
inline constexpr VocabularyWord kTraceGates[] = {
    {"-", "no gate", "none"},
    {"G1", "waits for its group leader (pending set)", "waits for leader"},
    {"G2", "deeper than its maximum depth", "too deep"},
    {"G3", "resource conflict in the reservation table", "resource busy"},
    {"G4", "its group sits at another stage", "group stage"},
    {"probe", "resource conflict found by the reservation-table probe", "resource busy"},
    {"dependence", "outside the cycles its dependences allow", "dependence"},
};

// What happened. `effect` says how the entry changes the replayed reservation table.
enum class TraceOutcome : uint8_t {
  Commit,
  Uncommit,
  Clear,
  Seat,
  Outranked,
  Hold,
  Dead,
  Bump,
  Reorder,
  Evict,
  Release,
  Accept,
  Reject,
  DesperateRetry,
  Scheduled,
  Failed,
  Refused,
  Infeasible,
  Found,
  Open,
  Round,
  Status,
  Lift,
  Mii,
  Schedule,
  Limit,
};
enum class TraceEffect : uint8_t { None, Add, Remove, Reset };
inline constexpr const char *kTraceEffectNames[] = {"none", "add", "remove", "reset"};
struct OutcomeWord {
  const char *name;
  const char *meaning;
  const char *plain;
  TraceEffect effect;
};
inline constexpr OutcomeWord kTraceOutcomes[] = {
    {"commit", "seated: its footprint enters the table", "placed", TraceEffect::Add},
    {"uncommit", "unseated: its footprint leaves the table", "removed", TraceEffect::Remove},
    {"clear", "the table is emptied", "table cleared", TraceEffect::Reset},
    {"seat", "every gate passes: this cycle is taken", "fits", TraceEffect::None},
    {"outranked", "every gate passes, but a cheaper cycle is taken", "fits, not cheapest", TraceEffect::None},
    {"hold", "held over to the next attempt", "held", TraceEffect::None},
    {"dead", "marked dead for this attempt", "given up", TraceEffect::None},
    {"bump", "moved on to the next cycle", "next cycle", TraceEffect::None},
    {"reorder", "its group is reordered", "reordered", TraceEffect::None},
    {"evict", "seated by force: the ops in the way are unseated", "forced in", TraceEffect::None},
    {"release", "goes ahead without its leader", "released", TraceEffect::None},
    {"accept", "the arm's proposal is taken", "accepted", TraceEffect::None},
    {"reject", "no seat found", "no seat", TraceEffect::None},
    {"desperate-retry", "dead marks wiped; retry and cost-based run again", "retry all", TraceEffect::None},
    {"scheduled", "every op is seated at this II", "scheduled", TraceEffect::None},
    {"failed", "an op could not be seated at this II", "failed", TraceEffect::None},
    {"refused", "the rung does not apply here", "not applicable", TraceEffect::None},
    {"infeasible", "no schedule exists at this II", "impossible", TraceEffect::None},
    {"found", "the exact search found a schedule at this II", "found", TraceEffect::None},
    {"open", "the search budget ran out before an answer", "undecided", TraceEffect::None},
    {"round", "one II tried", "II tried", TraceEffect::None},
    {"status", "how the II search ended", "search ended", TraceEffect::None},
    {"lift", "a constraint is set aside: no II up to the cap kept them all", "constraint set aside", TraceEffect::None},
    {"mii", "the lower bounds and the II cap", "lower bounds", TraceEffect::None},
    {"schedule", "the schedule kept", "schedule kept", TraceEffect::None},
    {"limit", "a buffer gets fewer slots so the loop fits the memory budget", "fewer slots", TraceEffect::None},
};

static_assert(std::size(kTraceArms) == static_cast<size_t>(TraceArm::Result) + 1);
static_assert(std::size(kTraceGates) == static_cast<size_t>(TraceGate::Dependence) + 1);
static_assert(std::size(kTraceOutcomes) == static_cast<size_t>(TraceOutcome::Limit) + 1);
static_assert(std::size(kTraceEffectNames) == static_cast<size_t>(TraceEffect::Reset) + 1);

inline const char *traceName(TraceArm a) { return kTraceArms[static_cast<size_t>(a)].name; }
inline const char *traceName(TraceGate g) { return kTraceGates[static_cast<size_t>(g)].name; }
inline const char *traceName(TraceOutcome o) { return kTraceOutcomes[static_cast<size_t>(o)].name; }
inline TraceEffect traceEffect(TraceOutcome o) { return kTraceOutcomes[static_cast<size_t>(o)].effect; }

}  // namespace tilesched
