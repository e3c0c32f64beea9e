#include "generate/seeds/ConstraintLifting.h"

#include "generate/seeds/MiiBounds.h"

namespace tilesched {

std::optional<LiftedConstraint> liftConstraint(ModuloProblem &p) {
  std::optional<LiftedConstraint> pick;
  for (LiftedConstraint &c : depthConstraintBounds(p))  // program order
    if (!pick || c.bound > pick->bound ||
        (c.bound == pick->bound && c.kind == LiftedConstraint::Kind::SameDepth &&
         pick->kind == LiftedConstraint::Kind::MaxDepth))
      pick = std::move(c);
  if (!pick) return std::nullopt;
  for (int v : pick->nodes) {
    if (pick->kind == LiftedConstraint::Kind::MaxDepth) p.maxDepth[v] = 0;
    else p.group[v] = -1;
  }
  return pick;
}

std::string describeLifted(const ModuloProblem &p, const LiftedConstraint &c) {
  if (c.kind == LiftedConstraint::Kind::MaxDepth)
    return "max_depth = " + std::to_string(c.value) + " of " + p.nodeNames[c.nodes.front()];
  std::string ops;
  for (int v : c.nodes) ops += (ops.empty() ? "" : ", ") + p.nodeNames[v];
  return "the same-depth group of gid " + std::to_string(c.value) + " (" + ops + ")";
}

}  // namespace tilesched
