#include "driver/JsonWriter.h"

#include <algorithm>
#include <cstring>

#include "support/Json.h"

namespace tilesched {

namespace {

// True when no byte of `s` needs escaping (or a UTF-8 check) in a JSON string.
bool plain(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return isPlainJsonByte(static_cast<unsigned char>(c)); });
}

}  // namespace

// Inlined into this file's callers (the module's -Os would call them): most pieces are a few
// bytes that fit, and a constant-size copy is a store.
[[gnu::always_inline]] inline void JsonWriter::put(std::string_view s) {
  if (s.size() <= sizeof buffer_ - buffered_) {
    std::memcpy(buffer_ + buffered_, s.data(), s.size());
    buffered_ += s.size();
    return;
  }
  flush();
  if (s.size() > sizeof buffer_) {
    out_.append(s);
    return;
  }
  std::memcpy(buffer_, s.data(), s.size());
  buffered_ = s.size();
}

[[gnu::always_inline]] inline void JsonWriter::put(char c) {
  if (buffered_ == sizeof buffer_) flush();
  buffer_[buffered_++] = c;
}

void JsonWriter::flush() {
  out_.append(buffer_, buffered_);
  buffered_ = 0;
}

std::string JsonWriter::take() {
  flush();
  return std::move(out_);
}

JsonWriter &JsonWriter::open(char bracket) {
  item();
  put(bracket);
  levels_.push_back({bracket == '{' ? '}' : ']'});
  return *this;
}

JsonWriter &JsonWriter::close(char bracket) {
  const bool empty = levels_.back().empty;
  levels_.pop_back();
  if (!empty) newline(levels_.size());
  put(bracket);
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

void JsonWriter::newline(size_t depth, bool comma) {
  static constexpr std::string_view kBreak = ",\n                                                              ";
  const std::string_view separator = comma ? ",\n" : "\n";
  const std::string_view line = kBreak.substr(2 - separator.size());  // the separator, then spaces
  if (separator.size() + 2 * depth <= line.size()) {
    put(line.substr(0, separator.size() + 2 * depth));
    return;
  }
  flush();
  out_.append(separator);
  out_.append(2 * depth, ' ');
}

JsonWriter &JsonWriter::key(std::string_view name) {
  item();
  quoted(name);
  put(": ");
  afterKey_ = true;
  return *this;
}

JsonWriter &JsonWriter::value(std::string_view s) {
  item();
  quoted(s);
  return *this;
}

JsonWriter &JsonWriter::literal(std::string_view text) {
  item();
  put(text);
  return *this;
}

JsonWriter &JsonWriter::value(bool b) { return literal(b ? "true" : "false"); }

void JsonWriter::quoted(std::string_view s) {
  if (plain(s)) {
    put('"');
    put(s);
    put('"');
    return;
  }
  flush();
  appendJsonString(out_, s);
}

}  // namespace tilesched
