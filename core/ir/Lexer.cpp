#include "ir/Lexer.h"

#include <array>

#include "support/LineEnds.h"

namespace tilesched {

namespace {

// Character classes by table: a load per byte, inlined, where the comparisons were a call per
// byte in the WebAssembly module (-Oz).
enum CharClass : uint8_t { kLetter = 1, kDigit = 2, kHexDigit = 4, kBareIdChar = 8, kSuffixIdChar = 16 };
constexpr std::array<uint8_t, 256> kCharClasses = [] {
  std::array<uint8_t, 256> classes{};
  for (int c = 0; c < 256; ++c) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    // MLIR bare-id: (letter|_) (letter|digit|[_$.])*; suffix-id (after %, ^, #, !): also '-'
    const bool bare = letter || digit || c == '_' || c == '$' || c == '.';
    classes[c] = (letter ? kLetter : 0) | (digit ? kDigit : 0) |
                 (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? kHexDigit : 0) |
                 (bare ? kBareIdChar : 0) | (bare || c == '-' ? kSuffixIdChar : 0);
  }
  return classes;
}();
[[gnu::always_inline]] inline bool hasClass(char c, CharClass k) {
  return kCharClasses[static_cast<unsigned char>(c)] & k;
}
[[gnu::always_inline]] inline bool isLetter(char c) { return hasClass(c, kLetter); }
[[gnu::always_inline]] inline bool isDigit(char c) { return hasClass(c, kDigit); }
[[gnu::always_inline]] inline bool isHexDigit(char c) { return hasClass(c, kHexDigit); }
[[gnu::always_inline]] inline bool isBareIdChar(char c) { return hasClass(c, kBareIdChar); }
[[gnu::always_inline]] inline bool isSuffixIdChar(char c) { return hasClass(c, kSuffixIdChar); }
int hexValue(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

}  // namespace

const char *tokenDescription(Tok k) {
  switch (k) {
  case Tok::Eof: return "end of input";
  case Tok::Error: return "invalid character";
  case Tok::BareId: return "identifier";
  case Tok::PercentId: return "SSA value";
  case Tok::CaretId: return "block label";
  case Tok::AtId: return "symbol";
  case Tok::HashId: return "attribute alias";
  case Tok::BangId: return "type alias";
  case Tok::Integer: return "integer";
  case Tok::Float: return "float";
  case Tok::String: return "string";
  case Tok::LParen: return "'('";
  case Tok::RParen: return "')'";
  case Tok::LSquare: return "'['";
  case Tok::RSquare: return "']'";
  case Tok::LBrace: return "'{'";
  case Tok::RBrace: return "'}'";
  case Tok::Less: return "'<'";
  case Tok::Greater: return "'>'";
  case Tok::Comma: return "','";
  case Tok::Colon: return "':'";
  case Tok::Equal: return "'='";
  case Tok::Arrow: return "'->'";
  case Tok::Question: return "'?'";
  case Tok::Star: return "'*'";
  case Tok::Plus: return "'+'";
  case Tok::Minus: return "'-'";
  case Tok::Slash: return "'/'";
  case Tok::Pipe: return "'|'";
  case Tok::Ellipsis: return "'...'";
  case Tok::FileMetadata: return "'{-# ... #-}' block";
  }
  return "token";
}

Token Lexer::make(Tok k, size_t start, bool space, bool nl) {
  Token t;
  t.kind = k;
  t.offset = static_cast<uint32_t>(start);
  t.length = static_cast<uint32_t>(pos_ - start);
  t.line = line_;
  t.col = static_cast<int>(start - lineBegin_) + 1;
  t.spaceBefore = space;
  t.lineStart = nl;
  return t;
}

bool Lexer::atSuffixIdStart() const { return pos_ < src_.size() && isSuffixIdChar(src_[pos_]); }

void Lexer::skipSuffixId() {
  while (pos_ < src_.size() && isSuffixIdChar(src_[pos_])) ++pos_;
}

// Whitespace and `//` comments; CR, LF and CRLF end lines (support/LineEnds.h).
// Byte compares first, lineEndAt only at a CR or LF: in the module lineEndAt is a call.
void Lexer::skipTrivia(bool &space, bool &nl) {
  while (pos_ < src_.size()) {
    char c = src_[pos_];
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      ++pos_;
      space = true;
    } else if (c == '\n' || c == '\r') {
      pos_ += lineEndAt(src_, pos_);
      ++line_;
      lineBegin_ = pos_;
      space = nl = true;
    } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/') {
      while (pos_ < src_.size() && src_[pos_] != '\n' && src_[pos_] != '\r') ++pos_;
      space = true;
    } else {
      break;
    }
  }
}

