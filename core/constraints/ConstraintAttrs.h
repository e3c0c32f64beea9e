// Reading one constraint key the seed-004 way (Operation::lookupAttr: inherent, then
// discardable; IntegerAttr::getInt() narrowed to u32; UnitAttr keys by presence only) and the
// warnings tilesched adds where the original is silent (docs/decisions.md, "Constraint quirks").
#pragma once

#include <cstdint>
#include <optional>

#include "ir/IR.h"
#include "support/Diagnostics.h"

namespace tilesched {

// The attribute in force for `key` and the `name = value` it sits in (for locations).
struct ConstraintAttr {
  const Attribute *value = nullptr;
  const NamedAttribute *named = nullptr;
  explicit operator bool() const { return value != nullptr; }
  SourceRange location() const { return named ? named->range : value->range; }
};

// Looks `key` up and warns when the discardable dictionary carries a different shadow value.
ConstraintAttr lookupConstraint(const Operation &op, const char *key, DiagnosticEngine &diags);

// Integer keys: nullopt when absent (the slot keeps its zero fill) or not an integer (error).
// Values outside u32 are narrowed as the seed does, with a warning.
std::optional<uint32_t> readU32(const Operation &op, const char *key, ConstraintAttr &attr, DiagnosticEngine &diags);

// UnitAttr keys: presence only; a value of another kind still counts, with a warning.
bool readUnit(const Operation &op, const char *key, DiagnosticEngine &diags);

}  // namespace tilesched
