// Tokenizer for the SPEC §2 snippet language (MLIR's lexical syntax). The lexer never reports
// on its own: malformed input becomes an Error token carrying a message, so lookahead can re-lex
// freely and the parser reports each problem exactly once when it consumes the token.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "support/Diagnostics.h"

namespace tilesched {

enum class Tok : uint8_t {
  Eof,
  Error,      // invalid byte(s); `error` says why
  BareId,     // foo, scf.for, i32, x64xf16
  PercentId,  // %acc, %0, %r#1 (the `#N` use suffix is part of the token)
  CaretId,    // ^bb0
  AtId,       // @gemm, @"quoted"
  HashId,     // #map, #nv_tileas.layout
  BangId,     // !desc, !nv_tileas.tma_desc
  Integer,    // 42, 0x1F
  Float,      // 1.5, 2.0e-3
  String,     // "..." with escapes kept raw in the spelling
  LParen,
  RParen,
  LSquare,
  RSquare,
  LBrace,
  RBrace,
  Less,
  Greater,
  Comma,
  Colon,
  Equal,
  Arrow,
  Question,
  Star,
  Plus,
  Minus,
  Slash,
  Pipe,
  Ellipsis,
  FileMetadata,  // `{-# ... #-}` (dialect resources), the whole block as one token
};

struct Token {
  Tok kind = Tok::Eof;
  uint32_t offset = 0;
  uint32_t length = 0;
  int line = 1;
  int col = 1;
  bool spaceBefore = false;     // whitespace or a comment separates it from the previous token
  bool lineStart = false;       // a newline separates it from the previous token
  bool unterminated = false;    // String: no closing quote before the end of the line
  const char *error = nullptr;  // Error: what is wrong

  bool is(Tok k) const { return kind == k; }
  SourceLoc begin() const { return {line, col}; }
  SourceLoc end() const { return {line, col + static_cast<int>(length)}; }
  SourceRange range() const { return {begin(), end()}; }
};

const char *tokenDescription(Tok k);  // "'('", "identifier", ... for messages
// Whether `c` may continue an SSA, block or alias name after its sigil (MLIR's suffix-id: letters,
// digits and `_$.-`).
bool isNameChar(char c);

inline bool isOpenBracket(Tok k) { return k == Tok::LParen || k == Tok::LSquare || k == Tok::LBrace || k == Tok::Less; }
inline bool isCloseBracket(Tok k) {
  return k == Tok::RParen || k == Tok::RSquare || k == Tok::RBrace || k == Tok::Greater;
}
inline Tok closingBracket(Tok open) {
  switch (open) {
  case Tok::LParen: return Tok::RParen;
  case Tok::LSquare: return Tok::RSquare;
  case Tok::LBrace: return Tok::RBrace;
  default: return Tok::Greater;
  }
}

class Lexer {
public:
  // `firstLine`: the line number of `src`'s first line (a chunk of a split input keeps the
  // file's numbering).
  explicit Lexer(std::string_view src, int firstLine = 1) : src_(src), line_(firstLine) {}

  Token lex();
  std::string_view spelling(const Token &t) const { return src_.substr(t.offset, t.length); }
  std::string_view source() const { return src_; }

private:
  Token make(Tok k, size_t start, bool space, bool nl);
  Token makeError(const char *msg, size_t start, bool space, bool nl);
  void skipTrivia(bool &space, bool &nl);
  Token lexPrefixedId(char c, size_t start, bool space, bool nl);
  Token lexQuoted(Tok kind, size_t start, bool space, bool nl);
  Token lexNumber(char c, size_t start, bool space, bool nl);
  Token lexInvalid(char c, size_t start, bool space, bool nl);
  Token lexFileMetadata(size_t start, bool space, bool nl);
  void skipSuffixId();
  bool atSuffixIdStart() const;

  std::string_view src_;
  size_t pos_ = 0;
  size_t lineBegin_ = 0;
  int line_ = 1;
};

// Decodes a string token's spelling (including the quotes). Returns false on a bad escape and
// sets `badEscapeOffset` to its offset within the spelling.
bool unescapeString(std::string_view spelling, std::string &out, size_t &badEscapeOffset);

}  // namespace tilesched
