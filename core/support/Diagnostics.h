// Located diagnostics shared by every phase. Every input error becomes a Diagnostic with a
// 1-based line/column range; nothing in the core throws on bad input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tilesched {

struct SourceLoc {
  int line = 0;  // 1-based; 0 = unknown (whole document)
  int col = 0;   // 1-based, in bytes
};

struct SourceRange {
  SourceLoc begin;
  SourceLoc end;  // exclusive end column on end.line
  static SourceRange at(SourceLoc loc) { return {loc, {loc.line, loc.col + 1}}; }
};

enum class Severity { Error, Warning, Note };

const char *severityName(Severity s);

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
  std::string file;  // empty: the input snippet; otherwise another file (a --model JSON, ...)
};

class DiagnosticEngine {
public:
  void report(Severity s, SourceRange r, std::string message);
  void setFile(std::string file) { file_ = std::move(file); }  // stamped on later reports
  void error(SourceRange r, std::string message) { report(Severity::Error, r, std::move(message)); }
  void warning(SourceRange r, std::string message) { report(Severity::Warning, r, std::move(message)); }
  void note(SourceRange r, std::string message) { report(Severity::Note, r, std::move(message)); }

  const std::vector<Diagnostic> &all() const { return diags_; }
  bool hasErrors() const { return errors_ > 0; }
  int errorCount() const { return errors_; }

  // Diagnostics sorted by position (stable: equal positions keep emission order), so output
  // does not depend on which phase spoke first.
  std::vector<Diagnostic> sorted() const;

private:
  std::vector<Diagnostic> diags_;
  int errors_ = 0;
  std::string file_;
};

// `FILE:LINE:COL: severity: message` (the MLIR convention); `d.file`, when set, wins over
// `inputFile`. The text is terminalSafe: an input cannot clear or recolour the terminal.
std::string formatDiagnostic(const std::string &inputFile, const Diagnostic &d);

// `text` with every byte a terminal acts on escaped, for output to a terminal: C0 controls and
// DEL as \n, \r, \t or \xNN, C1 controls (U+0080-U+009F) as \u00NN, bytes that are not UTF-8
// as \xNN; other UTF-8 passes unchanged. `keepNewlines` passes LF through (multi-line output).
std::string terminalSafe(std::string_view text, bool keepNewlines = false);

}  // namespace tilesched
