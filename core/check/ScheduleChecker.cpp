// Independent schedule checker (SPEC §4.8). Everything here is recomputed from
// the dependence graph, the resolved footprints, the target model's capacities and the constraint
// slots; nothing is taken from core/generate/, so a generator bug cannot hide behind shared code.
// One check per constraint kind (Checks.h), run in a fixed order.
#include "check/ScheduleChecker.h"

#include "check/Checks.h"

namespace tilesched {

namespace check {

std::string CheckContext::name(int node) const { return problem.name(node); }

Violation &CheckContext::add(Violation::Kind kind, int node, int other, std::string message) {
  Violation v;
  v.kind = kind;
  v.node = node;
  v.otherNode = other;
  v.message = std::move(message);
  found.push_back(std::move(v));
  return found.back();
}

// The schedule gives one entry per op, and the problem's parts agree (ModuloProblem::defects,
// the rules check() reports before generation) before anything is indexed by them.
bool checkShape(CheckContext &c) {
  const int n = c.numNodes();
  if ((int)c.ops.size() != n) {
    c.add(Violation::Kind::Shape, -1, -1,
          "the block has " + std::to_string(n) + " ops, but the schedule gives " + std::to_string(c.ops.size()));
    return false;
  }
  for (ProblemDefect &d : c.problem.defects())
    c.add(Violation::Kind::Shape, d.node, -1, std::move(d.message)).edge = d.edge;
  return c.found.empty();
}

}  // namespace check

std::vector<Violation> checkSchedule(const ModuloProblem &problem, int ii, const std::vector<CheckedOp> &ops) {
  check::CheckContext c{problem, ii, ops, {}};
  if (!check::checkShape(c)) return std::move(c.found);
  if (ii < 1) {
    c.add(Violation::Kind::BadII, -1, -1, "II must be at least 1, but the schedule has II " + std::to_string(ii));
    return std::move(c.found);
  }
  for (void (*run)(check::CheckContext &) : {check::checkDependences, check::checkEffectOrder, check::checkResources,
                                             check::checkStages, check::checkStageOrder, check::checkMaxDepth,
                                             check::checkSameDepth, check::checkLeaders, check::checkForceSerial})
    run(c);
  return std::move(c.found);
}

std::vector<CheckedOp> toCheckedOps(const ScheduleAnalysis &a) {
  std::vector<CheckedOp> ops;
  for (const OpSchedule &s : a.ops) ops.push_back({s.stage, s.order, s.cycle});
  return ops;
}

std::vector<Violation> verify(const ModuloProblem &problem, const ScheduleAnalysis &a) {
  return checkSchedule(problem, a.ii, toCheckedOps(a));
}

bool ProposedScheduleChecker::accepts(const ModuloProblem &problem, const ScheduleAnalysis &proposed) const {
  const ModuloProblem unconstrained(problem.graph, problem.resources, problem.model, nullptr, &problem.nodeNames,
                                    problem.block);
  return verify(unconstrained, proposed).empty();
}

}  // namespace tilesched