Token Lexer::makeError(const char *msg, size_t start, bool space, bool nl) {
  Token t = make(Tok::Error, start, space, nl);
  t.error = msg;
  return t;
}

Token Lexer::lex() {
  bool space = false, nl = pos_ == 0;
  // A UTF-8 byte order mark is skipped; columns of the first line count from after it.
  if (pos_ == 0 && src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = lineBegin_ = 3;
  skipTrivia(space, nl);
  size_t start = pos_;
  if (pos_ >= src_.size()) return make(Tok::Eof, start, space, nl);

  char c = src_[pos_++];
  auto single = [&](Tok k) { return make(k, start, space, nl); };
  switch (c) {
  case '(': return single(Tok::LParen);
  case ')': return single(Tok::RParen);
  case '[': return single(Tok::LSquare);
  case ']': return single(Tok::RSquare);
  case '{':
    if (src_.substr(start, 3) == "{-#") return lexFileMetadata(start, space, nl);
    return single(Tok::LBrace);
  case '}': return single(Tok::RBrace);
  case '<': return single(Tok::Less);
  case '>': return single(Tok::Greater);
  case ',': return single(Tok::Comma);
  case ':': return single(Tok::Colon);
  case '=': return single(Tok::Equal);
  case '?': return single(Tok::Question);
  case '*': return single(Tok::Star);
  case '+': return single(Tok::Plus);
  case '/': return single(Tok::Slash);
  case '|': return single(Tok::Pipe);
  case '-':
    if (pos_ < src_.size() && src_[pos_] == '>') {
      ++pos_;
      return single(Tok::Arrow);
    }
    return single(Tok::Minus);
  case '.':
    if (src_.substr(start, 3) == "...") {
      pos_ = start + 3;
      return single(Tok::Ellipsis);
    }
    return makeError("unexpected '.'; expected an identifier or a number", start, space, nl);
  case '%':
  case '^':
  case '#':
  case '!': return lexPrefixedId(c, start, space, nl);
  case '@':
    if (pos_ < src_.size() && src_[pos_] == '"') {
      ++pos_;
      return lexQuoted(Tok::AtId, start, space, nl);
    }
    if (pos_ >= src_.size() || !(isLetter(src_[pos_]) || src_[pos_] == '_'))
      return makeError("expected a symbol name after '@'", start, space, nl);
    skipSuffixId();
    return single(Tok::AtId);
  case '"': return lexQuoted(Tok::String, start, space, nl);
  default: break;
  }
  if (isDigit(c)) return lexNumber(c, start, space, nl);
  if (isLetter(c) || c == '_') {
    while (pos_ < src_.size() && isBareIdChar(src_[pos_])) ++pos_;
    return single(Tok::BareId);
  }
  return lexInvalid(c, start, space, nl);
}

// `%name`, `^name`, `#name`, `!name`, after the prefix `c`.
Token Lexer::lexPrefixedId(char c, size_t start, bool space, bool nl) {
  if (!atSuffixIdStart()) {
    if (c == '%') return makeError("expected an SSA value name after '%'", start, space, nl);
    if (c == '^') return makeError("expected a block name after '^'", start, space, nl);
    if (c == '#') return makeError("expected an attribute alias name after '#'", start, space, nl);
    return makeError("expected a type name after '!'", start, space, nl);
  }
  skipSuffixId();
  if (c == '%') {
    // `%r#1`: the result-number suffix belongs to the use.
    if (pos_ + 1 < src_.size() && src_[pos_] == '#' && isDigit(src_[pos_ + 1])) {
      ++pos_;
      while (pos_ < src_.size() && isDigit(src_[pos_])) ++pos_;
    }
    return make(Tok::PercentId, start, space, nl);
  }
  return make(c == '^' ? Tok::CaretId : c == '#' ? Tok::HashId : Tok::BangId, start, space, nl);
}

// A string's (or a quoted symbol's) body after its opening quote, up to the closing quote on the
// same line; without one the token is marked unterminated.
Token Lexer::lexQuoted(Tok kind, size_t start, bool space, bool nl) {
  auto lineEnd = [&](size_t i) { return src_[i] == '\n' || src_[i] == '\r'; };
  while (pos_ < src_.size() && src_[pos_] != '"' && !lineEnd(pos_)) {
    if (src_[pos_] == '\\' && pos_ + 1 < src_.size() && !lineEnd(pos_ + 1)) ++pos_;
    ++pos_;
  }
  if (pos_ >= src_.size() || src_[pos_] != '"') {
    Token t = make(kind, start, space, nl);
    t.unterminated = true;
    return t;
  }
  ++pos_;
  return make(kind, start, space, nl);
}

// A decimal or `0x` hexadecimal integer, or a float (digits '.' digits, an optional exponent).
Token Lexer::lexNumber(char c, size_t start, bool space, bool nl) {
  if (c == '0' && pos_ + 1 < src_.size() && src_[pos_] == 'x' && isHexDigit(src_[pos_ + 1])) {
    pos_ += 1;
    while (pos_ < src_.size() && isHexDigit(src_[pos_])) ++pos_;
    return make(Tok::Integer, start, space, nl);
  }
  while (pos_ < src_.size() && isDigit(src_[pos_])) ++pos_;
  if (pos_ >= src_.size() || src_[pos_] != '.' || src_.substr(pos_, 3) == "...")
    return make(Tok::Integer, start, space, nl);
  ++pos_;
  while (pos_ < src_.size() && isDigit(src_[pos_])) ++pos_;
  if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
    size_t save = pos_++;
    if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) ++pos_;
    if (pos_ < src_.size() && isDigit(src_[pos_])) {
      while (pos_ < src_.size() && isDigit(src_[pos_])) ++pos_;
    } else {
      pos_ = save;
    }
  }
  return make(Tok::Float, start, space, nl);
}

