#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ir/Lexer.h"

using namespace tilesched;

namespace {

std::vector<Token> lexAll(std::string_view src) {
  Lexer lx(src);
  std::vector<Token> out;
  for (Token t = lx.lex(); !t.is(Tok::Eof); t = lx.lex()) out.push_back(t);
  return out;
}

std::vector<Tok> kinds(std::string_view src) {
  std::vector<Tok> out;
  for (const Token &t : lexAll(src)) out.push_back(t.kind);
  return out;
}

}  // namespace

TEST_CASE("lexer: identifiers, prefixed names and punctuation", "[ir][lexer]") {
  CHECK(kinds("scf.for %iv = %lb to ^bb0 @f #map !desc") == std::vector<Tok>{Tok::BareId, Tok::PercentId, Tok::Equal,
                                                                             Tok::PercentId, Tok::BareId, Tok::CaretId,
                                                                             Tok::AtId, Tok::HashId, Tok::BangId});
  CHECK(kinds("( ) [ ] { } < > , : = -> ? * + - / | ...") ==
        std::vector<Tok>{Tok::LParen, Tok::RParen, Tok::LSquare, Tok::RSquare, Tok::LBrace, Tok::RBrace, Tok::Less,
                         Tok::Greater, Tok::Comma, Tok::Colon, Tok::Equal, Tok::Arrow, Tok::Question, Tok::Star,
                         Tok::Plus, Tok::Minus, Tok::Slash, Tok::Pipe, Tok::Ellipsis});
}

TEST_CASE("lexer: %r#1 keeps its result-number suffix, %r:2 does not", "[ir][lexer]") {
  std::string src = "%r#1 %r:2 %a-b.c$";
  Lexer lx(src);
  Token a = lx.lex();
  CHECK(lx.spelling(a) == "%r#1");
  Token b = lx.lex();
  CHECK(lx.spelling(b) == "%r");
  CHECK(lx.lex().is(Tok::Colon));
  CHECK(lx.lex().is(Tok::Integer));
  CHECK(lx.spelling(lx.lex()) == "%a-b.c$");
}

TEST_CASE("lexer: numbers", "[ir][lexer]") {
  CHECK(kinds("42 0x1F 1.5 2.0e-3 3. 128x64xf16") ==
        std::vector<Tok>{Tok::Integer, Tok::Integer, Tok::Float, Tok::Float, Tok::Float, Tok::Integer, Tok::BareId});
  std::string src = "2.0e-3 1.5e";
  Lexer lx(src);
  CHECK(lx.spelling(lx.lex()) == "2.0e-3");
  Token t = lx.lex();
  CHECK(lx.spelling(t) == "1.5");  // a dangling exponent is not part of the number
  CHECK(lx.lex().is(Tok::BareId));
}

TEST_CASE("lexer: positions, comments and spacing flags", "[ir][lexer]") {
  std::vector<Token> t = lexAll("a // comment\n  b(c)");
  REQUIRE(t.size() == 5);
  CHECK(t[0].line == 1);
  CHECK(t[0].col == 1);
  CHECK(t[0].lineStart);
  CHECK(t[1].line == 2);
  CHECK(t[1].col == 3);
  CHECK(t[1].lineStart);
  CHECK(t[1].spaceBefore);
  CHECK_FALSE(t[2].spaceBefore);
  CHECK_FALSE(t[2].lineStart);
  CHECK(t[4].end().col == 7);
}

TEST_CASE("lexer: strings and escapes", "[ir][lexer]") {
  std::string src = R"("a\"b\\c\n\41" "open)";
  Lexer lx(src);
  Token s = lx.lex();
  REQUIRE(s.is(Tok::String));
  CHECK_FALSE(s.unterminated);
  std::string value;
  size_t bad = 0;
  REQUIRE(unescapeString(lx.spelling(s), value, bad));
  CHECK(value == "a\"b\\c\nA");
  Token u = lx.lex();
  CHECK(u.is(Tok::String));
  CHECK(u.unterminated);
  CHECK(lx.lex().is(Tok::Eof));
  CHECK_FALSE(unescapeString(R"("bad\q")", value, bad));
  CHECK(bad == 4);
}

TEST_CASE("lexer: invalid bytes become one error token per run", "[ir][lexer]") {
  std::string src("a \xE2\x80\x9C\x00\x01 b $ c", 13);
  std::vector<Token> t = lexAll(src);
  REQUIRE(t.size() == 5);
  CHECK(t[1].is(Tok::Error));
  CHECK(std::string(t[1].error).find("non-ASCII") != std::string::npos);
  CHECK(t[1].length == 5);
  CHECK(t[2].is(Tok::BareId));
  CHECK(t[3].is(Tok::Error));
  CHECK(t[4].is(Tok::BareId));
  CHECK(kinds("% ^ @ # !")[0] == Tok::Error);
  CHECK(kinds(".")[0] == Tok::Error);
}

TEST_CASE("lexer: CR, LF and CRLF all end lines, a comment ends at any of them", "[ir][lexer]") {
  for (const char *nl : {"\n", "\r", "\r\n"}) {
    INFO("line end " << (nl[0] == '\r' ? (nl[1] ? "CRLF" : "CR") : "LF"));
    const std::string src = std::string("a // comment") + nl + "  b" + nl + nl + "\"s\" c";
    std::vector<Token> t = lexAll(src);
    REQUIRE(t.size() == 4);  // a, b, "s", c: the comment swallowed nothing
    CHECK(t[1].line == 2);
    CHECK(t[1].col == 3);
    CHECK(t[1].lineStart);
    CHECK(t[2].line == 4);
    CHECK(t[2].col == 1);
    CHECK(t[3].col == 5);
  }
  // A string stops at a bare CR as at a LF: unterminated, not running on to the next line.
  std::vector<Token> t = lexAll("\"abc\rd\"");
  REQUIRE(t.size() >= 2);
  CHECK(t[0].unterminated);
  CHECK(t[1].line == 2);
}

TEST_CASE("lexer: a UTF-8 byte order mark is skipped, columns count from after it", "[ir][lexer]") {
  std::vector<Token> t = lexAll("\xEF\xBB\xBF%x = a.b\n");
  REQUIRE(t.size() == 3);
  CHECK(t[0].kind == Tok::PercentId);
  CHECK(t[0].col == 1);
  CHECK(t[0].lineStart);
  // Only at the very start: elsewhere the bytes are the usual invalid non-ASCII run.
  CHECK(kinds("a \xEF\xBB\xBF") == std::vector<Tok>{Tok::BareId, Tok::Error});
}
