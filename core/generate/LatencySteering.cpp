// Triton's latency steering (`tt.latency`, or the stages Triton's pipeliner gives the loads it
// pipelines): after a generator has scheduled a block, ops move to later stages, by whole
// multiples of II, until the users of every op with a latency of L start at least L stages after it. A multiple of II
// keeps every op's modulo row, so the reservation table is unchanged; the shifts are the least solution of difference
// constraints (each dependence edge, each latency), found by longest-path relaxation. A moved op then starts as early
// as its stage gaps, its incoming edges and the table allow (settleMovedOps). II never changes. See
// docs/decisions.md ("Triton's schedule beside ours"). Only the latencies are Triton's, and
// frontend/triton/AssignLatencies decides them; this moves a generated schedule's ops under any
// per-op stage latencies, through the generators' reservation table, so it is a generate/ step.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "generate/GenerateSchedule.h"
#include "generate/PublishSchedule.h"
#include "generate/seeds/ReservationTable.h"
#include "support/Limits.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

struct StageConstraint {
  int from, to;
  int64_t gap;  // shift(to) >= shift(from) + gap
};

// A shift keeps an op's row, so a user moved L stages after its load keeps the row of its
// generated start and may run its latency into one stage more than the gap needs. Each moved op,
// earliest first, takes the earliest cycle its incoming edges, its stage gaps and the reservation
// table allow. Starting earlier never breaks an outgoing edge or gap, so the order is free. Ops of
// a same-depth group, force-serial ops and pending ops stay where the shift put them. A lifetime
// edge from a moved reader back to its producer (buffers' slot limit) would hold the producer
// where the reader was shifted, and the reader cannot settle before the producer does: it is left
// to the reader, which settles later in this order, and to the checker, which keeps the shifted
// schedule when the reader could not follow.
void settleMovedOps(const ModuloProblem &p, const DependenceGraph &g, int ii, const std::vector<int> &stageLatency,
                    const std::vector<int64_t> &shift, std::vector<int> &start) {
  const int n = p.numNodes;
  if (p.regionForceSerial) return;
  auto rowOf = [ii](int64_t t) { return static_cast<int>(moduloRow(t, 0, ii)); };
  const ResourceLayout layout(p.capacity);
  ReservationTable rrt(layout, ii);
  std::vector<FoldedFootprint> folded;
  for (int v = 0; v < n; ++v) {
    folded.push_back(foldFootprint(p.footprint[v], ii, layout));
    if (!folded[v].empty()) rrt.reserve(folded[v], rowOf(start[v]));
  }
  std::vector<std::vector<std::pair<int, int>>> gaps(n);  // v -> (load, stages after it)
  for (const DepEdge &e : g.edges)
    if (e.src < static_cast<int>(stageLatency.size()) && stageLatency[e.src] > 0 && e.distance == 0 &&
        (e.kind == EdgeKind::Data || e.kind == EdgeKind::Token))
      gaps[e.dst].emplace_back(e.src, stageLatency[e.src]);
  std::vector<std::vector<std::pair<int, int>>> lifetime(n);  // v -> (moved reader, distance)
  for (const DepEdge &e : g.edges)
    if (e.kind == EdgeKind::Lifetime && shift[e.src] > 0) lifetime[e.dst].emplace_back(e.src, e.distance);
  std::vector<int> order;
  for (int v = 0; v < n; ++v)
    if (shift[v] > 0 && p.group[v] < 0 && !p.forceSerial[v] && p.pendingLeader[v] < 0) order.push_back(v);
  stableSortIndices(order, [&](int a, int b) { return start[a] < start[b]; });
  for (int v : order) {
    int64_t earliest = 0;
    for (int ei : p.pred[v]) {
      const ModuloEdge &e = p.edges[ei];
      if (e.src == v) continue;  // holds wherever v starts
      const std::pair<int, int> from{e.src, e.distance};
      if (std::find(lifetime[v].begin(), lifetime[v].end(), from) != lifetime[v].end() && start[e.src] > start[v])
        continue;  // the reader settles after v
      earliest = std::max(earliest, int64_t{start[e.src]} + e.latency - int64_t{ii} * e.distance);
    }
    for (const auto &[load, stages] : gaps[v]) earliest = std::max(earliest, (int64_t{start[load]} / ii + stages) * ii);
    if (earliest >= start[v]) continue;
    if (folded[v].empty()) {
      start[v] = static_cast<int>(earliest);
      continue;
    }
    rrt.release(folded[v], rowOf(start[v]));
    const int64_t t = rrt.firstFit(folded[v], earliest, start[v] - earliest);
    if (t >= 0) start[v] = static_cast<int>(t);
    rrt.reserve(folded[v], rowOf(start[v]));
  }
}

