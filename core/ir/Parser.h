// Front end for SPEC §2: lexer + recursive-descent parser over the MLIR generic form and the
// custom forms (module, func.func, scf.for, scf.yield, return, arith.constant, unknown ops).
// Never throws and never aborts: every problem becomes a located diagnostic, with recovery so
// one mistake yields one message.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "ir/IR.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct ParseLimits {
  size_t maxInputBytes = 8u << 20;  // larger inputs are rejected with one diagnostic
  int maxNestingDepth = 128;         // regions + attribute/type brackets
  size_t maxOperations = 200000;
};

// Always returns a module (possibly partial). Check `diags.hasErrors()` before using it.
std::unique_ptr<Module> parseSource(std::string_view text, DiagnosticEngine &diags,
                                    const ParseLimits &limits = {});

}  // namespace tilesched
