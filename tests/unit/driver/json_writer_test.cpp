// JsonWriter must print exactly what nlohmann's dump(2, ' ', false, replace) prints for the same
// tree (the SPEC §5.1 bytes did not change when the emitter stopped building the tree).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>

#include "driver/JsonWriter.h"

using namespace tilesched;
using Json = nlohmann::ordered_json;

namespace {

std::string dumped(const Json &j) { return j.dump(2, ' ', false, Json::error_handler_t::replace); }

// Strings over the interesting bytes: printable ASCII, quotes and backslashes, every control
// character, DEL, valid UTF-8 and stray continuation or lead bytes (invalid UTF-8).
std::string randomString(std::mt19937 &rng) {
  static const std::vector<std::string> pieces = {"a", "Z", " ",    "\"",   "\\",       "/",    "\x7f",        "é",
                                                  "€", "😀", "\x80", "\xc3", "\xe2\x82", "\xff", "\xf0\x9f\x98"};
  std::string s;
  const int n = std::uniform_int_distribution<int>(0, 12)(rng);
  for (int i = 0; i < n; ++i) {
    if (rng() % 3 == 0) s += static_cast<char>(rng() % 0x20);
    else s += pieces[rng() % pieces.size()];
  }
  return s;
}

// Writes a random value to both the writer and a tree.
Json writeRandom(JsonWriter &w, std::mt19937 &rng, int depth) {
  const int kind = std::uniform_int_distribution<int>(0, depth > 3 ? 3 : 5)(rng);
  switch (kind) {
  case 0: {
    const int64_t n = std::uniform_int_distribution<int64_t>(-3000000000LL, 3000000000LL)(rng);
    w.value(n);
    return n;
  }
  case 1: {
    const size_t n = rng() % 100000;
    w.value(n);
    return n;
  }
  case 2: {
    const bool b = rng() % 2;
    w.value(b);
    return b;
  }
  case 3: {
    const std::string s = randomString(rng);
    w.value(s);
    return s;
  }
  case 4: {
    Json a = Json::array();
    w.beginArray();
    for (int i = std::uniform_int_distribution<int>(0, 4)(rng); i > 0; --i) a.push_back(writeRandom(w, rng, depth + 1));
    w.endArray();
    return a;
  }
  default: {
    Json o = Json::object();
    w.beginObject();
    for (int i = std::uniform_int_distribution<int>(0, 4)(rng); i > 0; --i) {
      std::string key = randomString(rng) + std::to_string(i);  // distinct keys, as the emitter's
      w.key(key);
      o[key] = writeRandom(w, rng, depth + 1);
    }
    w.endObject();
    return o;
  }
  }
}

}  // namespace

TEST_CASE("JsonWriter prints nlohmann's dump(2) bytes for random documents", "[driver][json]") {
  std::mt19937 rng(20261121);
  for (int i = 0; i < 3000; ++i) {
    JsonWriter w;
    const Json tree = writeRandom(w, rng, 0);
    const std::string streamed = w.take();
    INFO("document " << i);
    REQUIRE(streamed == dumped(tree));
  }
}

TEST_CASE("JsonWriter: empty containers, members and vectors", "[driver][json]") {
  JsonWriter w;
  w.beginObject()
      .key("none")
      .beginArray()
      .endArray()
      .key("empty")
      .beginObject()
      .endObject()
      .member("n", 7)
      .member("s", "x\ty")
      .key("v")
      .array(std::vector<int>{1, 2})
      .endObject();
  CHECK(w.take() ==
        "{\n  \"none\": [],\n  \"empty\": {},\n  \"n\": 7,\n  \"s\": \"x\\ty\",\n  \"v\": [\n    1,\n    2\n  ]\n}");
}

// Indentation deeper than the writer gathers in one piece, and strings longer than a piece.
TEST_CASE("JsonWriter: deep nesting and long strings", "[driver][json]") {
  const std::string longPlain(300, 'a');
  const std::string longEscaped = std::string(200, 'b') + "\"\n" + std::string(100, 'c');
  JsonWriter w;
  Json tree = Json::array();
  Json *at = &tree;
  w.beginArray();
  for (int depth = 0; depth < 40; ++depth) {
    w.beginObject().member(longPlain, longEscaped).member("n", depth).key(longEscaped).beginArray();
    Json level = Json::object();
    level[longPlain] = longEscaped;
    level["n"] = depth;
    level[longEscaped] = Json::array();
    at->push_back(level);
    at = &at->back()[longEscaped];
  }
  w.value(longPlain);
  at->push_back(longPlain);
  for (int depth = 0; depth < 40; ++depth) w.endArray().endObject();
  w.endArray();
  CHECK(w.take() == dumped(tree));
}

// Strings and indentation around the size of the writer's buffer (512 bytes), after pieces that
// leave it part full: each is written whole, split or past the buffer.
TEST_CASE("JsonWriter: pieces at the buffer's size", "[driver][json]") {
  for (size_t lead : {0, 1, 7, 100, 505}) {
    JsonWriter w;
    Json tree = Json::array();
    w.beginArray().value(std::string(lead, 'x'));
    tree.push_back(std::string(lead, 'x'));
    for (size_t n : {500, 508, 509, 510, 511, 512, 513, 1000}) {
      w.value(std::string(n, 'p'));
      tree.push_back(std::string(n, 'p'));
      const std::string escaped = std::string(n - 1, 'e') + "\n";
      w.value(escaped);
      tree.push_back(escaped);
    }
    Json *at = &tree;
    for (int depth = 0; depth < 260; ++depth) {
      w.beginArray();
      at->push_back(Json::array());
      at = &at->back();
    }
    w.value(lead);
    at->push_back(lead);
    for (int depth = 0; depth < 260; ++depth) w.endArray();
    w.endArray();
    INFO("lead " << lead);
    CHECK(w.take() == dumped(tree));
  }
}
