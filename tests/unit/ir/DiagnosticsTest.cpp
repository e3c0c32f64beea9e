// Every parser diagnostic: located (1-based line/col), actionable, and exactly one per mistake.
#include <catch2/catch.hpp>

#include "IRTestUtil.h"

using namespace tilesched;
using namespace tilesched::irtest;

namespace {

struct Case {
  const char *src;
  int line, col;
  const char *message;  // exact text
};

void checkSingleError(const Case &c) {
  auto r = parse(c.src);
  INFO("input:\n" << c.src << "\ndiagnostics:\n" << r->text());
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].message == c.message);
  CHECK(e[0].range.begin.line == c.line);
  CHECK(e[0].range.begin.col == c.col);
  CHECK(e[0].range.end.line >= e[0].range.begin.line);
  CHECK((e[0].range.end.line > e[0].range.begin.line || e[0].range.end.col > e[0].range.begin.col));
}

}  // namespace

TEST_CASE("diagnostics: control characters reach the terminal escaped", "[ir][diag]") {
  // ESC sequences (clear screen, colours), BEL, C1 controls and bytes that are not UTF-8.
  CHECK(terminalSafe("a\x1b[2J\x07"
                     "b") == "a\\x1b[2J\\x07b");
  CHECK(terminalSafe("x\ny\r\tz") == "x\\ny\\r\\tz");
  CHECK(terminalSafe("x\ny", /*keepNewlines=*/true) == "x\ny");
  CHECK(terminalSafe("\xC2\x9B"
                     "31m") == "\\u009b31m");                // U+009B, the 8-bit CSI
  CHECK(terminalSafe("\x9B\xFF\xC3") == "\\x9b\\xff\\xc3");  // not UTF-8
  CHECK(terminalSafe("caf\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x99\x82") == "caf\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x99\x82");
  CHECK(terminalSafe("\xED\xA0\x80") == "\\xed\\xa0\\x80");  // a surrogate
  Diagnostic d{Severity::Error, SourceRange::at({2, 3}), "unknown slot 's\x1b[31m'", "", {}};
  CHECK(formatDiagnostic("in\x07.mlir", d) == "in\\x07.mlir:2:3: error: unknown slot 's\\x1b[31m'");
}

TEST_CASE("diagnostics: lexical errors", "[ir][diag]") {
  const Case cases[] = {
      {"%a = t.x %b \xE2\x80\x9C : i32\n", 1, 13, "unexpected non-ASCII byte; only ASCII is allowed outside strings"},
      {"%a = t.x \x01 : i32\n", 1, 10, "unexpected control character"},
      {"%a = t.x $ : i32\n", 1, 10, "unexpected character"},
      {"%a = t.x . : i32\n", 1, 10, "unexpected '.'; expected an identifier or a number"},
      {"% = t.x\n", 1, 1, "expected an SSA value name after '%'"},
      {"\"t.x\"() : () -> ()\n^ \n", 2, 1, "expected a block name after '^'"},
      {"\"t.x\"() {a = #} : () -> ()\n", 1, 14, "expected an attribute alias name after '#'"},
      {"\"t.x\"() {a = !} : () -> ()\n", 1, 14, "expected a type name after '!'"},
      {"\"t.x\"() {a = @} : () -> ()\n", 1, 14, "expected a symbol name after '@'"},
      {"\"t.x\"() {a = \"open} : () -> ()\n", 1, 14, "unterminated string; add the closing '\"' on the same line"},
  };
  for (const Case &c : cases) checkSingleError(c);

  auto r = parse(std::string("%a = t.x\0 : i32\n", 16));
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].message == "unexpected NUL byte");
  CHECK(e[0].range.begin.col == 9);
}

