// support/Json.h: the JSON reader (values, spans, strictness, located errors, limits, repeated
// keys) and appendJsonString, compared with nlohmann::json, which the core used before.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

#include "support/Json.h"

using namespace tilesched;
using Kind = JsonValue::Kind;
using Json = nlohmann::ordered_json;

namespace {

std::string spanText(std::string_view text, JsonSpan s) { return std::string(text.substr(s.begin, s.end - s.begin)); }

// "OFFSET message" of a text the reader must refuse.
std::string errorOf(std::string_view text) {
  const JsonDocument doc = readJson(text);
  CHECK_FALSE(doc.error.empty());
  return std::to_string(doc.errorAt) + " " + doc.error;
}

// The value of a text the reader must accept.
JsonValue valueOf(std::string_view text) {
  JsonDocument doc = readJson(text);
  INFO(doc.error);
  REQUIRE(doc.error.empty());
  return std::move(doc.root);
}

}  // namespace

TEST_CASE("json reader: every kind of value, with the spans of values and keys", "[support][json]") {
  const std::string text =
      " {\"n\": null, \"t\": true, \"f\": false, \"i\": -42, \"s\": \"a\\\"b\",\n"
      "  \"a\": [1, [], {}], \"o\": {\"k\": \"v\"}} ";
  const JsonDocument doc = readJson(text);
  INFO(doc.error);
  REQUIRE(doc.error.empty());
  const JsonValue &root = doc.root;
  REQUIRE(root.is(Kind::Object));
  REQUIRE(root.members.size() == 7);
  CHECK(spanText(text, root.span) == text.substr(1, text.size() - 2));
  CHECK(root.find("n")->is(Kind::Null));
  CHECK(root.find("t")->boolean);
  CHECK_FALSE(root.find("f")->boolean);
  CHECK(root.find("i")->integer == -42);
  CHECK(root.find("s")->text == "a\"b");
  CHECK(spanText(text, root.find("s")->span) == "\"a\\\"b\"");
  CHECK(spanText(text, root.members[4].keySpan) == "\"s\"");
  const JsonValue &a = *root.find("a");
  REQUIRE(a.items.size() == 3);
  CHECK(spanText(text, a.span) == "[1, [], {}]");
  CHECK(spanText(text, a.items[2].span) == "{}");
  CHECK(spanText(text, root.find("o")->members[0].value.span) == "\"v\"");
  CHECK(root.find("missing") == nullptr);
  CHECK(a.find("x") == nullptr);
  CHECK(root.dump() == R"({"n":null,"t":true,"f":false,"i":-42,"s":"a\"b","a":[1,[],{}],"o":{"k":"v"}})");
}

TEST_CASE("json reader: integers fit int64, fractions, exponents and larger numbers are kept as written",
          "[support][json]") {
  const JsonValue v = valueOf(
      "[0, -0, 9223372036854775807, -9223372036854775808, 9223372036854775808, "
      "2.5, 1e3, 1E400, -1.0e-2]");
  REQUIRE(v.items.size() == 9);
  for (int i = 0; i < 4; ++i) CHECK(v.items[size_t(i)].is(Kind::Integer));
  CHECK(v.items[1].integer == 0);
  CHECK(v.items[2].integer == INT64_MAX);
  CHECK(v.items[3].integer == INT64_MIN);
  for (size_t i = 4; i < 9; ++i) CHECK(v.items[i].is(Kind::Number));
  CHECK(v.items[4].text == "9223372036854775808");
  CHECK(v.dump() == "[0,0,9223372036854775807,-9223372036854775808,9223372036854775808,2.5,1e3,1E400,-1.0e-2]");
}

TEST_CASE("json reader: strings decode escapes, surrogate pairs and UTF-8", "[support][json]") {
  const JsonValue v = valueOf(R"(["\b\f\n\r\t\/\\", "\u00e9\u20AC\ud83d\ude00", "é€😀", "\u0000"])");
  CHECK(v.items[0].text == "\b\f\n\r\t/\\");
  CHECK(v.items[1].text == "é€😀");
  CHECK(v.items[2].text == "é€😀");
  CHECK(v.items[3].text == std::string(1, '\0'));
  CHECK(valueOf("\xEF\xBB\xBF \"after a byte order mark\"").text == "after a byte order mark");
}

