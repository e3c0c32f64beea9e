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
    {"permute", "tries the orders of the ready group"},
    {"fuse", "issues two compatible ops together"},
    {"retry", "re-probes ops marked dead earlier"},
    {"cost-based", "ranks every (op, cycle) pair by cost"},
    {"rau-refinement", "re-seats the previous II's order"},
    {"deepest-retry", "seats the ops that failed first, deepest first"},
    {"initial-placement", "seats ready groups through the four arms"},
    {"cost-based-placement", "seats one op at a time, cheapest arm first"},
    {"repair", "seats by force and unseats what is in the way"},
    {"exact", "exhaustive search for a small loop"},
    {"ladder", "the strategy ladder at one candidate II"},
    {"refine", "the II search and its rounds"},
    {"optimality", "the search for a schedule at a smaller II"},
    {"compaction", "the search for fewer stages at the II"},
    {"bounds", "the lower bounds on the II"},
    {"result", "the schedule kept"},
};

// The admission check that gave the verdict (seed 000 gates G1-G4), the RRT probe of the rungs
// that bypass the gate ladder (iterative repair), or the dependence window.
enum class TraceGate : uint8_t { None, G1, G2, G3, G4, Probe, Dependence };
inline constexpr VocabularyWord kTraceGates[] = {
    {"-", "no gate"},
    {"G1", "waits for its group leader (pending set)"},
    {"G2", "deeper than its maximum depth"},
    {"G3", "resource conflict in the reservation table"},
    {"G4", "its group sits at another stage"},
    {"probe", "resource conflict found by the reservation-table probe"},
    {"dependence", "outside the cycles its dependences allow"},
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
  TraceEffect effect;
};
inline constexpr OutcomeWord kTraceOutcomes[] = {
    {"commit", "seated: its footprint enters the table", TraceEffect::Add},
    {"uncommit", "unseated: its footprint leaves the table", TraceEffect::Remove},
    {"clear", "the table is emptied", TraceEffect::Reset},
    {"seat", "every gate passes: this cycle is taken", TraceEffect::None},
    {"outranked", "every gate passes, but a cheaper cycle is taken", TraceEffect::None},
    {"hold", "held over to the next attempt", TraceEffect::None},
    {"dead", "marked dead for this attempt", TraceEffect::None},
    {"bump", "moved on to the next cycle", TraceEffect::None},
    {"reorder", "its group is reordered", TraceEffect::None},
    {"evict", "seated by force: the ops in the way are unseated", TraceEffect::None},
    {"release", "goes ahead without its leader", TraceEffect::None},
    {"accept", "the arm's proposal is taken", TraceEffect::None},
    {"reject", "no seat found", TraceEffect::None},
    {"desperate-retry", "dead marks wiped; retry and cost-based run again", TraceEffect::None},
    {"scheduled", "every op is seated at this II", TraceEffect::None},
    {"failed", "an op could not be seated at this II", TraceEffect::None},
    {"refused", "the rung does not apply here", TraceEffect::None},
    {"infeasible", "no schedule exists at this II", TraceEffect::None},
    {"found", "the exact search found a schedule at this II", TraceEffect::None},
    {"open", "the search budget ran out before an answer", TraceEffect::None},
    {"round", "one II tried", TraceEffect::None},
    {"status", "how the II search ended", TraceEffect::None},
    {"lift", "a constraint is set aside: no II up to the cap kept them all", TraceEffect::None},
    {"mii", "the lower bounds and the II cap", TraceEffect::None},
    {"schedule", "the schedule kept", TraceEffect::None},
    {"limit", "a buffer gets fewer slots so the loop fits the memory budget", TraceEffect::None},
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
