// ScheduleAnalysis: the one hand-off object between generation and materialization (seed 003),
// with what generation reads besides the problem (ScheduleOptions; the problem is
// contract/ModuloProblem.h). It lives in core/contract, not in core/generate: both generators
// publish it, and check/ and materialize/ read it without depending on generator code
// (docs/architecture.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "constraints/Constraints.h"
#include "contract/Options.generated.h"
#include "contract/TraceVocabulary.h"
#include "graph/DependenceGraph.h"
#include "support/Diagnostics.h"
#include "support/Limits.h"
#include "target/TargetModel.h"

namespace tilesched {

enum class GeneratorKind { Serial, CostBased };
const char *generatorName(GeneratorKind g);

enum class IISearch { Linear, Galloping };

// The defaults come from the option table (core/contract/options.json; docs/decisions.md says
// why each).
struct ScheduleOptions {
  enum class Generator { Auto, Serial, CostBased } generator = Generator::Auto;
  int serialThreshold = options::kDefaultSerialThreshold;                  // seed 000 selection predicate
  int maxConstraintIterations = options::kDefaultMaxConstraintIterations;  // the sources say 10 and 16
  int iiCap = options::kDefaultIiCap;                                      // 0 = automatic
  IISearch iiSearch = IISearch::Galloping;
  bool trace = options::kDefaultTrace;
  size_t traceLimit = 20000;                         // entries kept per block; the rest are counted as dropped
  size_t traceUnitLimit = kMaxTraceUnits;            // units the kept entries may list (commits, cells, conflicts)
  int64_t workBudget = options::kDefaultWorkBudget;  // seat probes per block, cost-based generator (0 = unlimited)
  int64_t proofBudget =
      options::kDefaultProofBudget;  // exact-search nodes per block for the optimality proof (0 = none)
  int64_t compactionBudget =
      options::kDefaultCompactionBudget;                // exact-search nodes per block for the fewest stages (0 = none)
  bool tritonLatency = options::kDefaultTritonLatency;  // tt.latency moves users to later stages
  bool operator==(const ScheduleOptions &) const = default;
};

struct RegionSummary {
  bool hasTma = false;
  bool hasWgmma = false;
  bool hasAsyncPipeline = false;
  bool forceSerial = false;  // on the scf.for or on an op of the block
  int opCount = 0;           // the block's ops as written
  int opCountLowered = 0;    // as TileAS sees them after lowering (what the threshold is compared with)
};

// Why the selection predicate (seed 000) chose its generator: the rule that matched and what it
// compared. The JSON `selection` block, the table header and the playground say it in words.
enum class SelectionRule {
  Requested,       // --generator=serial|cost-based: the predicate is bypassed
  ForceSerial,     // force_serial_execution on the loop
  BelowThreshold,  // fewer ops than the serial threshold
  NoAsyncOp,       // no TMA, WGMMA or async-pipeline op
  Eligible,        // none of the above: the cost-based generator
};
const char *selectionRuleName(SelectionRule r);

struct GeneratorSelection {
  GeneratorKind generator = GeneratorKind::Serial;
  SelectionRule rule = SelectionRule::Requested;
  RegionSummary summary;    // what the predicate saw
  int serialThreshold = 0;  // the threshold it compared the op count with
  // What would give a modulo schedule when `generator` is serial: asking for the cost-based
  // generator; a serial threshold of at most `thresholdAtMost` (0: lowering it would not help);
  // removing force_serial_execution.
  bool requestCostBased = false;
  int thresholdAtMost = 0;
  bool removeForceSerial = false;
};

// Plain words, no option names: "7 ops, under the serial threshold of 8".
std::string selectionReason(const GeneratorSelection &s);
// How to get a modulo schedule instead, in plain words; "" when the choice is the cost-based one.
std::string selectionRemedy(const GeneratorSelection &s);

struct MIIBounds {
  int resource = 0;
  int recurrence = 0;
  int fineDensity = 0;
  int dependency = 0;
  std::string resourceBinding;     // name of the binding slot/pool ("" when none)
  std::vector<int> criticalCycle;  // node ids of the critical recurrence, in cycle order
  // The edge from each op of criticalCycle to the next (an index into the dependence graph's
  // edges; past them, a force_serial_execution ordering).
  std::vector<int> criticalEdges;
  // What makes the resource bound: the ops that hold the binding resource, in program order, with
  // the units each holds per iteration; their sum over the capacity, rounded up, is `resource`.
  struct Share {
    int op = 0;
    int units = 0;
  };
  std::vector<Share> bindingShares;
  int bindingCapacity = 0;
  int lower() const;
};

// Beyond the seeds: how the II compares with the best possible (docs/decisions.md, "Optimality").
// Proven: no schedule exists at any smaller II. Bound: a lower bound below the II is proven.
// Unknown: no lower bound (the serial generator, or no schedule).
enum class Optimality { Unknown, Bound, Proven };
const char *optimalityName(Optimality o);

struct OptimalityCertificate {
  Optimality status = Optimality::Unknown;
  int lowerBound = 0;  // no schedule exists at any II below it (0 when unknown)
  // The same for length at the II (docs/decisions.md, "Fewest stages"): no schedule at this II
  // has fewer stages than stageBound; stagesProven when the schedule has that many.
  int stageBound = 0;
  bool stagesProven = false;
};

// Beyond the seeds: the stage compaction after the II is fixed (docs/decisions.md, "Fewest
// stages"). `from` is the II search's schedule, `to` the one published; crossings count the
// stage boundaries the ops' results cross before their last use (the buffers they need).
struct StageCompactionReport {
  bool ran = false;  // false: --compaction-budget=0, the II search's schedule as it is
  int stagesFrom = 0, stagesTo = 0;
  int64_t crossingsFrom = 0, crossingsTo = 0;
};

struct OpSchedule {
  int stage = 0;
  int order = 0;
  int cycle = 0;
};

// A resource conflict behind a G3 or probe verdict: the candidate overfills `resource` in
// modulo row `row`, whose units `ops` hold (one id per unit, in commit order).
struct TraceConflict {
  int row = 0;
  int resource = 0;
  std::vector<int> ops;
};

// One side of an op's dependence window: the seated op `other` allows the candidate no earlier
// (or no later) than `cycle`, through edge `edge` of the modulo problem (-1: a path through
// unseated ops; `path`: the edge is followed by such a path). other == -1: the op's depth floor.
struct TraceBound {
  bool latest = false;
  int cycle = 0;
  int other = -1;
  int edge = -1;
  bool path = false;
};

// One arm attempt, gate verdict or table change (seeds 000/001), recorded with --trace. The
// words are the vocabulary of contract/TraceVocabulary.h; the details depend on the gate.
struct TraceEntry {
  int step = 0;  // position in the trace
  int ii = 0;    // candidate II at this step
  TraceArm arm = TraceArm::Ladder;
  int op = -1;       // node id, -1 when not about one op
  int partner = -1;  // fused partner issued with `op` at the same cycle
  int cycle = -1;    // candidate start cycle
  TraceGate gate = TraceGate::None;
  TraceOutcome outcome = TraceOutcome::Status;
  bool trial = false;       // an arm evaluating an alternative, undone before anything is kept
  bool freshTable = false;  // the first entry on a new (empty) reservation table
  std::string reason;
  int leader = -1;                       // G1: the op it waits for
  int stage = -1, limit = -1;            // G2: candidate stage, max_depth; G4: candidate stage, the group's stage
  std::vector<TraceConflict> conflicts;  // G3 / probe: the cells the candidate overfills, at most kMaxTraceCells
  size_t conflictsDropped = 0;           //   and how many more there were
  std::vector<TraceBound> bounds;        // dependence: the bounds that leave no cycle (or the one broken)
};

// Structured failure report (seed 001 diagnostics list).
// A generator's remark, surfaced as a note diagnostic: its text and, when the text names an
// option, the same as data.
struct AnalysisNote {
  std::string text;
  MessageData data;
  AnalysisNote(std::string text, MessageData data = {}) : text(std::move(text)), data(std::move(data)) {}
};

struct PlacementFailure {
  int ii = 0;
  int node = -1;
  int duration = 0;
  Footprint footprint;
  struct RowState {
    int row = 0;                         // modulo cycle
    std::vector<std::string> occupants;  // "resource: op#i" per held unit
  };
  std::vector<RowState> rows;
  int windowEarliest = 0;  // dependence window of the op at this II
  int windowLatest = 0;
  std::string rejectingResource;  // slot or pool that vetoed the last candidate ("" if none)
  uint32_t group = 0;
  int stage = -1;
  int order = -1;
  std::string message;
  MessageData data;  // `message` as data, when it names an option (support/Diagnostics.h)
};

// A depth constraint that a refinement round lifted because no II up to the cap kept it (seed
// 003: "a later refinement round can lift it when the schedule becomes infeasible").
struct LiftedConstraint {
  enum class Kind { MaxDepth, SameDepth };
  Kind kind = Kind::MaxDepth;
  std::vector<int> nodes;  // the op with max_depth, or every op of the same-depth group
  uint32_t value = 0;      // the max_depth, or the group's DSU root gid
  int bound = 1;           // the smallest II the constraint alone allows (its dependency bound)
};

// Why an II below the schedule's has no schedule, as the II search and the optimality proof left
// it (docs/json-document.md, "below"): the playground's "why this II" reads it.
struct IIAttempt {
  enum class Result {
    Infeasible,    // proven: no schedule exists at this II
    NotScheduled,  // the placement heuristics gave up; a schedule may exist
    CutShort,      // a budget ran out while this II was searched; a schedule may exist
  };
  int ii = 0;
  Result result = Result::NotScheduled;
  int op = -1;           // NotScheduled: the op the placement failed on (-1: none named)
  std::string resource;  // NotScheduled: the slot or pool that vetoed its last seat ("" if none)
  std::string reason;    // in words: what proved it, or where the placement stopped
};
const char *iiAttemptResultName(IIAttempt::Result r);

struct ScheduleAnalysis {
  GeneratorKind generator = GeneratorKind::Serial;
  std::optional<GeneratorSelection> selection;  // why `generator`; set by generateSchedule only
  bool valid = false;
  int ii = 0;
  int stageCount = 0;
  std::vector<OpSchedule> ops;    // per node
  std::vector<int> orderedNodes;  // nodes sorted by (stage, order)
  std::optional<MIIBounds> mii;   // cost-based only
  OptimalityCertificate optimality;
  StageCompactionReport compaction;
  uint32_t refinementStatus = 0;  // bit 0 converged, bit 1 budget exceeded (seed 003)
  bool budgetTruncated = false;
  int refinementRounds = 0;
  std::vector<TraceEntry> trace;
  size_t traceDropped = 0;
  int64_t workUsed = 0;          // units of the work budget the cost-based generator charged
  size_t traceUnits = 0;         // units the kept entries list (TraceRecorder)
  std::vector<IIAttempt> below;  // the IIs below `ii` that were searched, ascending; untried ones absent
  std::optional<PlacementFailure> failure;
  std::vector<LiftedConstraint> lifted;  // in round order; the checker checks the rest
  std::vector<AnalysisNote> notes;       // generator remarks surfaced as diagnostics
};

}  // namespace tilesched
