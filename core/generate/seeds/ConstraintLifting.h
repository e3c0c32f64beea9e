// Lifting a constraint when the schedule becomes infeasible (seed 003: "Each constraint family
// carries the rationale that justifies the restriction so a later refinement round can lift it
// when the schedule becomes infeasible"). When no II up to the cap schedules the block, the
// cost-based generator takes one depth constraint off the problem per refinement round and
// searches again (docs/decisions.md, "Lifting constraints").
#pragma once

#include <optional>

#include "contract/ModuloProblem.h"

namespace tilesched {

// Takes the depth constraint with the largest dependency bound off `p` (ties: a same-depth group
// before a max_depth — seed 000 calls groups soft and max_depth hard — then program order);
// nullopt when none is left. force_serial_execution is never lifted.
std::optional<LiftedConstraint> liftConstraint(ModuloProblem &p);

// "max_depth = 1 of %b" / "the same-depth group of gid 3 (%a, %c)".
std::string describeLifted(const ModuloProblem &p, const LiftedConstraint &c);

}  // namespace tilesched
