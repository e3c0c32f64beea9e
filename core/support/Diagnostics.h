// Located diagnostics shared by every phase. Every input error becomes a Diagnostic with a
// 1-based line/column range; nothing in the core throws on bad input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/MessageIds.generated.h"

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

// What a message says, as data (the JSON document's `id` and `fields`): its kind and the values
// it names, so a reader with other words than the command line's (the playground, whose controls
// are not flags) words it from these instead of re-reading the text. A message whose text names a
// command-line option, a seed page or a C++ limit has an id; a plain one needs none.
struct MessageField {
  std::string name;
  std::string text;       // a string field
  long long number = 0;   // a number field
  bool isNumber = false;  // which of the two
};

struct MessageData {
  MessageId id = MessageId::None;  // None: a plain message
  std::vector<MessageField> fields;

  MessageData() = default;
  explicit MessageData(MessageId id) : id(id) {}
  MessageData &with(MessageFieldId field, std::string text) {
    fields.push_back({messageFieldName(field), std::move(text), 0, false});
    return *this;
  }
  MessageData &with(MessageFieldId field, long long number) {
    fields.push_back({messageFieldName(field), {}, number, true});
    return *this;
  }
};

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
  std::string file;  // empty: the input snippet; otherwise another file (a --model JSON, ...)
  MessageData data;
};

class DiagnosticEngine {
public:
  void report(Severity s, SourceRange r, std::string message, MessageData data = {});
  void setFile(std::string file) { file_ = std::move(file); }  // stamped on later reports
  void error(SourceRange r, std::string message, MessageData data = {}) {
    report(Severity::Error, r, std::move(message), std::move(data));
  }
  void warning(SourceRange r, std::string message, MessageData data = {}) {
    report(Severity::Warning, r, std::move(message), std::move(data));
  }
  void note(SourceRange r, std::string message, MessageData data = {}) {
    report(Severity::Note, r, std::move(message), std::move(data));
  }

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
