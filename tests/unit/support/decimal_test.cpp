// support/Decimal.h: parseDecimal against the C library's strtod (correctly rounded in glibc),
// which the cost formulas used before: the same double for every decimal, the same refusals.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "support/Decimal.h"

using namespace tilesched;

namespace {

// What the formula parser accepted through strtod: the whole text read, a finite value.
std::optional<double> viaStrtod(const std::string &text) {
  char *end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

void checkSame(const std::string &text) {
  INFO(text);
  const std::optional<double> got = parseDecimal(text), want = viaStrtod(text);
  REQUIRE(got.has_value() == want.has_value());
  if (got) REQUIRE(std::memcmp(&*got, &*want, sizeof(double)) == 0);
}

}  // namespace

TEST_CASE("parseDecimal reads what strtod read, and refuses what it refused") {
  for (const char *text : {"0", "00", "1", "12", "0.5", ".5", "5.", "007.250", "1024", "0.1", "0.3",
                           "123456789012345678901234567890", "9007199254740993", ".", "", "1.2.3", "..5"})
    checkSame(text);
  // Only digits and one '.': a formula's number ends before any other character.
  for (const char *text : {"1e5", "-1", "+1", " 1", "1 ", "0x10", "inf", "nan"}) CHECK_FALSE(parseDecimal(text));
}

TEST_CASE("parseDecimal rounds halfway cases to even, through subnormals and up to overflow") {
  // 2^53 + 1 and + 3: exactly between two doubles.
  checkSame("9007199254740993.0");
  checkSame("9007199254740995.000000000000000000000000000000000000000000000001");
  // The largest double, the first decimal past its rounding boundary, and 10^309.
  const std::string maxDouble =
      "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878"
      "171540458953514382919633544184064216016339451285163357617640398599003099218226216127633087920305655"
      "680327024614096813802768046416186437484811007587227853000006426829069082212212924400000000000000000"
      "00000";
  checkSame(maxDouble.substr(0, 309));
  checkSame(
      "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207"
      "096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764"
      "475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177"
      "90484");
  checkSame("1" + std::string(309, '0'));
  // The least subnormal 2^-1074 (4.94e-324), half of it (rounds to 0), a little more (rounds up).
  const std::string zeros323 = "0." + std::string(323, '0');
  checkSame(zeros323 + "4940656458412465441765687928682213723651");
  checkSame(zeros323 + "2470328229206232720882843964341106861825");
  checkSame(zeros323 + "2470328229206232720882843964341106861826");
  checkSame(zeros323 + "1");
  checkSame("0." + std::string(400, '0') + "1");
  // The least normal 2^-1022 and the halfway point just below it.
  checkSame("0." + std::string(307, '0') + "22250738585072011360574097967091319759348195463516456480234261");
  checkSame("0." + std::string(307, '0') + "2225073858507200889024586876085859887650423112240959465493524802562440");
  // Over 800 significant digits: the rest decides only through whether it is zero.
  checkSame("0.5" + std::string(900, '0') + "1");
  checkSame("9007199254740993" + std::string(850, '0') + "." + std::string(20, '0'));
  checkSame("9007199254740993" + std::string(290, '0') + "." + std::string(900, '0') + "1");
}

TEST_CASE("parseDecimal agrees with strtod on random decimals") {
  std::mt19937 rng(44);
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int length = int(rng() % (i % 10 == 0 ? 400 : 30)) + 1;
    const int dot = int(rng() % (length + 2)) - 1;  // -1 or past the end: no dot
    for (int k = 0; k < length; ++k) {
      if (k == dot) text.push_back('.');
      // Runs of 0 and 9 reach the rounding boundaries; the odd 5 a halfway point.
      const unsigned kind = rng() % 8;
      text.push_back(kind < 3 ? '0' : kind < 5 ? '9' : kind == 5 ? '5' : char('0' + rng() % 10));
    }
    checkSame(text);
    checkSame("0." + std::string(rng() % 330, '0') + text.substr(0, text.find('.')));
  }
}
