// Prints a Module back as text. Structural ops keep their custom form, unknown custom ops keep
// their operand and type text, everything else prints generic. print -> parse -> print is a
// fixed point (tests/unit/ir).
#pragma once

#include <string>

#include "ir/IR.h"

namespace tilesched {

std::string printModule(const Module &m);
std::string printAttribute(const Attribute &a);
std::string printAttrDict(const std::vector<NamedAttribute> &dict);  // "{a = 1 : i32, b}"

}  // namespace tilesched
