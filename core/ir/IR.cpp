#include "ir/IR.h"

#include "ir/OpKinds.h"

namespace tilesched {

std::optional<int64_t> Attribute::asInt() const {
  if (kind == Kind::Integer) return intValue;
  if (kind == Kind::Bool) return boolValue ? 1 : 0;
  return std::nullopt;
}

Attribute Attribute::unit() { return Attribute{}; }

Attribute Attribute::integer(int64_t v, std::string type) {
  Attribute a;
  a.kind = Kind::Integer;
  a.intValue = v;
  a.type = std::move(type);
  return a;
}

Attribute Attribute::string(std::string s) {
  Attribute a;
  a.kind = Kind::String;
  a.text = std::move(s);
  return a;
}

Attribute Attribute::array(std::vector<Attribute> elems) {
  Attribute a;
  a.kind = Kind::Array;
  a.elements = std::move(elems);
  return a;
}

const NamedAttribute *findAttr(const std::vector<NamedAttribute> &dict, const std::string &name) {
  for (const NamedAttribute &na : dict)
    if (na.name == name) return &na;
  return nullptr;
}

const Attribute *Operation::inherentAttr(const std::string &key) const {
  const NamedAttribute *na = findAttr(properties, key);
  return na ? &na->value : nullptr;
}

const Attribute *Operation::discardableAttr(const std::string &key) const {
  const NamedAttribute *na = findAttr(attributes, key);
  return na ? &na->value : nullptr;
}

bool Operation::isTerminator() const { return isTerminatorOpName(name); }

// Inherent first, then discardable (seed 004).
const Attribute *Operation::lookupAttr(const std::string &key) const {
  if (const Attribute *a = inherentAttr(key)) return a;
  return discardableAttr(key);
}

void Operation::setDiscardableAttr(const std::string &key, Attribute value) {
  for (NamedAttribute &na : attributes) {
    if (na.name == key) {
      na.value = std::move(value);
      return;
    }
  }
  NamedAttribute na;
  na.name = key;
  na.value = std::move(value);
  attributes.push_back(std::move(na));
}

Operation *Operation::parentOp() const {
  if (!parentBlock || !parentBlock->parentRegion) return nullptr;
  return parentBlock->parentRegion->parentOp;
}

Value *Module::newValue() { return &values.emplace_back(); }

}  // namespace tilesched