TEST_CASE("diagnostics: operation syntax", "[ir][diag]") {
  const Case cases[] = {
      {"%a = \"t.x\"(%b : (i32) -> i32\n", 1, 15,
       "expected ')' to close the operand list of 't.x' opened at 1:11, found ':'"},
      {"%a = \"t.x\" : () -> i32\n", 1, 12, "expected '(' to start the operand list of 't.x', found ':'"},
      {"\"t.x\"()\n", 2, 1, "expected ':' and the function type of 't.x', e.g. ': (i32) -> i32', found end of input"},
      {"\"t.x\"() : (i32\n", 2, 1, "expected ',' or ')' in the input types opened at 1:11, found end of input"},
      {"\"t.x\"() : () i32\n", 1, 14, "expected '->' and the result types of the function type, found 'i32'"},
      {"\"t.x\"() : () -> (i32 f32)\n", 1, 22, "expected ',' or ')' in the result types opened at 1:17, found 'f32'"},
      {"\"t.x\"(%a) : () -> ()\n", 1, 13, "'t.x' has 1 operand(s) but its function type lists 0 input type(s)"},
      {"%a, %b = \"t.x\"() : () -> i32\n", 1, 1, "'t.x' produces 1 result(s) but 2 name(s) are given before '='"},
      {"\"t.x\"()[^bb1 : () -> ()\n", 2, 1, "expected ']' to close the '[' opened at 1:8, found end of input"},
      {"\"t.x\"() <{a = 1}}> : () -> ()\n", 1, 17,
       "expected '>' to close the properties of 't.x' opened at 1:9, found '}'"},
      {"\"t.x\"() <a> : () -> ()\n", 1, 10,
       "expected '{' to start the properties of 't.x' (written '<{...}>'), found 'a'"},
      {"\"\"() : () -> ()\n", 1, 1, "operation name must not be empty"},
      {"%a 5\n", 1, 4, "expected '=' after the result names, found '5'"},
      {"%a#1 = t.x\n", 1, 1, "result names cannot carry a '#N' suffix; write '%r:N = ...' to define N results"},
      {"%a:0 = t.x\n", 1, 4, "the number of results must be between 1 and 65536"},
      {"%a: = t.x\n", 1, 5, "expected the number of results after ':', found '='"},
      {"%a = 5\n", 1, 6, "expected an operation, found '5'"},
      {"frobnicate %x\n", 1, 1,
       "unknown operation 'frobnicate'; custom-form operation names are written 'dialect.op' (or quote the name to "
       "use the generic form); the prefix may only be left out inside an op that sets a default dialect, such as "
       "cuda_tile.module"},
      {"%a = scf.yield\n", 1, 1, "'scf.yield' produces no results; remove the names before '='"},
      {"%a, %b = arith.constant 1 : i32\n", 1, 1, "'arith.constant' produces exactly one result"},
      {"t.x %a : \n", 1, 8, "expected a type after ':' in 't.x'"},
      {"t.x %a[%b\n%c = t.y\n", 2, 1,
       "expected ']' to close the '[' in the operands of 't.x' opened at 1:7, found '%c'"},
      {"scf.yield %a : i32, i32\n", 1, 16, "'scf.yield' has 1 operand(s) but 2 type(s) after ':'"},
  };
  for (const Case &c : cases) checkSingleError(c);
}

