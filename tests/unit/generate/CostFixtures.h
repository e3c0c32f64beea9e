// Hand-built loops for the cost-based generator's unit tests: name resources, add ops with
// footprints and latencies, add edges and constraint slots, then get the generator's input or
// the internal problem / II context / placement state.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "RandomModuloLoop.h"
#include "check/ScheduleChecker.h"
#include "generate/seeds/IIContext.h"
#include "generate/seeds/PlacementState.h"

namespace tilesched::test {

// A checker the generator consults mid-search whose verdict the test decides.
struct ScriptedCheck final : ProposedScheduleCheck {
  std::function<bool(const ScheduleAnalysis &)> verdict;
  bool accepts(const ModuloProblem &, const ScheduleAnalysis &proposed) const override { return verdict(proposed); }
};

class LoopBuilder {
public:
  int slot(const std::string &name) { return add(name, 1, true); }
  int pool(const std::string &name, int capacity) { return add(name, capacity, false); }

  // Footprint rows list resource indices; a pool listed twice takes two units.
  int op(int latency, Footprint footprint = {}) {
    OpResources r;
    r.latency = latency;
    r.footprint = std::move(footprint);
    loop_.resources.push_back(std::move(r));
    loop_.constraints.slots.emplace_back();
    return static_cast<int>(loop_.resources.size()) - 1;
  }
  void edge(int src, int dst, int latency, int distance = 0) {
    edges_.push_back({src, dst, latency, distance, distance ? EdgeKind::Carried : EdgeKind::Data});
  }
  // Buffer assignment's slot limit: C -> P, latency 1.
  void lifetimeEdge(int reader, int producer, int distance) {
    edges_.push_back({reader, producer, 1, distance, EdgeKind::Lifetime});
  }
  ConstraintSlot &slotOf(int op) { return loop_.constraints.slots[op]; }
  ConstraintState &constraints() { return loop_.constraints; }

  const RandomLoop &build() {
    loop_.graph = makeGraph(static_cast<int>(loop_.resources.size()), edges_);
    return loop_;
  }

private:
  int add(const std::string &name, int capacity, bool isSlot) {
    Resource r;
    r.name = name;
    r.capacity = capacity;
    r.isSlot = isSlot;
    loop_.model.resources.push_back(r);
    return static_cast<int>(loop_.model.resources.size()) - 1;
  }

  RandomLoop loop_;
  std::vector<DepEdge> edges_;
};

// Lower bound 4 (four units of one slot) is infeasible: rows {r, r+1} and {q, q+2} always meet
// modulo 4; II 5 works. Four one-row pool ops stretch the serial-execution II to 9.
inline RandomLoop gappedLoop() {
  LoopBuilder b;
  const int s = b.slot("s"), p = b.pool("p", 4);
  b.op(1, {{s}, {s}});
  b.op(1, {{s}, {}, {s}});
  for (int i = 0; i < 4; ++i) b.op(1, {{p}});
  return b.build();
}

// The internal pieces at one II, kept alive together.
struct Placement {
  Placement(const RandomLoop &loop, int ii, bool trace = true)
      : problem(loop.input()),
        layout(problem.capacity),
        ctx(problem, layout, ii),
        recorder(trace, 100000),
        state(ctx, recorder) {}
  Placement(const Placement &) = delete;
  Placement &operator=(const Placement &) = delete;
  ModuloProblem problem;
  ResourceLayout layout;
  IIContext ctx;
  TraceRecorder recorder;
  PlacementState state;

  // The entries that are not trials with the given outcome (and op, when >= 0).
  std::vector<TraceEntry> entries(const std::string &outcome, int op = -1) const {
    std::vector<TraceEntry> out;
    for (const TraceEntry &e : recorder.entries())
      if (!e.trial && traceName(e.outcome) == outcome && (op < 0 || e.op == op)) out.push_back(e);
    return out;
  }
};

// Whether one of the analysis's notes says `text`.
inline bool hasNote(const ScheduleAnalysis &a, const std::string &text) {
  return std::any_of(a.notes.begin(), a.notes.end(),
                     [&](const AnalysisNote &n) { return n.text.find(text) != std::string::npos; });
}

// Whether the trace holds an optimality entry that proves `ii` infeasible, its reason naming `word`.
inline bool provedInTrace(const TraceRecorder &trace, int ii, const std::string &word) {
  for (const TraceEntry &e : trace.entries())
    if (e.arm == TraceArm::Optimality && e.ii == ii && e.outcome == TraceOutcome::Infeasible &&
        e.reason.find(word) != std::string::npos)
      return true;
  return false;
}

// The independent checker on start cycles published as the generator publishes them: whole
// stages up until the first op is in stage 0, orders by (cycle, program order) in each stage.
inline std::vector<Violation> checkStarts(const RandomLoop &loop, int ii, std::vector<int> start) {
  const int lowest = *std::min_element(start.begin(), start.end());
  for (int &t : start) t -= lowest - ((lowest % ii) + ii) % ii;
  std::vector<CheckedOp> ops;
  for (int t : start) ops.push_back({t / ii, 0, t});
  for (size_t v = 0; v < ops.size(); ++v)
    for (size_t u = 0; u < ops.size(); ++u)
      if (ops[u].stage == ops[v].stage && (start[u] < start[v] || (start[u] == start[v] && u < v))) ++ops[v].order;
  return checkSchedule({loop.graph, loop.resources, loop.model, &loop.constraints}, ii, ops);
}

}  // namespace tilesched::test
