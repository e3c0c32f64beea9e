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
  if (!levels_.back().empty) out_ += ',';
  levels_.back().empty = false;
  newline(levels_.size());
}

void JsonWriter::newline(size_t depth) {
  out_ += '\n';
  out_.append(2 * depth, ' ');
}

JsonWriter &JsonWriter::key(std::string_view name) {
  item();
  quoted(name);
  out_ += ": ";
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
