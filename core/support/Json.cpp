#include "support/Json.h"

#include <algorithm>
#include <charconv>

#include "support/Utf8.h"

namespace tilesched {
namespace {

// Length of the well-formed UTF-8 sequence at s[i] (Unicode Table 3-7: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when s[i] starts none; `valid` is how many of its
// bytes, from i, are right (0 when s[i] itself cannot start one).
size_t utf8Sequence(std::string_view s, size_t i, size_t &valid) {
  const auto byte = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0; };
  const unsigned char lead = byte(0);
  size_t length = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) length = 3;
  else if (lead >= 0xf0 && lead <= 0xf4) length = 4;
  if (lead == 0xe0) lo = 0xa0;       // overlong below U+0800
  else if (lead == 0xed) hi = 0x9f;  // surrogates
  else if (lead == 0xf0) lo = 0x90;  // overlong below U+10000
  else if (lead == 0xf4) hi = 0x8f;  // above U+10FFFF
  valid = length ? 1 : 0;
  for (size_t k = 1; k < length; ++k, lo = 0x80, hi = 0xbf) {
    if (byte(k) < lo || byte(k) > hi) return 0;
    ++valid;
  }
  return length;
}

class Reader {
public:
  Reader(std::string_view text, JsonDocument &doc) : text_(text), doc_(doc) {}

  void read() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    if (!value(doc_.root, 0)) return;
    skipSpace();
    if (pos_ < text_.size()) unexpected(pos_, " after the JSON value");
  }

