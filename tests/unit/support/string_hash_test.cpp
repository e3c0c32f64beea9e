// support/StringHash.h: a StringMap finds a key by std::string, std::string_view or a literal,
// and its hash tells names apart that differ in one byte anywhere, in a word or in the tail.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "support/StringHash.h"

using namespace tilesched;

TEST_CASE("StringMap: found by string, string_view and literal", "[support]") {
  StringMap<int> map;
  map.emplace("nv_tileas.async.tiled_tma_load", 1);
  map.emplace("", 2);
  const std::string name = "nv_tileas.async.tiled_tma_load";
  CHECK(map.find(name)->second == 1);
  CHECK(map.find(std::string_view(name))->second == 1);
  CHECK(map.find("")->second == 2);
  CHECK(map.find(std::string_view(name).substr(0, 9)) == map.end());
  CHECK(map.count("nv_tileas.async.tiled_tma_loa") == 0);
}

TEST_CASE("StringHash: equal strings hash alike, one changed byte changes it", "[support]") {
  const StringHash hash;
  for (size_t n = 0; n <= 24; ++n) {
    const std::string s(n, 'a');
    CHECK(hash(s) == hash(std::string_view(s.data(), n)));
    std::set<size_t> seen{hash(s)};
    for (size_t i = 0; i < n; ++i) {
      std::string t = s;
      t[i] = 'b';
      seen.insert(hash(t));
    }
    seen.insert(hash(s + '\0'));
    INFO("length " << n);
    CHECK(seen.size() == n + 2);
  }
}
