// The module's `!name = type` and `#name = attr` definitions, so later phases see through an
// alias: an async token behind `!tok = !nv_tileas.AsyncToken` is still a token (dependence edge
// kinds, pipe flavours), and `tensor<4xf32, #mma>` is the same type as the one with `#mma`
// spelled out (the materializer's type check).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "ir/IR.h"

namespace tilesched {

class TypeAliases {
public:
  TypeAliases() = default;
  explicit TypeAliases(const Module &module);

  // Follows alias chains; a cyclic or overlong chain stops where it is.
  std::string resolve(const std::string &type) const;
  // Whether two type texts name the same type once every alias in them is spelled out, spacing is
  // normalized and Triton's 2024 dialect names read as today's (`!triton_gpu.x` is `!ttg.x`). Types too large to expand
  // count as the same (unknown is no mismatch).
  bool sameType(const std::string &a, const std::string &b) const;

private:
  bool expand(std::string_view text, int depth, std::string &out) const;

  std::unordered_map<std::string, std::string> aliases_;  // "!name" / "#name" -> its text
};

// Async tokens (and the handles that carry them) are the types whose name says "token".
bool isTokenType(const std::string &resolvedType);

}  // namespace tilesched