private:
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }
  bool digitAt(size_t i) const { return i < text_.size() && text_[i] >= '0' && text_[i] <= '9'; }

  void skipSpace() {
    while (!atEnd() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool stop(size_t at, std::string message) {
    doc_.errorAt = at;
    doc_.error = std::move(message);
    return false;
  }
  bool fail(size_t at, std::string_view cause) { return stop(at, "invalid JSON: " + std::string(cause)); }
  // "unexpected <what is at `at`><context>"
  bool unexpected(size_t at, std::string_view context) {
    return fail(at, "unexpected " + what(at) + std::string(context));
  }

  // What the byte at `i` is, for "unexpected ...": the word it starts, a character, or a byte.
  std::string what(size_t i) const {
    if (i >= text_.size()) return "end of input";
    const auto c = static_cast<unsigned char>(text_[i]);
    const auto wordChar = [&](size_t k) {
      const char w = k < text_.size() ? text_[k] : ' ';
      return (w >= 'a' && w <= 'z') || (w >= 'A' && w <= 'Z') || (w >= '0' && w <= '9') || w == '_';
    };
    if (wordChar(i)) {
      size_t end = i;
      while (end < i + 24 && wordChar(end)) ++end;
      return "'" + std::string(text_.substr(i, end - i)) + (wordChar(end) ? "...'" : "'");
    }
    if (c == '/') return "'/' (JSON has no comments)";
    if (c == '\'') return "\"'\" (JSON strings are in double quotes)";
    if (c > 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
    return "byte " + hexByte(c);
  }

  // The value at the next non-space byte; `depth` containers enclose it.
  bool value(JsonValue &v, int depth) {
    skipSpace();
    v.span.begin = pos_;
    bool ok = false;
    switch (peek()) {
    case '{': ok = object(v, depth); break;
    case '[': ok = array(v, depth); break;
    case '"':
      v.kind = JsonValue::Kind::String;
      ok = string(v.text);
      break;
    case 't': ok = literal(v, "true", JsonValue::Kind::Bool, true); break;
    case 'f': ok = literal(v, "false", JsonValue::Kind::Bool, false); break;
    case 'n': ok = literal(v, "null", JsonValue::Kind::Null, false); break;
    default:
      if (peek() == '-' || digitAt(pos_)) ok = number(v);
      else ok = unexpected(pos_, "; expected a value");
    }
    v.span.end = pos_;
    return ok;
  }

  bool literal(JsonValue &v, std::string_view word, JsonValue::Kind kind, bool b) {
    if (text_.substr(pos_, word.size()) != word) return unexpected(pos_, "; expected a value");
    pos_ += word.size();
    v.kind = kind;
    v.boolean = b;
    return true;
  }

  bool number(JsonValue &v) {
    const size_t begin = pos_;
    if (peek() == '-') ++pos_;
    if (!digitAt(pos_)) return fail(pos_, "invalid number: expected a digit after '-'");
    if (peek() == '0' && digitAt(pos_ + 1)) return fail(begin, "invalid number: a leading zero");
    while (digitAt(pos_)) ++pos_;
    bool integral = true;
    if (peek() == '.') {
      integral = false;
      if (!digitAt(++pos_)) return fail(pos_, "invalid number: expected a digit after '.'");
      while (digitAt(pos_)) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digitAt(pos_)) return fail(pos_, "invalid number: expected a digit in the exponent");
      while (digitAt(pos_)) ++pos_;
    }
    const char *first = text_.data() + begin, *last = text_.data() + pos_;
    if (integral && std::from_chars(first, last, v.integer).ec == std::errc()) {
      v.kind = JsonValue::Kind::Integer;
    } else {
      v.kind = JsonValue::Kind::Number;
      v.text.assign(first, last);
    }
    return true;
  }

  bool hex4(uint32_t &cp) {
    cp = 0;
    for (int k = 0; k < 4; ++k, ++pos_) {
      const char c = peek();
      const int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
      if (digit < 0) return false;
      cp = cp * 16 + uint32_t(digit);
    }
    return true;
  }

  // \uXXXX at pos_ (the backslash), with the low half when it is a high surrogate.
  bool unicodeEscape(std::string &out) {
    const size_t at = pos_;
    pos_ += 2;
    uint32_t cp = 0;
    if (!hex4(cp)) return fail(at, "invalid \\u escape: expected four hex digits");
    if (cp >= 0xdc00 && cp <= 0xdfff)
      return fail(at, "invalid \\u escape: a low surrogate (\\uDC00-\\uDFFF) without a high one before it");
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const size_t low = pos_;
      uint32_t half = 0;
      bool paired = text_.substr(pos_, 2) == "\\u";
      if (paired) {
        pos_ += 2;
        paired = hex4(half) && half >= 0xdc00 && half <= 0xdfff;
      }
      if (!paired)
        return fail(low, "invalid \\u escape: a high surrogate (\\uD800-\\uDBFF) must be followed by a low one");
      cp = 0x10000 + ((cp - 0xd800) << 10) + (half - 0xdc00);
    }
    appendUtf8(out, cp);
    return true;
  }

  bool escape(std::string &out) {
    const size_t at = pos_;
    const char e = at + 1 < text_.size() ? text_[at + 1] : '\0';
    const char *simple = nullptr;
    switch (e) {
    case '"': simple = "\""; break;
    case '\\': simple = "\\"; break;
    case '/': simple = "/"; break;
    case 'b': simple = "\b"; break;
    case 'f': simple = "\f"; break;
    case 'n': simple = "\n"; break;
    case 'r': simple = "\r"; break;
    case 't': simple = "\t"; break;
    case 'u': return unicodeEscape(out);
    default:
      if (at + 1 >= text_.size()) return fail(at + 1, "unexpected end of input in a string");
      const bool printable = e > 0x20 && e < 0x7f;
      return fail(at, "invalid escape " + (printable ? std::string("'\\") + e + "'" : "'\\' + " + what(at + 1)) +
                          " in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }
    out += simple;
    pos_ += 2;
    return true;
  }

  // The string whose opening quote is at pos_, decoded into `out`.
  bool string(std::string &out) {
    static constexpr const char *kUnterminated = "unterminated string (no closing '\"' before the end of input)";
    const size_t open = pos_++;
    for (;;) {
      const size_t run = pos_;
      while (!atEnd() && text_[pos_] != '"' && text_[pos_] != '\\' && static_cast<unsigned char>(text_[pos_]) >= 0x20 &&
             static_cast<unsigned char>(text_[pos_]) < 0x80)
        ++pos_;
      out.append(text_.substr(run, pos_ - run));
      if (atEnd()) return fail(open, kUnterminated);
      const auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c == '\\') {
        if (!escape(out)) return false;
      } else if (c == '\n' || c == '\r') {
        return fail(open, "unterminated string (it reaches the end of its line; a line break in a string is \\n)");
      } else if (c < 0x20) {
        return fail(pos_, "control character " + hexByte(c) + " in a string (escape it, e.g. \\t or \\u00" +
                              std::string{kHexDigits[c >> 4], kHexDigits[c & 0xf]} + ")");
      } else {
        size_t valid = 0;
        const size_t length = utf8Sequence(text_, pos_, valid);
        if (!length && pos_ + valid == text_.size()) return fail(open, kUnterminated);
        if (!length)
          return fail(pos_ + valid, "invalid UTF-8 in a string (byte " +
                                        hexByte(static_cast<unsigned char>(text_[pos_ + valid])) + ")");
        out.append(text_.substr(pos_, length));
        pos_ += length;
      }
    }
  }

  // After an element, `close` or a comma that is not the last thing before it; true at the comma.
  bool next(char close, size_t count, bool &more) {
    skipSpace();
    if (peek() == close) {
      ++pos_;
      more = false;
      return true;
    }
    if (peek() != ',') return unexpected(pos_, std::string("; expected ',' or '") + close + "'");
    if (count == kMaxJsonMembers)
      return stop(pos_, "a JSON object or array with more than " + std::to_string(kMaxJsonMembers) + " members");
    const size_t comma = pos_++;
    skipSpace();
    if (peek() == close)
      return fail(comma, std::string("a comma before '") + close + "' (JSON has no trailing commas)");
    more = true;
    return true;
  }

  // At '[' or '{': opens one more level.
  bool open(JsonValue &v, JsonValue::Kind kind, int depth) {
    if (depth == kMaxJsonNesting)
      return stop(pos_, "JSON nesting deeper than " + std::to_string(kMaxJsonNesting) + " levels");
    v.kind = kind;
    ++pos_;
    skipSpace();
    return true;
  }

  bool array(JsonValue &v, int depth) {
    if (!open(v, JsonValue::Kind::Array, depth)) return false;
    if (peek() == ']') return ++pos_, true;
    for (bool more = true; more;) {
      v.items.emplace_back();
      if (!value(v.items.back(), depth + 1) || !next(']', v.items.size(), more)) return false;
    }
    return true;
  }

  bool object(JsonValue &v, int depth) {
    if (!open(v, JsonValue::Kind::Object, depth)) return false;
    if (peek() == '}') return ++pos_, true;
    size_t count = 0;  // members read, repeated keys included
    for (bool more = true; more;) {
      skipSpace();
      if (peek() != '"') return unexpected(pos_, "; expected a key in double quotes");
      JsonMember m;
      m.keySpan.begin = pos_;
      if (!string(m.key)) return false;
      m.keySpan.end = pos_;
      skipSpace();
      if (peek() != ':') return unexpected(pos_, "; expected ':' after the key");
      ++pos_;
      // A repeated key is reported where it is read (text order); its value replaces the first's.
      JsonMember *first = nullptr;
      for (JsonMember &old : v.members)
        if (old.key == m.key) first = &old;
      if (first) {
        doc_.duplicates.push_back({first->keySpan, m.keySpan});
        first->value = JsonValue();
      }
      if (!value(first ? first->value : m.value, depth + 1)) return false;
      if (!first) v.members.push_back(std::move(m));
      if (!next('}', ++count, more)) return false;
    }
    return true;
  }

  std::string_view text_;
  JsonDocument &doc_;
  size_t pos_ = 0;
};

}  // namespace

