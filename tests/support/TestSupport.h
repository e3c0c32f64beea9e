// Shared helpers for the unit tests: parse a snippet and pick out its scheduled blocks.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "ir/Parser.h"
#include "support/Diagnostics.h"

namespace tilesched::test {

struct Parsed {
  DiagnosticEngine diags;
  std::unique_ptr<Module> module;
  std::vector<ScheduledBlock> blocks;
};

inline std::unique_ptr<Parsed> parseBlocks(std::string_view src) {
  auto p = std::make_unique<Parsed>();
  p->module = parseSource(src, p->diags);
  if (!p->diags.hasErrors()) p->blocks = collectScheduledBlocks(*p->module);
  return p;
}

inline std::string diagText(const DiagnosticEngine &d) {
  std::string s;
  for (const Diagnostic &x : d.all()) s += formatDiagnostic("t", x) + "\n";
  return s;
}

}  // namespace tilesched::test