// Anything else is invalid; swallow the whole run of invalid bytes so one mistake (a pasted
// non-ASCII quote, a NUL block) yields one message.
Token Lexer::lexInvalid(char c, size_t start, bool space, bool nl) {
  auto invalid = [](char ch) {
    unsigned char u = static_cast<unsigned char>(ch);
    return u >= 0x80 || u < 0x20 || ch == '$' || ch == '&' || ch == ';' || ch == '\'' || ch == '\\' || ch == '`' ||
           ch == '~' || ch == 0x7f;
  };
  while (pos_ < src_.size() && invalid(src_[pos_]) && src_[pos_] != '\n' && src_[pos_] != '\t' && src_[pos_] != '\r')
    ++pos_;
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x80) return makeError("unexpected non-ASCII byte; only ASCII is allowed outside strings", start, space, nl);
  if (u == 0) return makeError("unexpected NUL byte", start, space, nl);
  if (u < 0x20 || u == 0x7f) return makeError("unexpected control character", start, space, nl);
  return makeError("unexpected character", start, space, nl);
}

// `{-# ... #-}`: MLIR's file metadata (dialect_resources, external_resources). Its content is not
// MLIR syntax (blobs, pass pipelines), so it is one token, kept verbatim.
Token Lexer::lexFileMetadata(size_t start, bool space, bool nl) {
  Token t = make(Tok::FileMetadata, start, space, nl);
  size_t end = src_.find("#-}", start + 3);
  if (end == std::string_view::npos) {
    t.kind = Tok::Error;
    t.error = "the '{-#' block (file metadata such as dialect_resources) is not closed; end it with '#-}'";
    end = src_.size();
  } else {
    end += 3;
  }
  for (; pos_ < end; ++pos_) {
    if (src_[pos_] != '\n') continue;
    ++line_;
    lineBegin_ = pos_ + 1;
  }
  // An error points at the `{-#` alone; a block's spelling is all of it.
  if (t.is(Tok::Error)) t.length = 3;
  else t.length = static_cast<uint32_t>(end - start);
  return t;
}

bool unescapeString(std::string_view s, std::string &out, size_t &badEscapeOffset) {
  out.clear();
  size_t end = s.size();
  if (end >= 2 && s.back() == '"') --end;
  for (size_t i = 1; i < end; ++i) {
    char c = s[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 1 >= end) {
      badEscapeOffset = i;
      return false;
    }
    char n = s[i + 1];
    if (n == 'n') out += '\n';
    else if (n == 't') out += '\t';
    else if (n == '\\') out += '\\';
    else if (n == '"') out += '"';
    else if (i + 2 < end && isHexDigit(n) && isHexDigit(s[i + 2])) {
      out += static_cast<char>(hexValue(n) * 16 + hexValue(s[i + 2]));
      ++i;
    } else {
      badEscapeOffset = i;
      return false;
    }
    ++i;
  }
  return true;
}

bool isNameChar(char c) { return isSuffixIdChar(c); }

}  // namespace tilesched