const JsonValue *JsonValue::find(std::string_view key) const {
  for (const JsonMember &m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

std::string JsonValue::dump() const {
  std::string out;
  dumpTo(out);
  return out;
}

void JsonValue::dumpTo(std::string &out) const {
  switch (kind) {
  case Kind::Null: out += "null"; break;
  case Kind::Bool: out += boolean ? "true" : "false"; break;
  case Kind::Integer: out += std::to_string(integer); break;
  case Kind::Number: out += text; break;
  case Kind::String: appendJsonString(out, text); break;
  case Kind::Array:
    out += '[';
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ',';
      items[i].dumpTo(out);
    }
    out += ']';
    break;
  case Kind::Object:
    out += '{';
    for (size_t i = 0; i < members.size(); ++i) {
      if (i) out += ',';
      appendJsonString(out, members[i].key);
      out += ':';
      members[i].value.dumpTo(out);
    }
    out += '}';
    break;
  }
}

JsonDocument readJson(std::string_view text) {
  JsonDocument doc;
  Reader(text, doc).read();
  return doc;
}

// A byte that cannot start a sequence is replaced; a sequence cut short is replaced as a whole,
// and the byte that cut it is read again (the next sequence may start there), as the decoder
// used before (Hoehrmann's UTF-8 automaton) did.
void appendJsonString(std::string &out, std::string_view s) {
  out += '"';
  size_t plain = 0;  // start of the run of bytes copied as they are
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (isPlainJsonByte(c)) {
      ++i;
      continue;
    }
    size_t valid = 0;
    const size_t length = c >= 0x80 ? utf8Sequence(s, i, valid) : 0;
    if (length) {
      i += length;
      continue;
    }
    out.append(s.substr(plain, i - plain));
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c < 0x20) out += {'\\', 'u', '0', '0', kHexDigits[c >> 4], kHexDigits[c & 0xf]};
      else out += "\xEF\xBF\xBD";
    }
    i += c >= 0x80 ? std::max<size_t>(valid, 1) : 1;
    plain = i;
  }
  out.append(s.substr(plain));
  out += '"';
}

}  // namespace tilesched
