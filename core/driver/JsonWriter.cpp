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
  const size_t length = 2 + 2 * depth;  // ",\n" and the indentation
  if (length <= kBreak.size()) {
    out_.append(kBreak.data() + (comma ? 0 : 1), length - (comma ? 0 : 1));
    return;
  }
  out_.append(kBreak.data() + (comma ? 0 : 1), comma ? 2 : 1);
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