TEST_CASE("diagnostics: structural forms", "[ir][diag]") {
  const Case cases[] = {
      {"module attributes {a} x {\n}\n", 1, 23, "expected '{' to start the body of 'module', found 'x'"},
      {"module attributes x\n", 1, 19, "expected '{' to start the dictionary after 'attributes', found 'x'"},
      {"func.func f() {\n}\n", 1, 11, "expected the function name, e.g. '@kernel', found 'f'"},
      {"func.func @f {\n}\n", 1, 14, "expected '(' to start the arguments of '@f', found '{'"},
      {"func.func @f(%a i32) {\n}\n", 1, 17, "expected ':' and the type of argument '%a', found 'i32'"},
      {"func.func @f(%a: i32 {\n}\n", 3, 1,
       "expected ')' to close the arguments of '@f' opened at 1:13, found end of input"},
      {"func.func @f(%a: i32, f32)\n", 1, 23,
       "all arguments of '@f' must be named ('%x: type') or none (a declaration)"},
      {"func.func @f(i32) {\n}\n", 1, 14, "'@f' has a body, so its arguments need names ('%x: type')"},
      {"func.func @f(%a: i32) {\n^bb0:\n}\n", 2, 1,
       "the entry block of 'func.func' takes its arguments from the operation; remove the label '^bb0'"},
      {"scf.for %i = %a to %b %s {\n}\n", 1, 23, "expected 'step' after the upper bound of 'scf.for', found '%s'"},
      {"scf.for %i = %a %b step %s {\n}\n", 1, 17, "expected 'to' between the bounds of 'scf.for', found '%b'"},
      {"scf.for %i %a to %b step %s {\n}\n", 1, 12,
       "expected '=' after the induction variable of 'scf.for', found '%a'"},
      {"scf.for = %a to %b step %s {\n}\n", 1, 9, "expected the induction variable of 'scf.for', e.g. '%i', found '='"},
      {"scf.for %i = %a to %b step %s iter_args(%x = %y {\n}\n", 1, 49,
       "expected ')' to close the iter_args of 'scf.for' opened at 1:40, found '{'"},
      {"scf.for %i = %a to %b step %s iter_args(%x %y) -> (i32) {\n}\n", 1, 44,
       "expected '=' and the initial value of '%x', found '%y'"},
      {"scf.for %i = %a to %b step %s iter_args(%x = %y) {\n}\n", 1, 50,
       "expected '->' and the types of the 1 iter_args of 'scf.for', found '{'"},
      {"scf.for %i = %a to %b step %s iter_args(%x = %y) -> (i32, f32) {\n}\n", 1, 50,
       "'scf.for' has 1 iter_args but 2 result type(s)"},
      {"scf.for %i = %a to %b step %s\n%c = t.x\n", 2, 1, "expected '{' to start the body of 'scf.for', found '%c'"},
      {"%r = scf.for %i = %a to %b step %s {\n}\n", 1, 1,
       "'scf.for' produces 0 result(s) but 1 name(s) are given before '='"},
      {"\"t.r\"() ({\n^bb0(%x i32):\n}) : () -> ()\n", 2, 9,
       "expected ':' and the type of block argument '%x', found 'i32'"},
      {"\"t.r\"() ({\n^bb0\n}) : () -> ()\n", 3, 1, "expected ':' after block label '^bb0', found '}'"},
      {"\"t.r\"() ({\n^bb0:\n^bb0:\n}) : () -> ()\n", 3, 1, "redefinition of block '^bb0' (first defined at 2:1)"},
      {"\"t.r\"() ({\n^bb0(%a#1: i32):\n}) : () -> ()\n", 2, 6, "block argument names cannot carry a '#N' suffix"},
      {"}\n", 1, 1, "unexpected '}' with no matching '{'"},
      {"^bb0:\n", 1, 1, "block labels are only allowed inside a region"},
      {"#a =\n", 1, 5, "expected a value after '=' in an alias definition"},
      {"module {\n  %a = t.x\n", 3, 1,
       "expected '}' to close the region of 'module' opened at 1:8, found end of input"},
      // fuzz_pipeline: the block kept only its last terminator, and the earlier one moved ahead.
      {"scf.for %i = %a to %b step %s {\n  scf.yield\n  %c = t.x\n}\n", 2, 3,
       "'scf.yield' must be the last operation in its block"},
      {"func.func @f() {\n  return\n  return\n}\n", 2, 3, "'return' must be the last operation in its block"},
      {"\"t.r\"() ({\n^bb0:\n  \"func.return\"() : () -> ()\n  %c = t.x\n}) : () -> ()\n", 3, 3,
       "'func.return' must be the last operation in its block"},
  };
  for (const Case &c : cases) checkSingleError(c);
}

