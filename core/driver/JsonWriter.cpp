#include "driver/JsonWriter.h"

#include <charconv>
#include <cstdint>
#include <cstring>

#include "support/Json.h"

namespace tilesched {

namespace {

uint64_t load8(const char *p) {
  uint64_t word;
  std::memcpy(&word, p, 8);
  return word;
}

// isPlainJsonByte for each byte of `word`: none of them has its high bit set, is below 0x20, or
// is '"' or '\\' (a byte is zero or below 0x20 when subtracting borrows into its high bit).
bool plainWord(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  auto below = [&](uint64_t v, unsigned char c) { return (v - kOnes * c) & ~v; };
  return ((word | below(word, 0x20) | below(word ^ (kOnes * '"'), 1) | below(word ^ (kOnes * '\\'), 1)) & kHighs) == 0;
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
  // Up to 12 levels (the document nests 10), the separator and three fixed 8-byte stores of
  // spaces: in the module a copy or fill of variable size is a call. Spaces past the line are
  // overwritten by the next piece.
  constexpr size_t kInlineDepth = 12;
  if (depth <= kInlineDepth) {
    if (sizeof buffer_ - buffered_ < 2 + 2 * kInlineDepth) flush();
    char *p = buffer_ + buffered_;
    if (comma) *p++ = ',';
    *p++ = '\n';
    for (size_t i = 0; i < 2 * kInlineDepth; i += 8) std::memcpy(p + i, "        ", 8);
    buffered_ = p + 2 * depth - buffer_;
    return;
  }
  flush();
  out_.append(comma ? ",\n" : "\n");
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

template <class Int>
JsonWriter &JsonWriter::integer(Int n) {
  item();
  if (sizeof buffer_ - buffered_ < kMaxDigits) flush();
  buffered_ = std::to_chars(buffer_ + buffered_, buffer_ + sizeof buffer_, n).ptr - buffer_;
  return *this;
}
template JsonWriter &JsonWriter::integer(int64_t);
template JsonWriter &JsonWriter::integer(uint64_t);

void JsonWriter::quoted(std::string_view s) {
  // A string that fits is checked and copied in one pass, 8 bytes a step: most are short, and in
  // the module a separate check and copy were two loops and a call. A longer one, or one to
  // escape, goes through appendJsonString.
  if (s.size() + 2 <= sizeof buffer_) {
    if (s.size() + 2 > sizeof buffer_ - buffered_) flush();
    char *p = buffer_ + buffered_ + 1;
    size_t i = 0;
    for (uint64_t word; i + 8 <= s.size() && plainWord(word = load8(s.data() + i)); i += 8)
      std::memcpy(p + i, &word, 8);
    for (; i < s.size() && isPlainJsonByte(static_cast<unsigned char>(s[i])); ++i) p[i] = s[i];
    if (i == s.size()) {
      p[-1] = p[i] = '"';
      buffered_ += s.size() + 2;
      return;
    }
  }
  flush();
  appendJsonString(out_, s);
}

}  // namespace tilesched
