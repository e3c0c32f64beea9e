// The fewest stages at a fixed II (generate/compaction/StageCompaction.h) and the SAT solver's windows
// question behind it (generate/sat/SatExact.h, solveWindowsBySat), against an enumeration of every
// start cycle on small random loops: the solver's verdicts are the enumeration's, the
// compaction's stage bound never passes the true fewest and, where it says proven, the schedule
// has exactly that many, and every schedule kept is valid; a solver's schedule is kept only once
// the independent checker accepts it.
#include <catch2/catch.hpp>

#include <functional>

#include "CostFixtures.h"
#include "generate/GenerateSchedule.h"
#include "generate/compaction/SaturatedTiling.h"
#include "generate/seeds/MiiBounds.h"
#include "generate/sat/SatExact.h"

using namespace tilesched;
using namespace tilesched::test;

namespace {

// Every op's start cycle in [lo, hi], by depth-first enumeration in op order with the edges
// between placed ops, same-depth groups (one stage) and the units per modulo row checked as each
// op is placed. Written from the problem's definition, not from core/generate's searches.
class Enumeration {
public:
  Enumeration(const ModuloProblem &p, int ii, std::vector<int64_t> lo, std::vector<int64_t> hi)
      : p_(p), ii_(ii), lo_(std::move(lo)), hi_(std::move(hi)), t_(p.numNodes), used_(p.capacity.size()) {
    for (auto &rows : used_) rows.assign(ii, 0);
  }

  bool feasible() { return place(0); }

  // Whether `start` keeps every edge, group, window and row capacity.
  bool accepts(const std::vector<int> &start) {
    for (auto &rows : used_) std::fill(rows.begin(), rows.end(), 0);
    for (int v = 0; v < p_.numNodes; ++v) {
      if (start[v] < lo_[v] || start[v] > hi_[v]) return false;
      t_[v] = start[v];
    }
    for (int v = 0; v < p_.numNodes; ++v)
      if (!fits(v, v + 1) || !hold(v, 1)) return false;
    return true;
  }

private:
  bool place(int v) {
    if (v == p_.numNodes) return true;
    for (int64_t t = lo_[v]; t <= hi_[v]; ++t) {
      t_[v] = t;
      if (!fits(v, v)) continue;
      const bool ok = hold(v, 1);
      if (ok && place(v + 1)) return true;
      hold(v, -1);
    }
    return false;
  }

  // Edges and groups between v and the ops before `placed`.
  bool fits(int v, int placed) const {
    for (const ModuloEdge &e : p_.edges) {
      const bool both = (e.src == v && (e.dst < placed || e.dst == v)) || (e.dst == v && e.src < placed);
      if (both && t_[e.dst] < t_[e.src] + e.latency - int64_t{ii_} * e.distance) return false;
    }
    for (int u = 0; u < placed; ++u)
      if (u != v && p_.group[v] >= 0 && p_.group[u] == p_.group[v] && t_[u] / ii_ != t_[v] / ii_) return false;
    return true;
  }

  // Adds (sign 1) or removes v's units; false when adding overfills a row (the units stay added).
  bool hold(int v, int sign) {
    bool ok = true;
    for (size_t k = 0; k < p_.footprint[v].size(); ++k)
      for (int r : p_.footprint[v][k]) {
        int &u = used_[r][(t_[v] + static_cast<int64_t>(k)) % ii_];
        u += sign;
        ok = ok && u <= p_.capacity[r];
      }
    return ok;
  }

  const ModuloProblem &p_;
  const int ii_;
  std::vector<int64_t> lo_, hi_, t_;
  std::vector<std::vector<int>> used_;
};

// The windows of a horizon of `stages` stages from cycle 0: each op completes by its end, and a
// max_depth op starts within its first stages.
void horizon(const ModuloProblem &p, int ii, int stages, std::vector<int64_t> &lo, std::vector<int64_t> &hi) {
  lo.assign(p.numNodes, 0);
  hi.assign(p.numNodes, 0);
  for (int v = 0; v < p.numNodes; ++v) {
    hi[v] = int64_t{stages} * ii - p.completion(v);
    if (p.maxDepth[v] > 0) hi[v] = std::min<int64_t>(hi[v], int64_t{p.maxDepth[v]} * ii - 1);
  }
}

// The fewest stages of any schedule at `ii`, up to `most` (most + 1 when none has that few).
int fewestStages(const ModuloProblem &p, int ii, int most) {
  for (int stages = 1; stages <= most; ++stages) {
    std::vector<int64_t> lo, hi;
    horizon(p, ii, stages, lo, hi);
    if (Enumeration(p, ii, lo, hi).feasible()) return stages;
  }
  return most + 1;
}

ScheduleOptions costBased(int64_t proofBudget = options::kDefaultProofBudget,
                          int64_t compactionBudget = options::kDefaultCompactionBudget) {
  ScheduleOptions out;
  out.generator = ScheduleOptions::Generator::CostBased;
  out.proofBudget = proofBudget;
  out.compactionBudget = compactionBudget;
  return out;
}

RandomLoopSpec smallSpec() {
  RandomLoopSpec spec;
  spec.ops = 5;
  spec.maxFootprintRows = 3;
  spec.maxLatency = 3;
  spec.carriedEdge = 0.15;
  spec.grouped = 0.25;
  spec.maxDepth = 0.15;
  return spec;
}

// Every question of `seeds` random loops: each II from the lower bound to `iis` above it where
// no op's fold is rejected, each horizon of 1 to 3 stages.
void forEachHorizon(const RandomLoopSpec &spec, uint64_t seeds, int iis,
                    const std::function<void(const RandomLoop &, const IIContext &, int, std::vector<int64_t> &,
                                             std::vector<int64_t> &)> &ask) {
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ModuloProblem p = loop.input();
    const MiiAnalysis mii = computeMiiBounds(p);
    if (mii.infeasible) continue;
    for (int ii = mii.bounds.lower(); ii <= mii.bounds.lower() + iis; ++ii) {
      const ResourceLayout layout(p.capacity);
      const IIContext ctx(p, layout, ii);
      if (ctx.rejectNode >= 0) continue;
      for (int stages = 1; stages <= 3; ++stages) {
        std::vector<int64_t> lo, hi;
        horizon(p, ii, stages, lo, hi);
        INFO("seed " << seed << " II " << ii << " stages " << stages);
        ask(loop, ctx, stages, lo, hi);
      }
    }
  }
}

}  // namespace