TEST_CASE("diagnostics: attributes and types", "[ir][diag]") {
  const Case cases[] = {
      {"\"t.x\"() {a = [1 2]} : () -> ()\n", 1, 17, "expected ',' or ']' in the array opened at 1:14, found '2'"},
      {"\"t.x\"() {a = 1 b = 2} : () -> ()\n", 1, 16,
       "expected ',' or '}' in the attribute dictionary opened at 1:9, found 'b'"},
      {"\"t.x\"() {a = 1, a = 2} : () -> ()\n", 1, 17,
       "duplicate attribute 'a' (first given at 1:10); remove one of them"},
      {"\"t.x\"() {= 1} : () -> ()\n", 1, 10, "expected an attribute name, found '='"},
      {"\"t.x\"() {a = } : () -> ()\n", 1, 14, "expected an attribute value, found '}'"},
      {"\"t.x\"() {a = 99999999999999999999} : () -> ()\n", 1, 14,
       "integer literal '99999999999999999999' does not fit in 64 bits"},
      {"\"t.x\"() {a = -9223372036854775809} : () -> ()\n", 1, 14,
       "integer literal '-9223372036854775809' does not fit in 64 bits"},
      {"\"t.x\"() {a = 0x10000000000000000} : () -> ()\n", 1, 14,
       "integer literal '0x10000000000000000' does not fit in 64 bits"},
      {"\"t.x\"() {a = - x} : () -> ()\n", 1, 16, "expected a number after '-', found 'x'"},
      {"\"t.x\"() {a = \"b\\q\"} : () -> ()\n", 1, 16,
       "invalid escape in string; use \\n, \\t, \\\\, \\\" or two hex digits"},
      {"\"t.x\"() {a = array<i32: x>} : () -> ()\n", 1, 25, "expected a number in 'array<i32: ...>', found 'x'"},
      {"\"t.x\"() {a = array<i32: 1} : () -> ()\n", 1, 26, "expected '>' to close 'array<' opened at 1:19, found '}'"},
      {"\"t.x\"() {a = 1 : } : () -> ()\n", 1, 18, "expected a type, found '}'"},
      {"\"t.x\"() : () -> tensor<4x(f32>\n", 1, 30, "expected ')' to close the '(' opened at 1:26, found '>'"},
      {"\"t.x\"() : () -> tensor<4xf32\n%b = t.y\n", 2, 1, "expected '>' to close the '<' opened at 1:23, found '%b'"},
      {"%a = t.x : tensor<4xf32\n", 2, 1, "expected '>' to close the '<' opened at 1:18, found end of input"},
      {"\"t.x\"() {\"a\\q\" = 1} : () -> ()\n", 1, 10, "invalid attribute name string"},
  };
  for (const Case &c : cases) checkSingleError(c);
}

TEST_CASE("diagnostics: a duplicate in a large dictionary is still found, at its place", "[ir][diag]") {
  // Past 16 entries the names are kept in a hash index (200 000 unit attributes took 25 s).
  std::string dict;
  for (int i = 0; i < 40; ++i) dict += "a" + std::to_string(i) + ", ";
  const std::string src = "\"t.x\"() {" + dict + "a7 = 1} : () -> ()\n";
  const std::string message =
      "duplicate attribute 'a7' (first given at 1:" + std::to_string(10 + (int)dict.find("a7")) +
      "); remove one of them";
  checkSingleError({src.c_str(), 1, 10 + (int)dict.size(), message.c_str()});
}

TEST_CASE("diagnostics: the same located error whatever the line ends", "[ir][diag]") {
  // A CR-only file once read as one line: its first `//` comment swallowed the rest and the
  // mistake on line 3 went unreported ("nothing to schedule").
  for (const char *nl : {"\r", "\r\n"}) {
    std::string src =
        std::string("// a comment") + nl + "\"t.x\"() : () -> ()" + nl + "\"t.y\"() {a = [1 2]} : () -> ()" + nl;
    checkSingleError({src.c_str(), 3, 17, "expected ',' or ']' in the array opened at 3:14, found '2'"});
  }
}

TEST_CASE("diagnostics: SSA names", "[ir][diag]") {
  const Case cases[] = {
      {"%a = t.x\n%a = t.y\n", 2, 1, "redefinition of '%a' (first defined at 1:1); give this value a different name"},
      {"%r:2 = t.x\nt.y %r#2\n", 2, 5,
       "'%r#2' refers to a result that does not exist: '%r' has 2 result(s), numbered from #0"},
      {"t.y %v\n%v = t.x\n", 1, 5,
       "'%v' is used here before its definition at 2:1; SSA values must be defined before they are used"},
      {"%x = t.x\n\"t.r\"() ({\n  %x = t.y\n}) : () -> ()\n", 3, 3,
       "redefinition of '%x' (first defined at 1:1); give this value a different name"},
  };
  for (const Case &c : cases) checkSingleError(c);
}

TEST_CASE("diagnostics: undefined values warn once, at the first use", "[ir][diag]") {
  auto r = parse("t.a %u\nt.b %u, %w\n");
  CHECK(r->errors().empty());
  auto w = r->warnings();
  REQUIRE(w.size() == 2);
  CHECK(w[0].message == "use of undefined value '%u'; treated as a value from outside the snippet");
  CHECK(w[0].range.begin.line == 1);
  CHECK(w[0].range.begin.col == 5);
  CHECK(w[0].range.end.col == 7);
  CHECK(w[1].range.begin.line == 2);
  CHECK(w[1].range.begin.col == 9);
}

