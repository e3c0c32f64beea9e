#include "driver/JsonWriter.h"

#include "support/Json.h"

namespace tilesched {

JsonWriter &JsonWriter::open(char bracket) {
  item();
  out_ += bracket;
  levels_.push_back({bracket == '{' ? '}' : ']'});
  return *this;
}

JsonWriter &JsonWriter::close(char bracket) {
  const bool empty = levels_.back().empty;
  levels_.pop_back();
  if (!empty) newline(levels_.size());
  out_ += bracket;
  return *this;
}

void JsonWriter::item() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (levels_.empty()) return;
  const bool comma = !levels_.back().empty;
  levels_.back().empty = false;
  newline(levels_.size(), comma);
}

// Few and large appends: a document is mostly separators and indentation, and each std::string
// append is a call with its own capacity check (not inlined at the module's -Os).
void JsonWriter::newline(size_t depth, bool comma) {
  static constexpr std::string_view kBreak = ",\n                                                              ";
  const std::string_view separator = comma ? ",\n" : "\n";
  const std::string_view line = kBreak.substr(2 - separator.size());  // the separator, then spaces
  if (separator.size() + 2 * depth <= line.size()) {
    out_.append(line.data(), separator.size() + 2 * depth);
    return;
  }
  out_.append(separator);
  out_.append(2 * depth, ' ');
}

JsonWriter &JsonWriter::key(std::string_view name) {
  item();
  quoted(name);
  out_.append(": ", 2);
  afterKey_ = true;
  return *this;
}

JsonWriter &JsonWriter::value(std::string_view s) {
  item();
  quoted(s);
  return *this;
}

JsonWriter &JsonWriter::value(bool b) {
  item();
  out_ += b ? "true" : "false";
  return *this;
}

void JsonWriter::quoted(std::string_view s) { appendJsonString(out_, s); }

}  // namespace tilesched