TEST_CASE("the SAT solver's windows question agrees with an enumeration of every start cycle", "[cost][compaction]") {
  int feasible = 0, infeasible = 0;
  forEachHorizon(
      smallSpec(), 150, 1,
      [&](const RandomLoop &loop, const IIContext &ctx, int, std::vector<int64_t> &lo, std::vector<int64_t> &hi) {
        const ModuloProblem &p = ctx.problem;
        const int ii = ctx.ii;
        Enumeration all(p, ii, lo, hi);
        const bool expect = all.feasible();
        const SatAnswer a = solveWindowsBySat(ctx, lo, hi, 1000000, nullptr);
        REQUIRE(a.verdict != SatVerdict::Unknown);
        CHECK((a.verdict == SatVerdict::Feasible) == expect);
        if (a.verdict != SatVerdict::Feasible) {
          ++infeasible;
          return;
        }
        ++feasible;
        CHECK(all.accepts(a.start));
        CHECK(checkStarts(loop, ii, a.start).empty());
      });
  CHECK(feasible > 50);
  CHECK(infeasible > 50);
}

TEST_CASE("the compaction's stage bound never passes the fewest stages, and proven means reached",
          "[cost][compaction]") {
  RandomLoopSpec spec = smallSpec();
  spec.ops = 6;
  DiagnosticEngine diags;
  int blocks = 0, proven = 0, compacted = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ScheduleAnalysis a = generateCostBasedSchedule(loop.input(), costBased(), diags);
    if (!a.valid) continue;
    const ModuloProblem p = loop.input();
    const int fewest = fewestStages(p, a.ii, a.stageCount);
    INFO("seed " << seed << " II " << a.ii);
    ++blocks;
    // The schedule kept (a list schedule, the search's or the solver's) keeps every edge, group
    // and row within its stage count.
    std::vector<int64_t> lo, hi;
    horizon(p, a.ii, a.stageCount, lo, hi);
    std::vector<int> start;
    for (const OpSchedule &op : a.ops) start.push_back(op.cycle);
    CHECK(Enumeration(p, a.ii, lo, hi).accepts(start));
    CHECK(fewest <= a.stageCount);
    CHECK(a.optimality.stageBound <= fewest);
    if (a.optimality.stagesProven) {
      ++proven;
      CHECK(a.stageCount == fewest);
    }
    if (a.compaction.stagesTo < a.compaction.stagesFrom) ++compacted;
  }
  CHECK(blocks > 100);
  CHECK(proven == blocks);  // on loops this small the search and the solver decide every count
  CHECK(compacted > 5);
}

TEST_CASE("a compaction built on the solver's schedule is kept only once the independent checker accepts it",
          "[cost][compaction]") {
  // A search budget of 4 nodes leaves most gaps to the solver (a quarter of it: one conflict);
  // without the II proof the checker sees compactions only.
  RandomLoopSpec spec = smallSpec();
  spec.ops = 7;
  const ScheduleOptions options = costBased(0, 4), seedsOnly = costBased(0, 0);
  DiagnosticEngine diags;
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    const RandomLoop loop = makeRandomLoop(spec, seed);
    const ModuloProblem in = loop.input();
    ScriptedCheck check;
    int calls = 0;
    check.verdict = [&](const ScheduleAnalysis &proposed) {
      ++calls;
      CHECK(proposed.valid);
      return true;
    };
    const ScheduleAnalysis accepted = generateCostBasedSchedule(in, options, diags, &check);
    if (calls == 0) continue;
    const ScheduleAnalysis seeds = generateCostBasedSchedule(loop.input(), seedsOnly, diags);
    INFO("seed " << seed);
    CHECK(calls == 1);
    CHECK(std::make_pair(accepted.stageCount, accepted.compaction.crossingsTo) <
          std::make_pair(seeds.stageCount, seeds.compaction.crossingsFrom));
    check.verdict = [](const ScheduleAnalysis &) { return false; };
    const ScheduleAnalysis rejected = generateCostBasedSchedule(in, options, diags, &check);
    CHECK(rejected.ii == seeds.ii);
    CHECK(rejected.stageCount == seeds.stageCount);
    CHECK(rejected.optimality.stageBound == seeds.optimality.stageBound);
    CHECK(hasNote(rejected, "stage compaction's schedule"));
    return;
  }
  FAIL("no random loop where the compaction keeps a schedule the solver found");
}