TEST_CASE("json reader: syntax errors name their cause at the byte they are about", "[support][json]") {
  CHECK(errorOf("") == "0 invalid JSON: unexpected end of input; expected a value");
  CHECK(errorOf("[1,,2]") == "3 invalid JSON: unexpected ','; expected a value");
  CHECK(errorOf("{\"a\": 1") == "7 invalid JSON: unexpected end of input; expected ',' or '}'");
  CHECK(errorOf("[1 2]") == "3 invalid JSON: unexpected '2'; expected ',' or ']'");
  CHECK(errorOf("{\"a\" 1}") == "5 invalid JSON: unexpected '1'; expected ':' after the key");
  CHECK(errorOf("{a: 1}") == "1 invalid JSON: unexpected 'a'; expected a key in double quotes");
  CHECK(errorOf("{'a': 1}") ==
        "1 invalid JSON: unexpected \"'\" (JSON strings are in double quotes); "
        "expected a key in double quotes");
  CHECK(errorOf("[1, 2,]") == "5 invalid JSON: a comma before ']' (JSON has no trailing commas)");
  CHECK(errorOf("{\"a\": 1,}") == "7 invalid JSON: a comma before '}' (JSON has no trailing commas)");
  CHECK(errorOf("[1] // note") == "4 invalid JSON: unexpected '/' (JSON has no comments) after the JSON value");
  CHECK(errorOf("{} {}") == "3 invalid JSON: unexpected '{' after the JSON value");
  CHECK(errorOf("[tru]") == "1 invalid JSON: unexpected 'tru'; expected a value");
  CHECK(errorOf("[True]") == "1 invalid JSON: unexpected 'True'; expected a value");
  CHECK(errorOf("[NaN]") == "1 invalid JSON: unexpected 'NaN'; expected a value");
  CHECK(errorOf("[01]") == "1 invalid JSON: invalid number: a leading zero");
  CHECK(errorOf("[-]") == "2 invalid JSON: invalid number: expected a digit after '-'");
  CHECK(errorOf("[1.]") == "3 invalid JSON: invalid number: expected a digit after '.'");
  CHECK(errorOf("[1e+]") == "4 invalid JSON: invalid number: expected a digit in the exponent");
  CHECK(errorOf("[+1]") == "1 invalid JSON: unexpected '+'; expected a value");
  CHECK(errorOf("[\"abc") == "1 invalid JSON: unterminated string (no closing '\"' before the end of input)");
  CHECK(errorOf("[\"abc\n\"]") ==
        "1 invalid JSON: unterminated string (it reaches the end of its line; a line break in a string is \\n)");
  CHECK(errorOf("[\"a\tb\"]") == "3 invalid JSON: control character 0x09 in a string (escape it, e.g. \\t or \\u0009)");
  CHECK(errorOf("[\"a\\x\"]") ==
        "3 invalid JSON: invalid escape '\\x' in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
        "\\uXXXX)");
  CHECK(errorOf("[\"a\\\xc3\xa9\"]") ==
        "3 invalid JSON: invalid escape '\\' + byte 0xc3 in a string (expected one of \\\" "
        "\\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
  CHECK(errorOf("[\"a\\") == "4 invalid JSON: unexpected end of input in a string");
  CHECK(errorOf("[\"\\u12G4\"]") == "2 invalid JSON: invalid \\u escape: expected four hex digits");
  CHECK(errorOf("[\"\\udc00\"]") ==
        "2 invalid JSON: invalid \\u escape: a low surrogate (\\uDC00-\\uDFFF) without a high one before it");
  CHECK(errorOf("[\"\\ud800x\"]") ==
        "8 invalid JSON: invalid \\u escape: a high surrogate (\\uD800-\\uDBFF) must be followed by a low one");
  CHECK(errorOf("[\"\\ud800\\u0041\"]") ==
        "8 invalid JSON: invalid \\u escape: a high surrogate (\\uD800-\\uDBFF) must be followed by a low one");
  CHECK(errorOf("[\"a\xff\"]") == "3 invalid JSON: invalid UTF-8 in a string (byte 0xff)");
  CHECK(errorOf("[\"a\xe2\x82z\"]") == "5 invalid JSON: invalid UTF-8 in a string (byte 0x7a)");
  CHECK(errorOf("[\"\xed\xa0\x80\"]") == "3 invalid JSON: invalid UTF-8 in a string (byte 0xa0)");  // a surrogate
  CHECK(errorOf("[\"\xc0\xaf\"]") == "2 invalid JSON: invalid UTF-8 in a string (byte 0xc0)");      // overlong
  CHECK(errorOf("[\"\xe2\x82") == "1 invalid JSON: unterminated string (no closing '\"' before the end of input)");
  CHECK(errorOf(std::string("[\0]", 3)) == "1 invalid JSON: unexpected byte 0x00; expected a value");
  CHECK(errorOf("\xEF\xBB") == "0 invalid JSON: unexpected byte 0xef; expected a value");
}

TEST_CASE("json reader: nesting and member limits are checked while reading", "[support][json]") {
  const std::string deepest(kMaxJsonNesting, '[');
  CHECK(valueOf(deepest + std::string(kMaxJsonNesting, ']')).is(Kind::Array));
  CHECK(errorOf(" " + deepest + "{") == std::to_string(kMaxJsonNesting + 1) + " JSON nesting deeper than " +
                                            std::to_string(kMaxJsonNesting) + " levels");
  // 200 000 levels: refused at level 33, nothing recurses deeper.
  CHECK(errorOf(std::string(200000, '[')).find(" JSON nesting deeper") != std::string::npos);

  std::string most = "[0";
  for (size_t i = 1; i < kMaxJsonMembers; ++i) most += ",0";
  CHECK(valueOf(most + "]").items.size() == kMaxJsonMembers);
  CHECK(errorOf(most + ",0]") == std::to_string(most.size()) + " a JSON object or array with more than " +
                                     std::to_string(kMaxJsonMembers) + " members");
  std::string keys = "{";
  for (size_t i = 0; i <= kMaxJsonMembers; ++i) keys += (i ? ",\"" : "\"") + std::to_string(i % 7) + "\":0";
  const size_t comma = keys.rfind(',');  // before member 4097
  CHECK(errorOf(keys + "}").rfind(std::to_string(comma) + " a JSON object or array with more than", 0) == 0);
}

TEST_CASE("json reader: a repeated key is reported with both positions, the last value wins", "[support][json]") {
  const std::string text = R"({"a": 1, "b": {"x": 1, "x": [2]}, "a": "last"})";
  const JsonDocument doc = readJson(text);
  INFO(doc.error);
  REQUIRE(doc.error.empty());
  const JsonValue &root = doc.root;
  REQUIRE(doc.duplicates.size() == 2);
  CHECK(doc.duplicates[0].first.begin == text.find("\"x\""));
  CHECK(doc.duplicates[0].repeat.begin == text.rfind("\"x\""));
  CHECK(doc.duplicates[1].first.begin == 1);
  CHECK(doc.duplicates[1].repeat.begin == text.rfind("\"a\""));
  CHECK(spanText(text, doc.duplicates[1].repeat) == "\"a\"");
  REQUIRE(root.members.size() == 2);  // one member per key, at the first key's place
  CHECK(root.members[0].key == "a");
  CHECK(root.find("a")->text == "last");
  CHECK(spanText(text, root.find("a")->span) == "\"last\"");
  CHECK(root.dump() == R"({"a":"last","b":{"x":[2]}})");
}

namespace {

// A random document over the characters JSON is made of, then a few random edits: most results
// are broken somewhere, many are not.
std::string randomJsonText(std::mt19937 &rng, int depth = 0) {
  static const std::vector<std::string> scalars = {"0",
                                                   "-1",
                                                   "12",
                                                   "true",
                                                   "false",
                                                   "null",
                                                   "\"\"",
                                                   "\"a b\"",
                                                   "\"\\n\"",
                                                   "\"\\u00e9\"",
                                                   "\"é\"",
                                                   "\"\\\"\"",
                                                   "\"\\ud83d\\ude00\"",
                                                   "-0",
                                                   "4096",
                                                   "9223372036854775808"};
  const int kind = std::uniform_int_distribution<int>(0, depth > 4 ? 0 : 2)(rng);
  if (kind == 0) return scalars[rng() % scalars.size()];
  const bool object = kind == 2;
  std::string out = object ? "{" : "[";
  const int n = std::uniform_int_distribution<int>(0, 4)(rng);
  for (int i = 0; i < n; ++i) {
    if (i) out += rng() % 2 ? "," : ", ";
    if (object) out += "\"" + std::string(1, char('a' + rng() % 3)) + "\": ";
    out += randomJsonText(rng, depth + 1);
  }
  return out + (object ? "}" : "]");
}

void mutate(std::string &s, std::mt19937 &rng) {
  static const std::string alphabet = "{}[],:\"\\ \n0123456789-+.eEtrufalsn/u\x01\x7f\xc3\xa9\xff";
  const int edits = std::uniform_int_distribution<int>(0, 3)(rng);
  for (int e = 0; e < edits; ++e) {
    const size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
    const char c = alphabet[rng() % alphabet.size()];
    switch (rng() % 3) {
    case 0: s.insert(s.begin() + long(at), c); break;
    case 1:
      if (at < s.size()) s.erase(at, 1);
      break;
    default:
      if (at < s.size()) s[at] = c;
    }
  }
}

bool hasFloat(const Json &j) {
  if (!j.is_structured()) return j.is_number_float();
  for (const Json &child : j)
    if (hasFloat(child)) return true;
  return false;
}

// A number beyond double's range anywhere in the text (repeated keys may have dropped its value).
bool hasHugeNumber(const std::string &text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t end = text.find_first_not_of("-+.eE0123456789", i);
    const std::string token = text.substr(i, end - i);
    if (!token.empty() && !std::isfinite(std::strtod(token.c_str(), nullptr))) return true;
    i = std::max(i, end == std::string::npos ? text.size() : end);
  }
  return false;
}

}  // namespace

