#include "support/Diagnostics.h"

#include <algorithm>

namespace tilesched {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

void DiagnosticEngine::report(Severity s, SourceRange r, std::string message) {
  if (s == Severity::Error) ++errors_;
  diags_.push_back({s, r, std::move(message), file_});
}

std::vector<Diagnostic> DiagnosticEngine::sorted() const {
  std::vector<Diagnostic> out = diags_;
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic &a, const Diagnostic &b) {
    if (a.range.begin.line != b.range.begin.line) return a.range.begin.line < b.range.begin.line;
    return a.range.begin.col < b.range.begin.col;
  });
  return out;
}

std::string formatDiagnostic(const std::string &inputFile, const Diagnostic &d) {
  const std::string &file = d.file.empty() ? inputFile : d.file;
  if (d.range.begin.line == 0) return file + ": " + severityName(d.severity) + ": " + d.message;
  return file + ":" + std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.col) +
         ": " + severityName(d.severity) + ": " + d.message;
}

}  // namespace tilesched