TEST_CASE("a windows question whose model would pass the clause cap stays open and leaves the budget",
          "[cost][compaction]") {
  RandomLoopSpec spec;
  spec.ops = 3000;
  spec.slots = 16;
  spec.poolCaps = {};
  spec.maxFootprintRows = 1;
  spec.forwardEdge = 0.0;
  spec.carriedEdge = 0.0;
  const RandomLoop loop = makeRandomLoop(spec, 7);
  const ModuloProblem p = loop.input();
  const ResourceLayout layout(p.capacity);
  const int ii = 200;
  const IIContext ctx(p, layout, ii);
  REQUIRE(ctx.rejectNode < 0);
  std::vector<int64_t> lo, hi;
  horizon(p, ii, 8, lo, hi);  // 3,000 order-encoded windows of about 1,600 cycles: millions of clauses
  WorkBudget budget(100000000);
  const SatAnswer a = solveWindowsBySat(ctx, lo, hi, 1000, &budget);
  INFO(a.clauses << " clauses");
  CHECK(a.verdict == SatVerdict::Unknown);
  CHECK(a.tooLarge);
  CHECK_FALSE(a.workSpent);
  CHECK_FALSE(budget.spent());  // the rest of the block's work goes on
  CHECK(satOpenReason(a) == "the SAT model would exceed 1000000 clauses");
}

TEST_CASE("a saturated one-unit slot's tiling refutes only windows no schedule fits", "[cost][compaction]") {
  // One slot, footprints of one to three rows: at the resource bound the slot's rows are often
  // exactly filled. Every refutation is checked against the enumeration of every start cycle.
  RandomLoopSpec spec = smallSpec();
  spec.slots = 1;
  spec.poolCaps = {};
  spec.grouped = 0;
  spec.maxDepth = 0;
  int refuted = 0, open = 0;
  forEachHorizon(
      spec, 400, 0,
      [&](const RandomLoop &, const IIContext &ctx, int, std::vector<int64_t> &lo, std::vector<int64_t> &hi) {
        if (saturatedTilingRefutes(ctx, lo, hi)) {
          ++refuted;
          CHECK_FALSE(Enumeration(ctx.problem, ctx.ii, lo, hi).feasible());
        } else {
          ++open;
        }
      });
  CHECK(refuted > 20);
  CHECK(open > 20);
}

TEST_CASE("a saturated slot proves the stage bound where the search and the solver have no budget",
          "[cost][compaction]") {
  // moe-gather's loop under blackwell-measured, its cycles divided by about 30: four TMA ops
  // fill the slot's 61 rows (1 + 13 + 13 + 34), and the chain load -> gather -> dot -> store
  // leaves 3 stages too little slack for any order of their runs around the ring.
  LoopBuilder b;
  const int tma = b.slot("tma");
  auto rows = [&](int n) { return Footprint(size_t(n), FootprintRow{tma}); };
  const int load = b.op(15, rows(1)), wait0 = b.op(1), gather = b.op(28, rows(13)), tile = b.op(28, rows(13));
  const int wait1 = b.op(1), wait2 = b.op(1), dot = b.op(44), wait3 = b.op(1), trunc = b.op(1);
  const int store = b.op(62, rows(34));
  b.edge(load, wait0, 15);
  b.edge(wait0, gather, 1);
  b.edge(wait0, store, 1);
  b.edge(gather, wait1, 28);
  b.edge(tile, wait2, 28);
  b.edge(wait1, dot, 1);
  b.edge(wait2, dot, 1);
  b.edge(dot, wait3, 44);
  b.edge(wait3, trunc, 1);
  b.edge(trunc, store, 1);
  b.edge(store, store, 1, 1);
  const RandomLoop &loop = b.build();
  DiagnosticEngine diags;
  const ScheduleAnalysis a = generateCostBasedSchedule(loop.input(), costBased(0, 4), diags);
  REQUIRE(a.valid);
  CHECK(a.ii == 61);
  CHECK(a.optimality.stageBound == 4);
  CHECK(a.optimality.stagesProven);
  CHECK(a.stageCount == 4);
}