TEST_CASE("json reader: accepts exactly what nlohmann accepts, and reads the same values", "[support][json]") {
  std::mt19937 rng(20261123);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = randomJsonText(rng);
    mutate(text, rng);
    const JsonDocument doc = readJson(text);
    const Json theirs = Json::parse(text, nullptr, false);
    INFO(text);
    INFO(doc.error);
    if (theirs.is_discarded() && doc.error.empty()) {
      CHECK(hasHugeNumber(text));  // nlohmann refuses numbers beyond double's range
      continue;
    }
    REQUIRE(theirs.is_discarded() == !doc.error.empty());
    if (theirs.is_discarded()) {
      CHECK(doc.errorAt <= text.size());
      continue;
    }
    ++accepted;
    // Floats aside (nlohmann printed them reformatted, the reader as written), the same tree.
    if (!hasFloat(theirs)) CHECK(doc.root.dump() == theirs.dump());
  }
  CHECK(accepted > 2000);
}

namespace {

// Byte strings biased to where UTF-8 decoding has edges: controls, DEL, stray continuation bytes,
// lead bytes with too few or wrong continuations, overlong forms, surrogates, > U+10FFFF.
std::string randomBytes(std::mt19937 &rng) {
  static const std::vector<std::string> pieces = {"a",
                                                  "\"",
                                                  "\\",
                                                  "\x7f",
                                                  "\xc2\x80",
                                                  "\xdf\xbf",
                                                  "\xe0\xa0\x80",
                                                  "\xed\x9f\xbf",
                                                  "\xed\xa0\x80",
                                                  "\xef\xbf\xbf",
                                                  "\xf0\x90\x80\x80",
                                                  "\xf4\x8f\xbf\xbf",
                                                  "\xf4\x90\x80\x80",
                                                  "\xe0\x80",
                                                  "\xc0\xaf",
                                                  "\xf0\x80\x80\xaf",
                                                  "\xc3",
                                                  "\xe2\x82",
                                                  "\xf0\x9f\x98"};
  std::string s;
  const int n = std::uniform_int_distribution<int>(0, 16)(rng);
  for (int i = 0; i < n; ++i) {
    switch (rng() % 4) {
    case 0: s += static_cast<char>(rng() % 0x20); break;
    case 1: s += static_cast<char>(0x80 + rng() % 0x80); break;
    case 2: s += static_cast<char>(rng() % 0x100); break;
    default: s += pieces[rng() % pieces.size()];
    }
  }
  return s;
}

}  // namespace

TEST_CASE("json string quoting prints nlohmann's dump(replace) bytes for random byte strings", "[support][json]") {
  std::mt19937 rng(20261123);
  for (int i = 0; i < 50000; ++i) {
    const std::string s = randomBytes(rng);
    std::string ours;
    appendJsonString(ours, s);
    INFO(i);
    REQUIRE(ours == Json(s).dump(-1, ' ', false, Json::error_handler_t::replace));
  }
  // Every single byte and every two-byte string.
  for (int a = 0; a < 256; ++a) {
    for (int b = -1; b < 256; ++b) {
      std::string s(1, static_cast<char>(a));
      if (b >= 0) s += static_cast<char>(b);
      std::string ours;
      appendJsonString(ours, s);
      REQUIRE(ours == Json(s).dump(-1, ' ', false, Json::error_handler_t::replace));
    }
  }
}
