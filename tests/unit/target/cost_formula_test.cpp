// CostFormula (docs/target-model.md, "Shape-aware costs"): the formulas of a model's shape_cost,
// parsed with the offset of the first error, evaluated against an op's shape.
#include <catch2/catch.hpp>

#include "target/CostFormula.h"

using namespace tilesched;

namespace {

CostFormula parsed(std::string_view text) {
  CostFormula::Error e;
  std::optional<CostFormula> f = CostFormula::parse(text, e);
  INFO(text << ": " << e.message);
  REQUIRE(f);
  return *f;
}

CostFormula::Error failure(std::string_view text) {
  CostFormula::Error e;
  CHECK_FALSE(CostFormula::parse(text, e));
  return e;
}

OpShape tile(double bytes) {
  OpShape s;
  s.bytes = bytes;
  return s;
}

}  // namespace

TEST_CASE("cost formula: arithmetic with precedence, parentheses, unary minus, max and min") {
  const OpShape none;
  CHECK(parsed("1 + 2 * 3").evaluate(none, 0) == 7);
  CHECK(parsed("(1 + 2) * 3").evaluate(none, 0) == 9);
  CHECK(parsed("10 - 4 - 3").evaluate(none, 0) == 3);  // left to right
  CHECK(parsed("8 / 4 / 2").evaluate(none, 0) == 1);
  CHECK(parsed("-2 + 5").evaluate(none, 0) == 3);
  CHECK(parsed("max(30, 6) + min(1, 2.5)").evaluate(none, 0) == 31);
  CHECK(parsed("  61.25 ").evaluate(none, 0) == 61.25);
  CHECK(parsed("bytes / 61.2").text() == "bytes / 61.2");
}

TEST_CASE("cost formula: the variables come from the op's shape and the machine's rate") {
  OpShape mma;
  mma.m = 128;
  mma.n = 256;
  mma.k = 64;
  mma.flops = 2.0 * 128 * 256 * 64;
  CHECK(parsed("flops / rate + 52").evaluate(mma, 4096) == 1024 + 52);
  CHECK(parsed("m * n * k").evaluate(mma, 0) == 128 * 256 * 64);
  CHECK(parsed("333.6 + bytes / 112.8").evaluate(tile(16384), 0) == Approx(333.6 + 16384 / 112.8));
  // An unknown variable, no rate for the type, or a division by zero: no value (the entry's own
  // latency and footprint stand).
  CHECK_FALSE(parsed("bytes / 30").evaluate(mma, 4096));
  CHECK_FALSE(parsed("flops / rate").evaluate(mma, 0));
  CHECK_FALSE(parsed("bytes / (bytes - 16384)").evaluate(tile(16384), 0));
}

TEST_CASE("cost formula: errors name the cause at their offset in the text") {
  struct Case {
    const char *text;
    size_t offset;
    const char *message;
  };
  const Case cases[] = {
      {"bytes / 61.2 +", 14, "the formula ends where a number, a name or '(' is expected"},
      {"flop / rate", 0, "unknown name 'flop' (expected bytes, m, n, k, flops, rate, max(a, b) or min(a, b))"},
      {"(bytes / 2", 10, "expected ')'"},
      {"1.2.3 + bytes", 0, "'1.2.3' is not a number"},
      {"bytes $ 2", 6, "unexpected '$'"},
      {"max(1 2)", 6, "expected ',' between the two arguments of max"},
      {"", 0, "the formula ends where a number, a name or '(' is expected"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    const CostFormula::Error e = failure(c.text);
    CHECK(e.offset == c.offset);
    CHECK(e.message == c.message);
  }
  CHECK(failure(std::string(40, '(') + "1" + std::string(40, ')')).message == "the formula nests more than 32 levels");
}
