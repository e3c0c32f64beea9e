// Helpers for the front-end tests: parse a snippet, pick out diagnostics and operations.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/IR.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "support/Diagnostics.h"

namespace tilesched::irtest {

struct Result {
  DiagnosticEngine diags;
  std::unique_ptr<Module> module;

  std::vector<Diagnostic> of(Severity s) const {
    std::vector<Diagnostic> out;
    for (const Diagnostic &d : diags.sorted())
      if (d.severity == s) out.push_back(d);
    return out;
  }
  std::vector<Diagnostic> errors() const { return of(Severity::Error); }
  std::vector<Diagnostic> warnings() const { return of(Severity::Warning); }
  std::string text() const {
    std::string s;
    for (const Diagnostic &d : diags.sorted()) s += formatDiagnostic("t", d) + "\n";
    return s;
  }
};

inline std::unique_ptr<Result> parse(std::string_view src, const ParseLimits &limits = {}) {
  auto r = std::make_unique<Result>();
  r->module = parseSource(src, r->diags, limits);
  return r;
}

// The n-th operation named `name` in walk order, or nullptr.
inline Operation *findOp(Module &m, const std::string &name, int n = 0) {
  Operation *found = nullptr;
  walkModule(m, [&](Operation &op) {
    if (!found && op.name == name && n-- == 0) found = &op;
  });
  return found;
}

inline size_t countOps(Module &m) {
  size_t n = 0;
  walkModule(m, [&](Operation &) { ++n; });
  return n;
}

}  // namespace tilesched::irtest