// The stage bound stays a bound; the schedule is the fewest at the II only if it still has that
// many stages.
void publishSteered(ScheduleAnalysis &a, std::vector<int> start, const std::vector<int> &completion,
                    bool stagesProven) {
  publishSchedule(a, a.ii, std::move(start), completion);
  a.optimality.stagesProven = stagesProven && a.stageCount == a.optimality.stageBound;
}

}  // namespace

SteeringResult steerStagesByLatency(ScheduleAnalysis &a, const ModuloProblem &problem,
                                    const std::vector<int> &stageLatency, const std::vector<int> &stageLimit) {
  SteeringResult out;
  const DependenceGraph &g = problem.graph;
  const std::vector<OpResources> &resources = problem.resources;
  const int n = g.numNodes;
  const int64_t ii = a.ii;
  if (!a.valid || ii <= 0 || n == 0) return out;
  std::vector<StageConstraint> cons;
  for (const DepEdge &e : g.edges) {
    const OpSchedule &u = a.ops[e.src], &v = a.ops[e.dst];
    cons.push_back({e.src, e.dst, ceilDiv(int64_t{u.cycle} + e.latency - ii * e.distance - v.cycle, ii)});
    // Triton's latency counts stages from an op to its users in the same iteration.
    const int wanted = e.src < static_cast<int>(stageLatency.size()) ? stageLatency[e.src] : 0;
    if (wanted > 0 && e.distance == 0 && (e.kind == EdgeKind::Data || e.kind == EdgeKind::Token))
      cons.push_back({e.src, e.dst, int64_t{wanted} - (v.stage - u.stage)});
  }
  // Least non-negative shifts: Bellman-Ford from an implicit source at 0. Still relaxing after n
  // rounds means a positive cycle: a latency that a recurrence brings back to the op itself.
  std::vector<int64_t> shift(n, 0);
  int lastMoved = -1;
  for (int round = 0; round <= n; ++round) {
    lastMoved = -1;
    for (const StageConstraint &c : cons)
      if (shift[c.from] + c.gap > shift[c.to]) {
        shift[c.to] = shift[c.from] + c.gap;
        lastMoved = c.to;
      }
    if (lastMoved < 0) break;
  }
  if (lastMoved >= 0) {
    out.blockedBy = lastMoved;
    return out;
  }
  // max_depth = k keeps an op in the first k stages: a shift past it leaves the schedule as it was.
  for (int v = 0; v < n && v < static_cast<int>(stageLimit.size()); ++v)
    if (stageLimit[v] > 0 && a.ops[v].stage + shift[v] >= stageLimit[v]) {
      out.blockedBy = v;
      out.blockedByWhy = SteeringResult::Blocked::MaxDepth;
      return out;
    }
  std::vector<int> start(n), completion(n);
  for (int v = 0; v < n; ++v) {
    completion[v] = std::max({1, resources[v].latency, static_cast<int>(resources[v].footprint.size())});
    // A tt.latency of up to 2^31 - 1 stages: the shifted start is checked before it is an int.
    const int64_t shifted = a.ops[v].cycle + ii * shift[v];
    if (shifted + completion[v] > kMaxCycle) {
      out.blockedBy = v;
      out.blockedByWhy = SteeringResult::Blocked::CycleLimit;
      out.moved = 0;
      return out;
    }
    out.moved += shift[v] > 0;
    start[v] = static_cast<int>(shifted);
  }
  if (out.moved == 0) return out;
  std::vector<int> early = start;
  settleMovedOps(problem, g, a.ii, stageLatency, shift, early);
  out.stagesProven = a.optimality.stagesProven;
  out.completion = std::move(completion);
  out.shiftedStart = std::move(start);
  publishSteered(a, std::move(early), out.completion, out.stagesProven);
  return out;
}

void useShiftedSchedule(ScheduleAnalysis &a, const SteeringResult &steered) {
  publishSteered(a, steered.shiftedStart, steered.completion, steered.stagesProven);
}

}  // namespace tilesched
