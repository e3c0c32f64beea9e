#include "constraints/ConstraintAttrs.h"

#include <limits>

namespace tilesched {
namespace {

// Equal as constraint values: source ranges and the `: i32` spelling do not matter.
bool sameValue(const Attribute &a, const Attribute &b) {
  if (a.kind != b.kind || a.boolValue != b.boolValue || a.intValue != b.intValue || a.text != b.text ||
      a.elements.size() != b.elements.size() || a.entries.size() != b.entries.size())
    return false;
  if (a.kind == Attribute::Kind::DenseArray && a.type != b.type) return false;
  for (size_t i = 0; i < a.elements.size(); ++i)
    if (!sameValue(a.elements[i], b.elements[i])) return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (a.entries[i].name != b.entries[i].name || !sameValue(a.entries[i].value, b.entries[i].value)) return false;
  return true;
}

std::string describe(const Attribute &a) {
  switch (a.kind) {
  case Attribute::Kind::Unit: return "a unit attribute";
  case Attribute::Kind::Bool: return a.boolValue ? "true" : "false";
  case Attribute::Kind::Integer: return std::to_string(a.intValue);
  case Attribute::Kind::Float: return a.text;
  case Attribute::Kind::String: return "\"" + a.text + "\"";
  case Attribute::Kind::Array: return "an array";
  case Attribute::Kind::DenseArray: return "a dense array";
  case Attribute::Kind::Dict: return "a dictionary";
  case Attribute::Kind::Opaque: return a.text;
  }
  return "a value";
}

const NamedAttribute *holding(const std::vector<NamedAttribute> &dict, const Attribute *value) {
  for (const NamedAttribute &n : dict)
    if (&n.value == value) return &n;
  return nullptr;
}

}  // namespace

ConstraintAttr lookupConstraint(const Operation &op, const char *key, DiagnosticEngine &diags) {
  ConstraintAttr attr;
  attr.value = op.lookupAttr(key);
  if (!attr.value) return attr;
  attr.named = holding(op.properties, attr.value);
  if (!attr.named) attr.named = holding(op.attributes, attr.value);
  const Attribute *inherent = op.inherentAttr(key);
  const Attribute *shadow = op.discardableAttr(key);
  if (inherent && shadow && !sameValue(*inherent, *shadow)) {
    const NamedAttribute *where = holding(op.attributes, shadow);
    diags.warning(where ? where->range : shadow->range,
                  std::string("quirk \"inherent attribute shadows discardable\": ") + key + " is both inherent (" +
                      describe(*inherent) + ") and discardable (" + describe(*shadow) + "); the inherent value " +
                      describe(*inherent) + " is in force and this discardable value is never read");
  }
  return attr;
}

std::optional<uint32_t> readU32(const Operation &op, const char *key, ConstraintAttr &attr, DiagnosticEngine &diags) {
  attr = lookupConstraint(op, key, diags);
  if (!attr) return std::nullopt;
  SourceRange where = attr.location();
  if (attr.value->kind != Attribute::Kind::Integer) {
    diags.error(where, std::string(key) + " must be an integer (i32), got " + describe(*attr.value));
    return std::nullopt;
  }
  int64_t v = attr.value->intValue;
  // seed 004: getInt() gives a signed 64-bit value, the slot field is a u32.
  uint32_t narrowed = static_cast<uint32_t>(v);
  if (v < 0 || v > int64_t(std::numeric_limits<uint32_t>::max()))
    diags.warning(where, std::string("quirk \"integer truncated to u32\": ") + key + " = " + std::to_string(v) +
                             " does not fit the 32-bit unsigned slot field and is stored as " +
                             std::to_string(narrowed));
  return narrowed;
}

bool readUnit(const Operation &op, const char *key, DiagnosticEngine &diags) {
  ConstraintAttr attr = lookupConstraint(op, key, diags);
  if (!attr) return false;
  if (attr.value->kind != Attribute::Kind::Unit)
    diags.warning(attr.location(), std::string("quirk \"unit attribute is tested for presence only\": ") + key +
                                       " carries " + describe(*attr.value) +
                                       ", but only its presence is read, so the flag is set");
  return true;
}

}  // namespace tilesched
