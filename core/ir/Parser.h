// Front end for SPEC §2: lexer + recursive-descent parser over the MLIR generic form and the
// custom forms (module, func.func, scf.for, scf.yield, return, arith.constant, unknown ops).
// Never throws and never aborts: every problem becomes a located diagnostic, with recovery so
// one mistake yields one message.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "ir/IR.h"
#include "support/Diagnostics.h"
#include "support/Limits.h"

namespace tilesched {

struct ParseLimits {
  size_t maxInputBytes = kMaxInputBytes;  // larger inputs are rejected with one diagnostic
  int maxNestingDepth = 128;              // regions + attribute/type brackets
  size_t maxOperations = kMaxOperations;
};

// Always returns a module (possibly partial). Check `diags.hasErrors()` before using it.
// `firstLine` numbers the text's first line (a chunk of a split input keeps the file's lines).
std::unique_ptr<Module> parseSource(std::string_view text, DiagnosticEngine &diags, const ParseLimits &limits = {},
                                    int firstLine = 1);

// One chunk of an input split at `// -----` lines, as `mlir-opt -split-input-file` splits it:
// each chunk is an input of its own. A marker is a line whose first non-blank characters are
// `// -----`, outside every `{ }` (a chunk cannot end inside a region, so a marker in one is a
// comment, as for mlir-opt without the flag); the whole marker line belongs to neither chunk.
struct InputChunk {
  std::string_view text;
  int firstLine = 1;  // line of `text`'s first line in the input
  int lastLine = 1;
};
std::vector<InputChunk> splitInput(std::string_view text);
inline constexpr std::string_view kSplitMarker = "// -----";

}  // namespace tilesched
