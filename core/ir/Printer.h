// Prints a Module back as text. Structural ops keep their custom form, unknown custom ops keep
// their operand and type text, everything else prints generic. print -> parse -> print is a
// fixed point (tests/unit/ir).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "ir/IR.h"

namespace tilesched {

// Ops printed as the given source text instead (a function with a parse error, as written).
using VerbatimOps = std::unordered_map<const Operation *, std::string_view>;

std::string printModule(const Module &m, const VerbatimOps &verbatim = {});
std::string printAttribute(const Attribute &a);
std::string printAttrDict(const std::vector<NamedAttribute> &dict);  // "{a = 1 : i32, b}"

}  // namespace tilesched
