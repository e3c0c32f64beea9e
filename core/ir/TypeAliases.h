// The module's `!name = type` definitions, so later phases see through a type alias: an async
// token behind `!tok = !nv_tileas.AsyncToken` is still a token (dependence edge kinds, pipe
// flavours).
#pragma once

#include <string>
#include <unordered_map>

#include "ir/IR.h"

namespace tilesched {

class TypeAliases {
public:
  TypeAliases() = default;
  explicit TypeAliases(const Module &module);

  // Follows alias chains; a cyclic or overlong chain stops where it is.
  std::string resolve(const std::string &type) const;

private:
  std::unordered_map<std::string, std::string> aliases_;  // "!name" -> its type text
};

// Async tokens (and the handles that carry them) are the types whose name says "token".
bool isTokenType(const std::string &resolvedType);

}  // namespace tilesched
