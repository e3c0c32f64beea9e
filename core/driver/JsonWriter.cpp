#include "driver/JsonWriter.h"

#include <nlohmann/json.hpp>

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

// nlohmann's escaping with ensure_ascii off: the short escapes, \u00xx (lowercase hex) for the
// other control characters, everything else as is.
void JsonWriter::quoted(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      out_ +=
          nlohmann::ordered_json(std::string(s)).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
      return;
    }
  }
  static constexpr char kHex[] = "0123456789abcdef";
  out_ += '"';
  size_t plain = 0;  // start of the run of characters copied as they are
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20) continue;
    out_.append(s.data() + plain, i - plain);
    plain = i + 1;
    switch (c) {
    case '"': out_ += "\\\""; break;
    case '\\': out_ += "\\\\"; break;
    case '\b': out_ += "\\b"; break;
    case '\f': out_ += "\\f"; break;
    case '\n': out_ += "\\n"; break;
    case '\r': out_ += "\\r"; break;
    case '\t': out_ += "\\t"; break;
    default:
      out_ += "\\u00";
      out_ += kHex[(c >> 4) & 0xf];
      out_ += kHex[c & 0xf];
    }
  }
  out_.append(s.data() + plain, s.size() - plain);
  out_ += '"';
}

}  // namespace tilesched