// An op whose own syntax writes a dictionary before its attr-dict (triton_gen.bdpas): the second
// is kept as written, with a warning at it, and printed back in place.
TEST_CASE("diagnostics: a second attribute dictionary warns and is kept", "[ir][diag]") {
  auto r = parse("t.x %a {k = 1} {operandSegmentSizes = array<i32: 1>} : i32\n");
  CHECK(r->errors().empty());
  auto w = r->warnings();
  REQUIRE(w.size() == 2);  // the undefined %a, then the dictionary
  CHECK(w[1].message ==
        "'t.x' has a second attribute dictionary; it is kept as written and its attributes are not "
        "read (only the first dictionary's are)");
  CHECK(w[1].range.begin.col == 16);
  CHECK(printModule(*r->module) == "t.x %a {k = 1} {operandSegmentSizes = array<i32: 1>} : i32\n");
}

TEST_CASE("recovery: one message per mistake, the rest still parses", "[ir][diag][recovery]") {
  auto r = parse(R"(module {
  func.func @f(%a: i32) {
    %x = "t.a"(%a, %a : (i32, i32) -> i32
    %y = "t.b"(%a) {k = [1 2]} : (i32) -> i32
    %z = t.c %a {a = 1, a = 2} : i32
    scf.for %i = %a to %a %a {
      t.inner %i
    }
    %w = t.d %a : i32
    %q = arith.constant 99999999999999999999 : i32
    %v = frob %a
    t.e %w, %x, %y
    return
  }
  func.func @g() {
    t.after
  }
}
)");
  auto e = r->errors();
  INFO(r->text());
  REQUIRE(e.size() == 6);
  int lines[] = {3, 4, 5, 6, 10, 11};
  for (int i = 0; i < 6; ++i) CHECK(e[i].range.begin.line == lines[i]);
  // The failed ops' names stay bound: no "undefined value" noise for %x / %y.
  CHECK(r->warnings().empty());
  Module &m = *r->module;
  CHECK(findOp(m, "t.c"));
  CHECK_FALSE(findOp(m, "t.inner"));  // the body of the failed scf.for is skipped whole
  CHECK(findOp(m, "t.d"));
  Operation *use = findOp(m, "t.e");
  REQUIRE(use);
  CHECK(use->operands[0] == findOp(m, "t.d")->results[0]);
  CHECK(findOp(m, "return"));
  CHECK(findOp(m, "t.after"));
  CHECK(findOp(m, "func.func", 1)->symbol == "@g");
}

TEST_CASE("recovery: an error inside a one-line region stops at its '}'", "[ir][diag][recovery]") {
  auto r = parse("\"t.r\"() ({ %a = t.x %b { = } }) : () -> ()\n%c = t.y\n");
  INFO(r->text());
  CHECK(r->errors().size() == 1);
}

TEST_CASE("recovery: a missing '}' is one message", "[ir][diag][recovery]") {
  auto r = parse(R"(module {
  func.func @f() {
    scf.for %i = %a to %b step %c {
      t.x %i
  }
}
)");
  auto e = r->errors();
  REQUIRE(e.size() == 1);
  CHECK(e[0].message == "expected '}' to close the region of 'module' opened at 1:8, found end of input");
}

TEST_CASE("recovery: errors are capped", "[ir][diag][recovery]") {
  std::string src;
  for (int i = 0; i < 200; ++i) src += "%a" + std::to_string(i) + " = 5\n";
  auto r = parse(src);
  auto e = r->errors();
  REQUIRE(e.size() == 51);
  CHECK(e.back().message == "too many errors (50); the rest of the input is ignored");
}

TEST_CASE("diagnostics: separate bad bytes at the very start are separate mistakes", "[ir][diag]") {
  auto r = parse("$ x.y\n$ x.z\n");
  auto e = r->errors();
  REQUIRE(e.size() == 2);
  CHECK(e[0].range.begin.line == 1);
  CHECK(e[1].range.begin.line == 2);
  CHECK(r->module->operations.size() == 2);
}
